import { SystemGrid } from "@/components/masters/system-grids";
import { masterGridPage } from "../master-page";

const page = masterGridPage("shops", SystemGrid);
export const generateMetadata = page.generateMetadata;
export default page.Page;
