import { areaMetadata } from "@/components/shell/area-metadata";
import { SalesView } from "@/components/analytics/sales-view";

export const generateMetadata = () => areaMetadata("analytics-sales");

// Sales from the company's read model (components/analytics): everything on it is the browser's, through the BFF.
export default function SalesPage() {
  return <SalesView />;
}
