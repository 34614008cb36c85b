import { gridPage } from "../../grid-page";
import { StockTabs } from "@/components/stock/stock-tabs";
import { WarehouseStockScreen } from "@/components/stock/warehouse-stock-grid";

// Stock per warehouse and goods; the tabs lead back to stock per goods (/stock).
const page = gridPage("warehouse-stock", WarehouseStockScreen, {
  title: "stock.warehouses.title",
  description: "stock.description",
  heading: "stock.title",
  actions: <StockTabs current="warehouses" />,
});
export const generateMetadata = page.generateMetadata;
export default page.Page;
