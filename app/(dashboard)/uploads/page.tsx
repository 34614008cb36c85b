import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("uploads");

export default function UploadsPage() {
  return <AreaPage area="uploads" />;
}
