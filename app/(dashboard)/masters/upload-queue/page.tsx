import { masterGridPage } from "../master-page";
import { UploadQueueScreen } from "@/components/masters/system-grids";

const page = masterGridPage("upload-queue", UploadQueueScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
