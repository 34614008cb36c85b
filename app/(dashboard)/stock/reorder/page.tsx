import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ReorderScreen } from "@/components/analytics/stock/reorder-screen";
import { StockTabs } from "@/components/stock/stock-tabs";
import { PageHeader } from "@/components/ui/page-header";

// The reorder list from the company's read model (components/analytics/stock, lib/analytics).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("stockAnalytics.reorder.title"), description: t("stockAnalytics.reorder.description") };
}

export default async function ReorderPage() {
  const t = await getTranslations();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("stockAnalytics.reorder.title")} description={t("stockAnalytics.reorder.description")} actions={<StockTabs current="reorder" />} />
      <ReorderScreen />
    </div>
  );
}
