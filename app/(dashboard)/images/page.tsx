import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ImagesGrid } from "@/components/images/images-grid";
import { PageHeader } from "@/components/ui/page-header";
import { currentPreferences } from "@/lib/grid/server/store";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("images");
  return { title: t("title"), description: t("description") };
}

// Goods images: thumbnails, their goods, file state and mall tags.
export default async function ImagesPage() {
  const t = await getTranslations("images");
  const preferences = await currentPreferences("images");
  return (
    <div className="flex flex-col gap-4">
      <PageHeader title={t("title")} />
      <ImagesGrid initialPreferences={preferences} />
    </div>
  );
}
