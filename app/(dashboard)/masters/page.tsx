import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("masters");

export default function MastersPage() {
  return <AreaPage area="masters" />;
}
