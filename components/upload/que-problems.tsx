"use client";
// What the upload queue said of a failed batch, line by line in the file's own lines and in the
// page's language only (lib/uploads/line-map.ts reads the message). A message the API wrote in
// Japanese alone is shown as it is on an English page, marked as the API's words.
import { useLocale, useTranslations } from "next-intl";
import type { UploadBatch } from "@/lib/uploads/contract";

export function QueProblems({ batch }: { batch: UploadBatch }) {
  const t = useTranslations("uploads.queProblems");
  const locale = useLocale();
  if (batch.queProblems.length === 0) return batch.queMessage ? <span>{batch.queMessage}</span> : null;
  return (
    <ul className="flex flex-col gap-0.5" data-que-problems="">
      {batch.queProblems.map((p, i) => {
        const text = locale === "en" ? (p.en ?? p.ja) : p.ja;
        const where =
          p.line !== null
            ? p.column
              ? t("lineColumn", { line: p.line, column: p.column })
              : t("line", { line: p.line })
            : p.batchLine !== null
              ? t("batchLine", { line: p.batchLine })
              : null;
        return (
          <li key={i} data-line={p.line ?? undefined}>
            {where ? <span className="font-medium">{where}: </span> : null}
            <span lang={locale === "en" && p.en === null ? "ja" : undefined}>{text}</span>
            {locale === "en" && p.en === null ? <span className="text-ink-600 dark:text-ink-300"> {t("apiWords")}</span> : null}
          </li>
        );
      })}
    </ul>
  );
}
