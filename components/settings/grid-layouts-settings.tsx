"use client";

import { RotateCcw } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { expiredLoginHref } from "@/lib/query/bff-error";
import { useCustomizedGrids, useResetGridPreferences } from "@/lib/query/grid-storage";
import { gridLayouts, type GridEntry, type SettingsGridLayout } from "./grids";
import { SectionOutcome, SettingsSection } from "./settings-section";

// Per grid: whether the person changed its columns, and a reset to the grid's defaults.
export function GridLayoutsSettings({ initialCustomized }: { initialCustomized: string[] }) {
  const t = useTranslations("settings.layouts");
  const catalogue = useTranslations();
  const router = useRouter();
  const customized = useCustomizedGrids(initialCustomized).data;
  const resetPreferences = useResetGridPreferences();
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);

  const grids = useMemo(
    // Keys built from data (the masters' slugs): checked by the catalogue test, not the compiler.
    () => gridLayouts(customized, (entry: GridEntry) => catalogue(entry.titleKey as Parameters<typeof catalogue>[0])),
    [customized, catalogue],
  );

  const reset = (layout: SettingsGridLayout) => {
    setError(null);
    resetPreferences.mutate(layout.grid, {
      onSuccess: () => setStatus(t("done", { grid: layout.title })),
      onError: (failure) => (failure.status === 401 ? router.push(expiredLoginHref("/settings")) : setError(t("failed"))),
    });
  };
  const busy = (grid: string) => resetPreferences.isPending && resetPreferences.variables === grid;

  return (
    <SettingsSection id="settings-layouts" title={t("title")} description={t("description")}>
      <SectionOutcome status={status} error={error} />
      <div className="overflow-x-auto rounded-md border border-ink-200 dark:border-ink-800">
        <table className="w-full text-sm">
          <thead className="bg-ink-50 text-left text-xs text-ink-600 dark:bg-ink-900 dark:text-ink-300">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("grid")}
              </th>
              <th scope="col" className="px-3 py-2 font-medium">
                {t("columns")}
              </th>
              <th scope="col" className="px-3 py-2">
                <span className="sr-only">{t("reset")}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100 dark:divide-ink-800">
            {grids.map((layout) => (
              <tr key={layout.grid} data-layout-grid={layout.grid}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  <Link href={layout.href} className="text-ink-900 underline-offset-2 hover:underline dark:text-ink-100">
                    {layout.title}
                  </Link>
                </th>
                <td className="px-3 py-2 text-ink-700 dark:text-ink-300" data-layout-status={layout.customized ? "custom" : "default"}>
                  {layout.customized ? t("custom") : t("default")}
                </td>
                <td className="px-3 py-1.5 text-right">
                  {layout.customized ? (
                    <Button size="sm" onClick={() => reset(layout)} disabled={busy(layout.grid)} aria-label={t("resetLabel", { grid: layout.title })}>
                      <RotateCcw aria-hidden="true" />
                      {t("reset")}
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </SettingsSection>
  );
}
