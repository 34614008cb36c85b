import { gridPage } from "../grid-page";
import { OrderRowsScreen } from "@/components/orders/order-rows-grid";

// Order rows: goods, quantities and allocation of every slip.
const page = gridPage("order-rows", OrderRowsScreen, { title: "orderRows.title", description: "orderRows.description" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
