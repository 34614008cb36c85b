import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("orders");

export default function OrdersPage() {
  return <AreaPage area="orders" />;
}
