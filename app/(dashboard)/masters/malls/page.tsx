import { masterGridPage } from "../master-page";
import { MallsScreen } from "@/components/masters/system-grids";

const page = masterGridPage("malls", MallsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
