import { masterGridPage } from "../master-page";
import { SupplyOrdersScreen } from "@/components/masters/purchasing-grids";

const page = masterGridPage("supply-orders", SupplyOrdersScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
