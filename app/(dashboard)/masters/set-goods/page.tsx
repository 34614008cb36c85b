import { CatalogGrid } from "@/components/masters/catalog-grids";
import { masterGridPage } from "../master-page";

const page = masterGridPage("set-goods", CatalogGrid);
export const generateMetadata = page.generateMetadata;
export default page.Page;
