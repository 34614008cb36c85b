import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StockTabs } from "@/components/stock/stock-tabs";
import { WarehouseStockGrid } from "@/components/stock/warehouse-stock-grid";
import { PageHeader } from "@/components/ui/page-header";
import { currentPreferences } from "@/lib/grid/server/store";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("stock");
  return { title: t("warehouses.title"), description: t("description") };
}

// Stock per warehouse and goods; the tabs lead back to stock per goods (/stock).
export default async function WarehouseStockPage() {
  const t = await getTranslations("stock");
  const preferences = await currentPreferences("warehouse-stock");
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} actions={<StockTabs current="warehouses" />} />
      <WarehouseStockGrid initialPreferences={preferences} />
    </div>
  );
}
