import { masterGridPage } from "../master-page";
import { PaymentDeliveryConversionsScreen } from "@/components/masters/order-setting-grids";

const page = masterGridPage("payment-delivery-conversions", PaymentDeliveryConversionsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
