import { useTranslations } from "next-intl";
import { PageHeader } from "@/components/ui/page-header";
import { areaIcons, type AreaKey } from "./nav-items";

// The page of an area whose screens are not built yet: its title, what will live there,
// and a "being built" panel. Each area replaces this as its feature lands.
export function AreaPage({ area }: { area: AreaKey }) {
  const t = useTranslations();
  const Icon = areaIcons[area];
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t(`areas.${area}.title`)} description={t(`areas.${area}.description`)} />
      <section
        aria-labelledby="placeholder-title"
        className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-ink-300 bg-ink-25 px-6 py-12 text-center dark:border-ink-700 dark:bg-ink-900/40"
      >
        <span
          aria-hidden="true"
          className="grid size-10 place-items-center rounded-lg bg-ink-0 text-ink-600 shadow-xs ring-1 ring-ink-200 dark:bg-ink-800 dark:text-ink-300 dark:ring-ink-700"
        >
          <Icon className="size-5" />
        </span>
        <h2 id="placeholder-title" className="text-sm font-semibold text-ink-900 dark:text-ink-100">
          {t("placeholder.title")}
        </h2>
        <p className="max-w-md text-sm text-ink-600 dark:text-ink-300">{t("placeholder.body")}</p>
      </section>
    </div>
  );
}
