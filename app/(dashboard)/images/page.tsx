import { gridPage } from "../grid-page";
import { ImagesScreen } from "@/components/images/images-grid";

// Goods images: thumbnails, their goods, file state and mall tags.
const page = gridPage("images", ImagesScreen, { title: "images.title", description: "images.description" });
export const generateMetadata = page.generateMetadata;
export default page.Page;
