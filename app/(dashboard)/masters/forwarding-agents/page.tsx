import { masterGridPage } from "../master-page";
import { ForwardingAgentsScreen } from "@/components/masters/order-setting-grids";

const page = masterGridPage("forwarding-agents", ForwardingAgentsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
