import { masterGridPage } from "../master-page";
import { PlaceOrderRowsScreen } from "@/components/masters/purchasing-grids";

const page = masterGridPage("place-order-rows", PlaceOrderRowsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
