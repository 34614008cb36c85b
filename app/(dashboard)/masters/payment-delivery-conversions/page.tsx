import { OrderSettingGrid } from "@/components/masters/order-setting-grids";
import { masterGridPage } from "../master-page";

const page = masterGridPage("payment-delivery-conversions", OrderSettingGrid);
export const generateMetadata = page.generateMetadata;
export default page.Page;
