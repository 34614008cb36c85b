import { gridPage } from "../grid-page";
import { OrdersScreen } from "@/components/orders/orders-grid";
import { areaMetadata } from "@/components/shell/area-metadata";

// Order slips.
const page = gridPage("orders", OrdersScreen, { title: "areas.orders.title", description: "areas.orders.description" });
export const generateMetadata = () => areaMetadata("orders");
export default page.Page;
