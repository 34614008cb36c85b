import { gridPage } from "../grid-page";
import { GoodsScreen } from "@/components/goods/goods-grid";

// The goods master: codes, names, classes, prices, stock and suppliers.
const page = gridPage("goods", GoodsScreen, { title: "goods.title", description: "goods.description" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
