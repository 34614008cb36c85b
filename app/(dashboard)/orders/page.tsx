import { getTranslations } from "next-intl/server";
import { areaMetadata } from "@/components/shell/area-metadata";
import { OrdersGrid } from "@/components/orders/orders-grid";
import { PageHeader } from "@/components/ui/page-header";
import { currentPreferences } from "@/lib/grid/server/store";

export const generateMetadata = () => areaMetadata("orders");

// Order slips. The person's columns are read here, so the first request the browser makes is
// already the page of rows (and its count), not the preferences.
export default async function OrdersPage() {
  const t = await getTranslations("areas.orders");
  const preferences = await currentPreferences("orders");
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <OrdersGrid initialPreferences={preferences} />
    </div>
  );
}
