import { masterGridPage } from "../master-page";
import { WarehousesScreen } from "@/components/masters/system-grids";

const page = masterGridPage("warehouses", WarehousesScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
