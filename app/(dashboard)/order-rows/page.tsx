import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { OrderRowsGrid } from "@/components/orders/order-rows-grid";
import { PageHeader } from "@/components/ui/page-header";
import { currentPreferences } from "@/lib/grid/server/store";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("orderRows");
  return { title: t("title"), description: t("description") };
}

// Order rows: goods, quantities and allocation of every slip.
export default async function OrderRowsPage() {
  const t = await getTranslations("orderRows");
  const preferences = await currentPreferences("order-rows");
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <OrderRowsGrid initialPreferences={preferences} />
    </div>
  );
}
