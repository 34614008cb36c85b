import { gridPage } from "../grid-page";
import { StockScreen } from "@/components/stock/stock-grid";
import { StockTabs } from "@/components/stock/stock-tabs";

// Stock per goods; the tabs lead to stock per warehouse (/stock/warehouses).
const page = gridPage("stock", StockScreen, { title: "stock.title", description: "stock.description", actions: <StockTabs current="goods" /> });
export const generateMetadata = page.generateMetadata;
export default page.Page;
