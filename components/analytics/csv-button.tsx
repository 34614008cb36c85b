"use client";
// "CSV": the table shown, as the grids' export writes files (lib/grid/csv.ts: CRLF, UTF-8 with BOM
// or Shift_JIS, formulas guarded), with the columns shown and plain numbers (lib/analytics/tables.ts).
// Characters Shift_JIS cannot hold become `?`, and the message after saving says how many.
import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/ui/save-file";
import { encodeCsvParts, exportFileName, findUnmappable, loadSjisCodec, type CsvEncoding } from "@/lib/grid/csv";
import { tableCsv, type ViewTable } from "@/lib/analytics/tables";

export function CsvButton({ table, name, disabled }: { table: ViewTable | null; name: string; disabled?: boolean }) {
  const t = useTranslations("analytics.csv");
  const [encoding, setEncoding] = useState<CsvEncoding>("utf8-bom");
  const [message, setMessage] = useState("");
  const id = useId();
  const save = async () => {
    if (!table) return;
    const doc = tableCsv(table);
    const file = exportFileName(name);
    if (encoding === "sjis") {
      const codec = await loadSjisCodec();
      const report = findUnmappable(doc, codec.canEncode);
      saveFile(encodeCsvParts(doc, "sjis", codec) as BlobPart[], file, "text/csv;charset=shift_jis");
      setMessage(report.total ? t("replaced", { file, count: report.total }) : t("saved", { file }));
      return;
    }
    saveFile(encodeCsvParts(doc, "utf8-bom") as BlobPart[], file, "text/csv;charset=utf-8");
    setMessage(t("saved", { file }));
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      <label htmlFor={id} className="sr-only">
        {t("encoding")}
      </label>
      <select
        id={id}
        value={encoding}
        onChange={(e) => setEncoding(e.target.value as CsvEncoding)}
        className="h-8 rounded-md border border-ink-200 bg-ink-0 px-2 text-xs text-ink-900 dark:border-ink-700 dark:bg-ink-850 dark:text-ink-50"
      >
        <option value="utf8-bom">{t("utf8")}</option>
        <option value="sjis">{t("sjis")}</option>
      </select>
      <Button onClick={() => void save()} disabled={disabled || !table}>
        <Download aria-hidden="true" />
        {t("button")}
      </Button>
      <p role="status" className="text-xs text-ink-600 dark:text-ink-300">
        {message}
      </p>
    </div>
  );
}
