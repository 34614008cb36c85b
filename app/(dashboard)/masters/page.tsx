import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { areaMetadata } from "@/components/shell/area-metadata";
import { PageHeader } from "@/components/ui/page-header";
import { masterHref, masterKinds, masterScreens } from "@/components/masters/screens";

export const generateMetadata = () => areaMetadata("masters");

// The masters index: every screen of the area with what it shows.
export default async function MastersPage() {
  const t = await getTranslations();
  return (
    <div className="flex flex-col gap-6">
      <PageHeader title={t("areas.masters.title")} description={t("areas.masters.description")} />
      {masterKinds.map((kind) => (
        <section key={kind} aria-labelledby={`masters-${kind}`} className="flex flex-col gap-2">
          <h2 id={`masters-${kind}`} className="text-sm font-semibold text-ink-900 dark:text-ink-100">
            {t(`masters.groups.${kind}`)}
          </h2>
          <ul className="grid gap-2 sm:grid-cols-2 2xl:grid-cols-3">
            {masterScreens
              .filter((s) => s.kind === kind)
              .map((s) => (
                <li key={s.slug}>
                  <Link
                    href={masterHref(s.slug)}
                    className="flex h-full flex-col gap-0.5 rounded-lg border border-ink-200 bg-ink-0 px-4 py-3 transition-colors hover:border-brand-300 hover:bg-brand-50/40 dark:border-ink-800 dark:bg-ink-900 dark:hover:border-brand-700 dark:hover:bg-brand-950/30"
                  >
                    <span className="text-sm font-semibold text-ink-950 dark:text-ink-0">{t(`masters.screens.${s.slug}.title`)}</span>
                    <span className="text-sm text-ink-600 dark:text-ink-300">{t(`masters.screens.${s.slug}.description`)}</span>
                  </Link>
                </li>
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
