import { masterGridPage } from "../master-page";
import { WholesaleScreen } from "@/components/masters/system-grids";

const page = masterGridPage("wholesale", WholesaleScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
