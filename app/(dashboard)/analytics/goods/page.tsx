import { areaMetadata } from "@/components/shell/area-metadata";
import { GoodsView } from "@/components/analytics/goods-view";

export const generateMetadata = () => areaMetadata("analytics-goods");

// Goods performance from the company's read model (components/analytics): everything on it is the browser's, through the BFF.
export default function GoodsPerformancePage() {
  return <GoodsView />;
}
