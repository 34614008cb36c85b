import { PurchasingGrid } from "@/components/masters/purchasing-grids";
import { masterGridPage } from "../master-page";

const page = masterGridPage("supply-orders", PurchasingGrid);
export const generateMetadata = page.generateMetadata;
export default page.Page;
