import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("stock");

export default function StockPage() {
  return <AreaPage area="stock" />;
}
