import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("board");

export default function BoardPage() {
  return <AreaPage area="board" />;
}
