import { SystemGrid } from "@/components/masters/system-grids";
import { masterGridPage } from "../master-page";

const page = masterGridPage("malls", SystemGrid);
export const generateMetadata = page.generateMetadata;
export default page.Page;
