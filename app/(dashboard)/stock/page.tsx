import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StockGrid } from "@/components/stock/stock-grid";
import { StockTabs } from "@/components/stock/stock-tabs";
import { PageHeader } from "@/components/ui/page-header";
import { currentPreferences } from "@/lib/grid/server/store";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("stock");
  return { title: t("title"), description: t("description") };
}

// Stock per goods; the tabs lead to stock per warehouse (/stock/warehouses).
export default async function StockPage() {
  const t = await getTranslations("stock");
  const preferences = await currentPreferences("stock");
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} actions={<StockTabs current="goods" />} />
      <StockGrid initialPreferences={preferences} />
    </div>
  );
}
