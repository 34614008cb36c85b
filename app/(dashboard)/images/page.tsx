import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("images");

export default function ImagesPage() {
  return <AreaPage area="images" />;
}
