"use client";
// What a finished upload did, from the plan the journal kept before it was sent:
// - warehouse stock (a file, a stocktake, an undo): per goods and warehouse, stock before, the
//   change, the stock expected after and the stock read back after (read once, when the upload is
//   first shown finished, and kept in the journal as the file's report, so the history shows the
//   same numbers later), and whether they agree (for a stocktake: whether the stock now equals
//   the count);
// - goods: the goods created and the changed columns, old → new.
// Downloadable as CSV in the page's language. A finished upload can be undone: "元に戻す" makes the
// inverse upload (lib/csv undoUpload / undoGoods) and adds it to the page as a card, where it is
// read, checked against the current stock, shown and sent like any file after the person confirms.
import { useQuery } from "@tanstack/react-query";
import { Download, Undo2 } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { QueryErrorState } from "@/components/query/query-error-state";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/ui/save-file";
import type { GoodsReport, GoodsUndo, StockReport } from "@/lib/csv";
import type { UploadFile } from "@/lib/uploads/contract";
import { loadCsvModule } from "./csv-module";
import { journalDocuments } from "./journal-api";
import { useUploadContext } from "./upload-context";

/** Rows shown on the page; the download has them all. */
const SHOWN_ROWS = 200;

type Loaded =
  | { kind: "stock"; report: StockReport; csv: string; undo: { text: string; rows: number } }
  | { kind: "goods"; report: GoodsReport; undo: GoodsUndo }
  | { kind: "none" };

/** The plan, the stock read back (once: then kept as the file's report) and the report in `locale`. */
async function loadReport(file: UploadFile, locale: "ja" | "en"): Promise<Loaded> {
  const [csv, planText] = await Promise.all([loadCsvModule(), journalDocuments.readDocument(file.id, "plan")]);
  if (planText === null) return { kind: "none" };
  if (file.kind === "goods") {
    const read = csv.readGoodsPlanCsv(planText);
    if (!read.ok) throw new Error(read.reason[locale]);
    return { kind: "goods", report: csv.goodsReport(read.plan, locale), undo: csv.undoGoods(read.plan) };
  }
  const plan = csv.readPlanCsv(planText);
  // The stock read back once, when the upload was first shown finished, is what the report shows
  // ever after (another tab may have read it first: its PUT then answers 409, and the kept one is read).
  let kept = file.hasReport ? await journalDocuments.readDocument(file.id, "report") : null;
  if (kept === null) {
    const api = await import("./lookups-api");
    const text = csv.readBackCsv(await csv.readBackStock(plan, { search: api.lookupSearch, count: api.lookupCount }));
    // Another tab kept its read-back meanwhile (409): that one is the report.
    const stored = await journalDocuments.storeDocument(file.id, "report", text).then(
      () => true,
      () => false,
    );
    kept = stored ? text : ((await journalDocuments.readDocument(file.id, "report")) ?? text);
  }
  const readBack = csv.readReadBackCsv(kept);
  const report = csv.stockReport(plan, readBack, locale);
  // The movement's reason names the upload it takes back (the stock history shows it; two undos of
  // different uploads are then never the same bytes, which the journal would take for a file sent twice).
  const undo = csv.undoUpload(plan, { reason: `${locale === "ja" ? "取り消し" : "Undo"}: ${file.fileName}`.slice(0, 255) });
  return { kind: "stock", report, csv: csv.stockReportCsv(report, locale), undo: { text: undo.text, rows: undo.rows } };
}

const baseName = (name: string) => name.replace(/\.[^.]*$/, "");

export function UploadReport({ file }: { file: UploadFile }) {
  const t = useTranslations("uploads.report");
  const format = useFormatter();
  const locale = useLocale() === "en" ? "en" : "ja";
  const { addGenerated } = useUploadContext();
  const [undone, setUndone] = useState(false);
  const query = useQuery({
    // Not under uploadKeys.all: the journal's refreshes must not read the stock back again.
    queryKey: ["upload-report", file.id, file.status, locale],
    queryFn: () => loadReport(file, locale),
    staleTime: Infinity,
    retry: false,
  });
  const titleId = `report-${file.id}`;
  if (query.isPending) return <p className="text-sm text-ink-700 dark:text-ink-200">{t("loading")}</p>;
  if (query.isError) return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const loaded = query.data;
  if (loaded.kind === "none") return null;
  // Only a whole upload is taken back (the plan says what it did when every batch was applied).
  const undoable = file.status === "done";

  const undo = () => {
    const name = baseName(file.fileName);
    if (loaded.kind === "stock") {
      addGenerated({ kind: "warehouse-stock", fileName: `undo-${name}.csv`, text: loaded.undo.text, purpose: "undo", undoOf: file.id });
    } else {
      loaded.undo.texts.forEach((text, i) =>
        addGenerated({ kind: "goods", fileName: `undo-${name}${loaded.undo.texts.length > 1 ? `-${i + 1}` : ""}.csv`, text, purpose: "undo", undoOf: file.id }),
      );
    }
    setUndone(true);
  };
  const nothingToUndo = loaded.kind === "stock" ? loaded.undo.rows === 0 : loaded.undo.texts.length === 0;

  return (
    // A heading and its content, not a landmark (the table's scroll region is the one named region).
    <div data-upload-report={loaded.kind} className="flex flex-col gap-2 rounded-md border border-ink-200 p-3 dark:border-ink-800">
      <h4 id={titleId} className="text-sm font-semibold text-ink-950 dark:text-ink-0">
        {t("title")}
      </h4>
      {loaded.kind === "stock" ? (
        <p className="text-sm text-ink-800 dark:text-ink-100" data-report-summary="">
          {t(loaded.report.kind === "stocktake" ? "stocktakeSummary" : "stockSummary", {
            pairs: format.number(loaded.report.rows.length),
            matched: format.number(loaded.report.matched),
            mismatched: format.number(loaded.report.mismatched),
          })}
        </p>
      ) : (
        <p className="text-sm text-ink-800 dark:text-ink-100" data-report-summary="">
          {t("goodsSummary", { created: format.number(loaded.report.counts.created), changed: format.number(loaded.report.counts.changed), cells: format.number(loaded.report.counts.cells) })}
        </p>
      )}
      {loaded.kind === "stock" ? <StockTable report={loaded.report} fileName={file.fileName} /> : <GoodsTable report={loaded.report} fileName={file.fileName} />}
      <div className="flex flex-wrap items-center gap-2">
        <Button
          size="sm"
          onClick={() =>
            saveFile([loaded.kind === "stock" ? loaded.csv : loaded.report.csv], `${baseName(file.fileName)}-report.csv`, "text/csv;charset=utf-8")
          }
        >
          <Download aria-hidden="true" />
          {t("download")}
        </Button>
        {undoable && file.purpose !== "undo" ? (
          <Button size="sm" onClick={undo} disabled={undone || nothingToUndo}>
            <Undo2 aria-hidden="true" />
            {t("undo")}
          </Button>
        ) : null}
        {undone ? (
          <p role="status" className="text-sm text-ink-700 dark:text-ink-200">
            {t("undoAdded")}
          </p>
        ) : nothingToUndo && undoable ? (
          <p className="text-sm text-ink-700 dark:text-ink-200">{t("nothingToUndo")}</p>
        ) : null}
      </div>
      {loaded.kind === "goods" && undoable && (loaded.undo.created.length > 0 || loaded.undo.unrestorable.length > 0) ? <GoodsUndoLimits undo={loaded.undo} /> : null}
    </div>
  );
}

const th = "px-2 py-1.5 font-medium whitespace-nowrap";
const td = "px-2 py-1 whitespace-nowrap";

/** A report's table in a scroll region named by its file, and how many of its rows are shown. */
function ReportTable({ fileName, shown, total, children }: { fileName: string; shown: number; total: number; children: ReactNode }) {
  const t = useTranslations("uploads.report");
  const format = useFormatter();
  return (
    <>
      <div tabIndex={0} role="region" aria-label={t("tableLabel", { file: fileName })} className="max-h-80 overflow-auto rounded-md border border-ink-200 dark:border-ink-800">
        <table className="w-full text-left text-xs">{children}</table>
      </div>
      {total > shown ? <p className="text-xs text-ink-600 dark:text-ink-300">{t("more", { shown: format.number(shown), total: format.number(total) })}</p> : null}
    </>
  );
}

function StockTable({ report, fileName }: { report: StockReport; fileName: string }) {
  const t = useTranslations("uploads.report");
  const format = useFormatter();
  const stocktake = report.kind === "stocktake";
  // Rows that disagree first: they are the ones to look at.
  const rows = [...report.rows].sort((a, b) => Number(a.match) - Number(b.match)).slice(0, SHOWN_ROWS);
  const signed = (n: number) => (n > 0 ? `+${format.number(n)}` : format.number(n));
  return (
    <ReportTable fileName={fileName} shown={rows.length} total={report.rows.length}>
      <thead className="sticky top-0 bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
        <tr>
          <th scope="col" className={th}>{t("warehouse")}</th>
          <th scope="col" className={th}>{t("code")}</th>
          <th scope="col" className={`${th} text-right`}>{t("before")}</th>
          <th scope="col" className={`${th} text-right`}>{t("change")}</th>
          <th scope="col" className={`${th} text-right`}>{t("expected")}</th>
          <th scope="col" className={`${th} text-right`}>{t("actual")}</th>
          {stocktake ? <th scope="col" className={`${th} text-right`}>{t("counted")}</th> : null}
          <th scope="col" className={th}>{t("match")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
        {rows.map((r) => (
          <tr key={`${r.warehouse}\t${r.code}`} data-report-code={r.code} data-report-match={r.match ? "yes" : "no"}>
            <td className={td} data-user-content="">{r.warehouse}</td>
            <td className={`${td} font-mono`} data-user-content="">{r.code}</td>
            <td className={`${td} text-right tabular-nums`}>{format.number(r.before)}</td>
            <td className={`${td} text-right tabular-nums`}>{signed(r.change)}</td>
            <td className={`${td} text-right tabular-nums`}>{format.number(r.expected)}</td>
            <td className={`${td} text-right tabular-nums`}>{format.number(r.actual)}</td>
            {stocktake ? <td className={`${td} text-right tabular-nums`}>{r.counted === null ? "—" : format.number(r.counted)}</td> : null}
            <td className={td}>
              <span className={r.match ? "text-emerald-800 dark:text-emerald-200" : "font-medium text-red-800 dark:text-red-200"}>{r.match ? t("yes") : t("no")}</span>
              {r.note ? <span className="ml-1 text-ink-600 dark:text-ink-300">{r.note}</span> : null}
            </td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

function GoodsTable({ report, fileName }: { report: GoodsReport; fileName: string }) {
  const t = useTranslations("uploads.report");
  const format = useFormatter();
  const rows = report.rows.slice(0, SHOWN_ROWS);
  return (
    <ReportTable fileName={fileName} shown={rows.length} total={report.rows.length}>
      <thead className="sticky top-0 bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
        <tr>
          <th scope="col" className={th}>{t("code")}</th>
          <th scope="col" className={`${th} text-right`}>{t("line")}</th>
          <th scope="col" className={th}>{t("what")}</th>
          <th scope="col" className={th}>{t("column")}</th>
          <th scope="col" className={th}>{t("old")}</th>
          <th scope="col" className={th}>{t("new")}</th>
        </tr>
      </thead>
      <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
        {rows.map((r, i) => (
          <tr key={i} data-report-code={r.code} data-report-kind={r.kind}>
            <td className={`${td} font-mono`} data-user-content="">{r.code}</td>
            <td className={`${td} text-right tabular-nums`}>{format.number(r.line)}</td>
            <td className={td}>{r.kind === "created" ? t("created") : t("changed")}</td>
            <td className={td}>
              {r.column ? (
                <>
                  {r.label} <span className="font-mono text-ink-600 dark:text-ink-300">{r.column}</span>
                </>
              ) : (
                "—"
              )}
            </td>
            <td className={`${td} max-w-60 truncate`} title={r.old} data-user-content="">{r.old}</td>
            <td className={`${td} max-w-60 truncate`} title={r.new} data-user-content="">{r.new}</td>
          </tr>
        ))}
      </tbody>
    </ReportTable>
  );
}

/** What an undo of a goods upload cannot take back: goods it created, values that were empty. */
function GoodsUndoLimits({ undo }: { undo: GoodsUndo }) {
  const t = useTranslations("uploads.report");
  const locale = useLocale() === "en" ? "en" : "ja";
  return (
    <div className="flex flex-col gap-1 text-xs text-ink-800 dark:text-ink-100" data-undo-limits="">
      {undo.created.length > 0 ? (
        <p>
          {t("createdStay", { count: undo.created.length })} <span className="font-mono" data-user-content="">{undo.created.slice(0, 20).map((c) => c.code).join(", ")}</span>
          {undo.created.length > 20 ? " …" : null}
        </p>
      ) : null}
      {undo.unrestorable.length > 0 ? (
        <>
          <p>{t("unrestorable", { count: undo.unrestorable.length })}</p>
          <ul className="list-disc pl-4">
            {undo.unrestorable.slice(0, 10).map((u, i) => (
              <li key={i}>
                <span className="font-mono" data-user-content="">{u.code}</span> {u.label[locale]}: {u.reason[locale]}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}
