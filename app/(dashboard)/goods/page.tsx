import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("goods");

export default function GoodsPage() {
  return <AreaPage area="goods" />;
}
