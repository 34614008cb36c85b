import { masterGridPage } from "../master-page";
import { SetGoodsScreen } from "@/components/masters/catalog-grids";

const page = masterGridPage("set-goods", SetGoodsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
