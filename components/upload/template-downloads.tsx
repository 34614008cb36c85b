"use client";
// A kind's header-only templates (Shift_JIS for Excel, UTF-8) and its column guide, shown as a
// table and downloadable. The reader module loads after the page paints; until then the buttons wait.
import { Download } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { columnGuideCsv } from "./column-guide";
import { useCsvModule } from "./csv-module";
import { saveFile } from "@/components/ui/save-file";
import type { PageKind } from "./stocktake/page-kind";

export function TemplateDownloads({ kind }: { kind: PageKind }) {
  const t = useTranslations("uploads.templates");
  const kinds = useTranslations("uploads.kinds");
  const locale = useLocale();
  const csv = useCsvModule();
  // The table (95 rows for goods) is built only once the person opens it.
  const [open, setOpen] = useState(false);
  const columns = csv?.templateColumns(kind) ?? [];

  const template = (encoding: "shift_jis" | "utf-8") => {
    if (!csv) return;
    const bytes = csv.templateCsv(kind, encoding);
    const type = encoding === "shift_jis" ? "text/csv;charset=shift_jis" : "text/csv;charset=utf-8";
    saveFile([bytes as BlobPart], `${kind}-template-${encoding === "shift_jis" ? "sjis" : "utf8"}.csv`, type);
  };

  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label={t("group")}>
        <Button size="sm" disabled={!csv} onClick={() => template("shift_jis")}>
          <Download aria-hidden="true" />
          {t("sjis")}
        </Button>
        <Button size="sm" disabled={!csv} onClick={() => template("utf-8")}>
          <Download aria-hidden="true" />
          {t("utf8")}
        </Button>
        <Button size="sm" disabled={!csv} onClick={() => saveFile([columnGuideCsv(columns)], `${kind}-column-guide.csv`, "text/csv;charset=utf-8")}>
          <Download aria-hidden="true" />
          {t("guide")}
        </Button>
      </div>
      <details className="rounded-md border border-ink-200 dark:border-ink-800" onToggle={(e) => setOpen(e.currentTarget.open)}>
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium text-ink-800 select-none hover:bg-ink-50 dark:text-ink-100 dark:hover:bg-ink-800/60">
          {t("columns", { count: columns.length })}
        </summary>
        {open ? (
          <div tabIndex={0} role="region" aria-labelledby={`guide-${kind}`} className="overflow-x-auto border-t border-ink-200 dark:border-ink-800">
            <table className="w-full text-left text-xs">
              <caption id={`guide-${kind}`} className="sr-only">
                {t("caption", { kind: kinds(kind) })}
              </caption>
              <thead className="bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
                <tr>
                  <th scope="col" className="px-3 py-1.5 font-medium">{t("name")}</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">{t("label")}</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">{t("required")}</th>
                  <th scope="col" className="px-3 py-1.5 font-medium">{t("description")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-ink-100 text-ink-800 dark:divide-ink-800 dark:text-ink-100">
                {columns.map((c) => (
                  <tr key={c.name}>
                    <td className="px-3 py-1.5 font-mono whitespace-nowrap">{c.name}</td>
                    <td className="px-3 py-1.5 whitespace-nowrap">{locale === "en" ? c.label.en : c.label.ja}</td>
                    <td className="px-3 py-1.5 whitespace-nowrap">{c.required ? t("yes") : t("no")}</td>
                    {/* The guide exists in Japanese only. */}
                    <td lang="ja" className="px-3 py-1.5">{c.guide}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </details>
    </div>
  );
}
