import { masterGridPage } from "../master-page";
import { GoodsTagsScreen } from "@/components/masters/catalog-grids";

const page = masterGridPage("goods-tags", GoodsTagsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
