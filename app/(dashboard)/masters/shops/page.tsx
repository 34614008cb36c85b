import { masterGridPage } from "../master-page";
import { ShopsScreen } from "@/components/masters/system-grids";

const page = masterGridPage("shops", ShopsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
