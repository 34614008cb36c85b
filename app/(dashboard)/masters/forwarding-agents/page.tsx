import { OrderSettingGrid } from "@/components/masters/order-setting-grids";
import { masterGridPage } from "../master-page";

const page = masterGridPage("forwarding-agents", OrderSettingGrid);
export const generateMetadata = page.generateMetadata;
export default page.Page;
