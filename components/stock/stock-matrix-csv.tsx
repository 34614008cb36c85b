"use client";
// The stock matrix's "CSV" button (issue 35 item 7): the table shown, as a file, through the grids'
// CSV writer (lib/grid/csv.ts: RFC 4180, CRLF, UTF-8 with a BOM or Shift_JIS, formulas guarded).
// Columns: goods code, goods name, then per warehouse shown its free and on-hand quantity, plain
// numbers; a blank where the goods is not linked (./stock-matrix-pivot.ts). As in the grids' export,
// characters Shift_JIS cannot hold are listed before anything is saved, and the person chooses to
// save them as "?" or not to save. Its own chunk: loaded with the page, not before the first rows.
import { Download } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/ui/save-file";
import { encodeCsvParts, exportFileName, findUnmappable, loadSjisCodec, type CsvDocument, type CsvEncoding, type SjisCodec, type UnmappableReport } from "@/lib/grid/csv";
import { formatGrouped } from "@/lib/grid/format";
import { matrixCsvDocument, type StockMatrix } from "./stock-matrix-pivot";

type Pending = { doc: CsvDocument; codec: SjisCodec; report: UnmappableReport };

export default function StockMatrixCsv({ matrix }: { matrix: StockMatrix | null }) {
  const t = useTranslations("stock.matrix");
  const tExport = useTranslations("export");
  const id = useId();
  const [encoding, setEncoding] = useState<CsvEncoding>("utf8-bom");
  const [pending, setPending] = useState<Pending | null>(null);
  const [saved, setSaved] = useState<{ file: string; rows: number } | null>(null);
  const [working, setWorking] = useState(false);

  const save = (doc: CsvDocument, codec: SjisCodec | undefined) => {
    const file = exportFileName("stock-matrix");
    saveFile(encodeCsvParts(doc, encoding, codec) as BlobPart[], file, encoding === "sjis" ? "text/csv;charset=shift_jis" : "text/csv;charset=utf-8");
    setSaved({ file, rows: doc.rows.length });
  };

  const run = async () => {
    if (!matrix) return;
    setSaved(null);
    setPending(null);
    const doc = matrixCsvDocument(matrix, {
      code: t("code"),
      name: t("name"),
      free: (warehouse) => t("csvFree", { warehouse }),
      onHand: (warehouse) => t("csvOnHand", { warehouse }),
    });
    if (encoding !== "sjis") return save(doc, undefined);
    setWorking(true);
    try {
      const codec = await loadSjisCodec();
      const report = findUnmappable(doc, codec.canEncode);
      if (report.total > 0) setPending({ doc, codec, report });
      else save(doc, codec);
    } finally {
      setWorking(false);
    }
  };

  return (
    <div className="flex flex-col items-end gap-2">
      <div className="flex items-center gap-2">
        <label htmlFor={`${id}-encoding`} className="text-xs text-ink-600 dark:text-ink-300">
          {tExport("encoding.label")}
        </label>
        <select
          id={`${id}-encoding`}
          value={encoding}
          onChange={(e) => {
            setEncoding(e.target.value === "sjis" ? "sjis" : "utf8-bom");
            setPending(null);
          }}
          className="h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm dark:border-ink-600 dark:bg-ink-850"
        >
          <option value="utf8-bom">{tExport("encoding.utf8")}</option>
          <option value="sjis">{tExport("encoding.sjis")}</option>
        </select>
        <Button size="sm" onClick={() => void run()} disabled={!matrix || working} aria-busy={working || undefined}>
          <Download aria-hidden="true" />
          {t("csv")}
        </Button>
      </div>
      {pending ? (
        <div role="alert" className="flex max-w-md flex-col gap-2 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-ink-800 dark:border-amber-900/60 dark:bg-amber-950/40 dark:text-ink-100">
          <p>{tExport("report.summary", { total: pending.report.total, chars: pending.report.chars.length })}</p>
          <p>
            {tExport("report.chars")} <span data-user-content="">{pending.report.chars.join(" ")}</span>
          </p>
          <div className="flex gap-2">
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                save(pending.doc, pending.codec);
                setPending(null);
              }}
            >
              {tExport("report.continue")}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setPending(null)}>
              {tExport("report.cancel")}
            </Button>
          </div>
        </div>
      ) : null}
      <p role="status" className="text-xs text-ink-600 dark:text-ink-300" data-csv-saved={saved ? "" : undefined}>
        {saved ? t("csvSaved", { file: saved.file, rows: formatGrouped(String(saved.rows)) }) : null}
      </p>
    </div>
  );
}
