import { AreaPage } from "@/components/shell/area-page";
import { areaMetadata } from "@/components/shell/area-metadata";

export const generateMetadata = () => areaMetadata("settings");

export default function SettingsPage() {
  return <AreaPage area="settings" />;
}
