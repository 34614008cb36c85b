import { PurchasingGrid } from "@/components/masters/purchasing-grids";
import { masterGridPage } from "../master-page";

const page = masterGridPage("place-order-rows", PurchasingGrid);
export const generateMetadata = page.generateMetadata;
export default page.Page;
