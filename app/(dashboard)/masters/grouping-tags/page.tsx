import { masterGridPage } from "../master-page";
import { GroupingTagsScreen } from "@/components/masters/order-setting-grids";

const page = masterGridPage("grouping-tags", GroupingTagsScreen);
export const generateMetadata = page.generateMetadata;
export default page.Page;
