import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { SetsScreen } from "@/components/analytics/stock/sets-screen";
import { StockTabs } from "@/components/stock/stock-tabs";
import { PageHeader } from "@/components/ui/page-header";

// The sellable sets from the company's read model (components/analytics/stock, lib/analytics).
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("stockAnalytics.sets.title"), description: t("stockAnalytics.sets.description") };
}

export default async function SetsPage() {
  const t = await getTranslations();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("stockAnalytics.sets.title")} description={t("stockAnalytics.sets.description")} actions={<StockTabs current="sets" />} />
      <SetsScreen />
    </div>
  );
}
