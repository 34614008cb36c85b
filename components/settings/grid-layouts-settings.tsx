"use client";

import { useQueryClient } from "@tanstack/react-query";
import { RotateCcw } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { gridKeys } from "@/lib/query/keys";
import { resetGridPreferences, SIGN_IN_AGAIN } from "./grid-storage-calls";
import { SettingsSection } from "./settings-section";

export interface SettingsGridLayout {
  grid: string;
  title: string;
  href: string;
  customized: boolean;
}

// Per grid: whether the person changed its columns, and a reset to the grid's defaults.
export function GridLayoutsSettings({ grids }: { grids: SettingsGridLayout[] }) {
  const t = useTranslations("settings.layouts");
  const router = useRouter();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [, startTransition] = useTransition();

  const reset = async (layout: SettingsGridLayout) => {
    setBusy(layout.grid);
    setError(null);
    const outcome = await resetGridPreferences(layout.grid);
    setBusy(null);
    if (!outcome.ok) {
      if (outcome.status === 401) return router.push(SIGN_IN_AGAIN);
      return setError(t("failed"));
    }
    // The grid pages keep their preferences in this cache: forget them so the defaults show.
    queryClient.removeQueries({ queryKey: gridKeys.preferences(layout.grid) });
    setStatus(t("done", { grid: layout.title }));
    startTransition(() => router.refresh());
  };

  return (
    <SettingsSection id="settings-layouts" title={t("title")} description={t("description")}>
      <p role="status" className="sr-only">
        {status}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
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
                    <Button size="sm" onClick={() => void reset(layout)} disabled={busy === layout.grid} aria-label={t("resetLabel", { grid: layout.title })}>
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
