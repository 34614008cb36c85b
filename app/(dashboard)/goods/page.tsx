import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { GoodsGrid } from "@/components/goods/goods-grid";
import { PageHeader } from "@/components/ui/page-header";
import { currentPreferences } from "@/lib/grid/server/store";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("goods");
  return { title: t("title"), description: t("description") };
}

// The goods master: codes, names, classes, prices, stock and suppliers.
export default async function GoodsPage() {
  const t = await getTranslations("goods");
  const preferences = await currentPreferences("goods");
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <GoodsGrid initialPreferences={preferences} />
    </div>
  );
}
