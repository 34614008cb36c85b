import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page-header";
import { StockMatrixScreen } from "@/components/stock/stock-matrix";
import { StockTabs } from "@/components/stock/stock-tabs";

// Stock of each goods per warehouse side by side (the goods × warehouse matrix, issue 35): a third
// view of the stock area beside /stock and /stock/warehouses, its own URL with its own state (a
// page of goods, not of warehouse stock rows). Everything on it is the browser's, through the BFF.
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t("stock.matrix.title"), description: t("stock.matrix.description") };
}

export default async function StockMatrixPage() {
  const t = await getTranslations();
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("stock.title")} actions={<StockTabs current="matrix" />} />
      <StockMatrixScreen />
    </div>
  );
}
