"use client";
// What the reader saw: encoding, line endings, row count, and the first rows under headers that
// name each column as the registry does (in the page's language) beside the CSV's own name.
import { useFormatter, useLocale, useTranslations } from "next-intl";
import type { UploadKind } from "@/lib/csv/types";
import { useCsvModule } from "./csv-module";
import type { UploadPreview } from "./worker-protocol";

export function PreviewTable({ kind, preview, titleId }: { kind: UploadKind; preview: UploadPreview; titleId: string }) {
  const t = useTranslations("uploads.preview");
  const format = useFormatter();
  const locale = useLocale();
  const csv = useCsvModule();
  const labels = new Map((csv?.UPLOAD_COLUMNS[kind] ?? []).map((c) => [c.name, locale === "en" ? c.label.en : c.label.ja]));
  const facts: [string, string][] = [
    [t("encoding"), t(`encodings.${preview.encoding}`)],
    [t("lineEndings"), t(`lineEnding.${preview.lineEndings}`)],
    [t("rows"), format.number(preview.rows)],
    [t("columns"), format.number(preview.header.length)],
  ];
  return (
    <div className="flex flex-col gap-2">
      <dl className="flex flex-wrap gap-x-6 gap-y-1 text-sm">
        {facts.map(([term, value]) => (
          <div key={term} className="flex gap-1.5">
            <dt className="text-ink-600 dark:text-ink-300">{term}</dt>
            <dd className="font-medium text-ink-900 dark:text-ink-100">{value}</dd>
          </div>
        ))}
      </dl>
      {/* Focusable so a keyboard can scroll a wide file sideways. */}
      <div tabIndex={0} role="region" aria-labelledby={titleId} className="max-h-96 overflow-auto rounded-md border border-ink-200 dark:border-ink-800">
        <table className="w-max min-w-full border-collapse text-left text-xs">
          <caption id={titleId} className="sr-only">
            {t("caption", { count: preview.sample.length, total: preview.rows })}
          </caption>
          <thead className="sticky top-0 bg-ink-50 dark:bg-ink-900">
            <tr>
              <th scope="col" className="border-b border-ink-200 px-2 py-1.5 font-medium text-ink-600 dark:border-ink-800 dark:text-ink-300">
                {t("line")}
              </th>
              {preview.header.map((name, i) => (
                <th key={i} scope="col" className="border-b border-ink-200 px-2 py-1.5 align-bottom dark:border-ink-800">
                  <span className="block font-medium text-ink-900 dark:text-ink-100">{labels.get(name) ?? (csv ? t("unknownColumn") : "")}</span>
                  <span className="block font-mono font-normal text-ink-600 dark:text-ink-400">{name}</span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100 dark:divide-ink-800">
            {preview.sample.map((row) => (
              <tr key={row.line}>
                <th scope="row" className="px-2 py-1 text-right font-mono font-normal text-ink-600 tabular-nums dark:text-ink-400">
                  {row.line}
                </th>
                {preview.header.map((_, i) => (
                  <td key={i} className="max-w-64 truncate px-2 py-1 whitespace-pre text-ink-900 dark:text-ink-100" data-user-content="">
                    {row.cells[i] ?? ""}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
