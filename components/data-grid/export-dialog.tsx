"use client";
// Export of the whole filtered result (or the selected rows) as CSV: choose columns, encoding
// (UTF-8 with BOM, or Shift_JIS), header (labels in the current language, or field names) and
// values (names as the screen shows them, the default, or the codes);
// rows come through the BFF in pages of up to 10,000, three at a time (lib/grid/export.ts), with a
// progress bar and Cancel. A page that fails is asked again as the grid's queries are (what the BFF
// calls retryable, twice with backoff); one that still fails stops the export without losing what
// came: the dialog says why and which rows it has, and offers to fetch only the rest (after
// signing in again in a new tab, when the sign-in expired) or to save those rows. Characters that Shift_JIS cannot hold are listed with their row and
// column before anything is saved, and the person chooses to save with `?` in their place or to
// cancel. Loaded with lazyComponent.
import { saveFile } from "@/components/ui/save-file";
import { CircleAlert, Download, ExternalLink, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { ConditionInput } from "@/lib/bff/operation-request";
import {
  encodeCsvParts,
  exportFileName,
  findUnmappable,
  loadSjisCodec,
  type CsvDocument,
  type CsvEncoding,
  type SjisCodec,
  type UnmappableReport,
} from "@/lib/grid/csv";
import {
  exportDocument,
  exportStep,
  fetchAllRows,
  fetchedRanges,
  fetchedRows,
  fieldNamers,
  namedRows,
  pageWithRetries,
  type ExportPages,
  type ExportRow,
  type FieldNamer,
  type HeaderMode,
  type ValueMode,
} from "@/lib/grid/export";
import { choicesFromRows, choicesQueryOptions } from "@/lib/query/choices";
import { classificationOfPath, loadClassificationLabels } from "@/lib/query/classification-labels";
import { formatGrouped, type GridLocale } from "@/lib/grid/format";
import { inRowOrder, type RowOrder } from "@/lib/grid/row-order";
import { callSearch } from "@/lib/query/call-operation";
import { expiredLoginHref, isBffError } from "@/lib/query/bff-error";
import type { FieldDef } from "@/lib/ne/registry/types";
import { retryDelay, shouldRetry } from "@/components/query/providers";
import { errorDescription } from "@/components/query/error-text";
import type { GridDefinition } from "./grid-definition";
import { choicesSourceOf } from "./use-field-choices";
import { Modal } from "@/components/ui/modal";

export interface ExportRequest {
  conditions: ConditionInput[];
  extensionExecutionId?: string;
  total: number;
  /** The grid's row order: the file's rows come in the same order as the screen's. */
  order: RowOrder;
  /** The current page (offset, limit) and the keys selected on it, for "selected rows". */
  page: { offset: number; limit: number };
  selectedKeys: readonly string[];
}

type ExportDialogProps = {
  definition: GridDefinition;
  locale: GridLocale;
  visibleColumns: readonly string[];
  request: ExportRequest;
  onClose: () => void;
};

/** Which rows a file holds when the export stopped before the end. */
interface PartialFile {
  total: number;
  ranges: [number, number][];
}

type Stage =
  | { name: "options" }
  | { name: "running"; done: number; total: number; retrying: boolean }
  | { name: "report"; report: UnmappableReport; doc: CsvDocument; codec: SjisCodec; rows: number; partial?: PartialFile }
  | { name: "done"; fileName: string; rows: number; partial?: PartialFile }
  | { name: "stopped"; error: unknown; done: number; total: number; ranges: [number, number][] };

/** An export as started: what it fetches and names, and the pages that came so far (kept when it stops). */
interface Job {
  scope: "all" | "selected";
  exportFields: FieldDef[];
  namers: Record<string, FieldNamer>;
  fetchPage: (offset: number, limit: number, signal: AbortSignal) => Promise<ExportRow[]>;
  pages: ExportPages;
}

/** Another try of a failed page as the grid's queries get one (components/query/providers.tsx), or null. */
const retryPolicy = (failures: number, error: unknown): number | null => (shouldRetry(failures, error) ? retryDelay(failures, error) : null);

const radioClass = "size-4 accent-brand-600";

export default function ExportDialog({ definition, locale, visibleColumns, request, onClose }: ExportDialogProps) {
  const t = useTranslations("export");
  const tq = useTranslations("query");
  const id = useId();
  const fields = definition.resource.fields;
  const byName = useMemo(() => new Map(fields.map((f) => [f.name, f])), [fields]);
  const ordered = useMemo(() => [...visibleColumns.flatMap((n) => byName.get(n) ?? []), ...fields.filter((f) => !visibleColumns.includes(f.name))], [byName, fields, visibleColumns]);
  const [chosen, setChosen] = useState<string[]>(() => [...visibleColumns]);
  const [scope, setScope] = useState<"all" | "selected">("all");
  const [encoding, setEncoding] = useState<CsvEncoding>("utf8-bom");
  const [header, setHeader] = useState<HeaderMode>("labels");
  const [values, setValues] = useState<ValueMode>("names");
  const queryClient = useQueryClient();
  const [stage, setStage] = useState<Stage>({ name: "options" });
  const abortRef = useRef<AbortController | null>(null);
  const jobRef = useRef<Job | null>(null);
  /** Where "don't save" of a partial file's Shift_JIS report goes back to: the export that stopped. */
  const stoppedRef = useRef<Extract<Stage, { name: "stopped" }> | null>(null);

  useEffect(() => () => abortRef.current?.abort(), []);

  const selectedCount = request.selectedKeys.length;
  const rowCount = scope === "all" ? request.total : selectedCount;

  const finish = (doc: CsvDocument, codec: SjisCodec | undefined, rows: number, partial?: PartialFile) => {
    const fileName = partial ? exportFileName(definition.id).replace(/\.csv$/, "-partial.csv") : exportFileName(definition.id);
    saveFile(encodeCsvParts(doc, encoding, codec) as BlobPart[], fileName, encoding === "sjis" ? "text/csv;charset=shift_jis" : "text/csv;charset=utf-8");
    setStage(partial ? { name: "done", fileName, rows, partial } : { name: "done", fileName, rows });
  };

  /** Lays the rows (in the grid's order) out as the file and saves it, after the Shift_JIS check. */
  const write = async (job: Job, rows: ExportRow[], signal: AbortSignal | undefined, partial?: PartialFile) => {
    const doc = exportDocument(namedRows(rows, job.namers), job.exportFields, header, locale);
    if (encoding === "sjis") {
      const codec = await loadSjisCodec();
      if (signal?.aborted) return;
      const report = findUnmappable(doc, codec.canEncode);
      if (report.total > 0) {
        setStage(partial ? { name: "report", report, doc, codec, rows: rows.length, partial } : { name: "report", report, doc, codec, rows: rows.length });
        return;
      }
      finish(doc, codec, rows.length, partial);
    } else {
      finish(doc, undefined, rows.length, partial);
    }
  };

  const stopped = (job: Job | null, error: unknown) => {
    const pages = job?.pages ?? [];
    const done = fetchedRows(pages).length;
    const next = { name: "stopped", error, done, total: rowCount, ranges: job?.scope === "all" ? fetchedRanges(pages, request.total, request.order, exportStep(request.total)) : [] } as const;
    stoppedRef.current = next;
    setStage(next);
  };

  /** What the export fetches and how it names values: the choice lists come from the grid's own queries (cached). */
  const prepare = async (): Promise<Job | null> => {
    const exportFields = ordered.filter((f) => chosen.includes(f.name));
    const lists: Record<string, Map<string, string>> = {};
    try {
      let namers: Record<string, FieldNamer> = {};
      if (values === "names") {
        const rowNames = definition.rowNames ?? {};
        for (const field of exportFields) {
          const source = rowNames[field.name] ? undefined : choicesSourceOf(definition, field);
          if (!source) continue;
          const answer = await queryClient.fetchQuery(choicesQueryOptions(source));
          const labels = classificationOfPath(source.path) ? await loadClassificationLabels().catch(() => null) : undefined;
          lists[field.name] = new Map(choicesFromRows(answer.rows, source, locale, labels).map((c) => [c.value, c.label]));
        }
        namers = fieldNamers(exportFields, locale, rowNames, lists);
      }
      const fetchFields = [...new Set([...definition.keyFields, ...exportFields.map((f) => f.name), ...Object.values(namers).flatMap((n) => n.needs ?? [])])];
      const fetchPage = async (offset: number, limit: number, signal: AbortSignal) =>
        (await callSearch(definition.searchPath, { fields: fetchFields, conditions: request.conditions, extensionExecutionId: request.extensionExecutionId, offset, limit }, signal, { background: true })).rows;
      return { scope, exportFields, namers, fetchPage, pages: [] };
    } catch (error) {
      stopped(null, error);
      return null;
    }
  };

  /** Fetches what the job still lacks (everything, at first), then writes the file. */
  const run = async (job: Job) => {
    const controller = new AbortController();
    abortRef.current = controller;
    const retry = (failures: number, error: unknown) => {
      const delay = retryPolicy(failures, error);
      if (delay !== null && !controller.signal.aborted) setStage((now) => (now.name === "running" ? { ...now, retrying: true } : now));
      return delay;
    };
    try {
      let rows: ExportRow[];
      if (job.scope === "selected") {
        setStage({ name: "running", done: 0, total: rowCount, retrying: false });
        const keys = new Set(request.selectedKeys);
        const page = await pageWithRetries(job.fetchPage, request.page.offset, request.page.limit, controller.signal, retry);
        rows = inRowOrder(page, request.order).filter((row) => keys.has(definition.rowKey(row)));
        setStage({ name: "running", done: rows.length, total: rows.length, retrying: false });
      } else {
        // Fetched in the API's order (oldest first) and turned around whole for newest first.
        rows = inRowOrder(
          await fetchAllRows({
            total: request.total,
            step: exportStep(request.total),
            fetchPage: job.fetchPage,
            signal: controller.signal,
            pages: job.pages,
            retry,
            onProgress: (done, total) => setStage({ name: "running", done, total, retrying: false }),
          }),
          request.order,
        );
      }
      await write(job, rows, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) setStage({ name: "options" });
      else stopped(job, error);
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const start = async () => {
    jobRef.current = null;
    setStage({ name: "running", done: 0, total: rowCount, retrying: false });
    const job = await prepare();
    if (!job) return;
    jobRef.current = job;
    await run(job);
  };

  /** Fetches only the pages the stopped export lacks (all of them when none came, or nothing was prepared). */
  const resume = () => (jobRef.current ? run(jobRef.current) : start());

  /** Saves the rows that came before the export stopped, saying which rows of the result they are. */
  const savePartial = (ranges: [number, number][]) => {
    const job = jobRef.current;
    if (!job) return;
    void write(job, inRowOrder(fetchedRows(job.pages), request.order), undefined, { total: rowCount, ranges });
  };

  const cancel = () => {
    abortRef.current?.abort();
    setStage({ name: "options" });
  };

  const running = stage.name === "running";
  const keepsRows = (stage.name === "stopped" && stage.done > 0) || (stage.name === "done" && stage.partial !== undefined);
  const rangesText = (ranges: [number, number][]) => ranges.map(([a, b]) => (a === b ? formatGrouped(String(a)) : `${formatGrouped(String(a))}–${formatGrouped(String(b))}`)).join(t("rangeSep"));
  /** Why a page could not be fetched, as the grid's error panel says it. */
  const whyText = (error: unknown) => errorDescription(tq, error);
  let footer;
  let body;
  if (stage.name === "options") {
    footer = (
      <>
        <Button onClick={onClose}>{t("close")}</Button>
        <Button variant="primary" disabled={chosen.length === 0 || rowCount === 0} onClick={start}>
          <Download aria-hidden="true" />
          {t("start", { rows: formatGrouped(String(rowCount)) })}
        </Button>
      </>
    );
    body = (
      <div className="flex flex-col gap-4">
        <fieldset className="space-y-1">
          <legend className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("scope.label")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-scope`} className={radioClass} checked={scope === "all"} onChange={() => setScope("all")} />
            {t("scope.all", { rows: formatGrouped(String(request.total)) })}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-scope`} className={radioClass} checked={scope === "selected"} disabled={selectedCount === 0} onChange={() => setScope("selected")} />
            {t("scope.selected", { rows: formatGrouped(String(selectedCount)) })}
          </label>
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("encoding.label")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-enc`} className={radioClass} checked={encoding === "utf8-bom"} onChange={() => setEncoding("utf8-bom")} />
            {t("encoding.utf8")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-enc`} className={radioClass} checked={encoding === "sjis"} onChange={() => setEncoding("sjis")} />
            {t("encoding.sjis")}
          </label>
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("header.label")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-hdr`} className={radioClass} checked={header === "labels"} onChange={() => setHeader("labels")} />
            {t("header.labels")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-hdr`} className={radioClass} checked={header === "names"} onChange={() => setHeader("names")} />
            {t("header.names")}
          </label>
        </fieldset>
        <fieldset className="space-y-1">
          <legend className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("values.label")}</legend>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-values`} className={radioClass} checked={values === "names"} onChange={() => setValues("names")} />
            {t("values.names")}
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="radio" name={`${id}-values`} className={radioClass} checked={values === "codes"} onChange={() => setValues("codes")} />
            {t("values.codes")}
          </label>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("columns.label", { chosen: chosen.length })}</legend>
          <div className="mb-2 flex flex-wrap gap-1">
            <Button size="sm" onClick={() => setChosen([...visibleColumns])}>
              {t("columns.visible")}
            </Button>
            <Button size="sm" onClick={() => setChosen(fields.map((f) => f.name))}>
              {t("columns.all")}
            </Button>
            <Button size="sm" onClick={() => setChosen([])}>
              {t("columns.none")}
            </Button>
          </div>
          <ul className="max-h-56 space-y-0.5 overflow-y-auto rounded-md border border-ink-200 p-1 dark:border-ink-700">
            {ordered.map((field) => (
              <li key={field.name}>
                <label className="flex items-center gap-2 rounded px-1.5 py-0.5 text-sm hover:bg-ink-50 dark:hover:bg-ink-800">
                  <input
                    type="checkbox"
                    className="size-4 accent-brand-600"
                    checked={chosen.includes(field.name)}
                    onChange={(e) => setChosen(e.target.checked ? [...chosen, field.name] : chosen.filter((n) => n !== field.name))}
                  />
                  <span className="truncate">{field.label[locale]}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      </div>
    );
  } else if (stage.name === "running") {
    footer = <Button onClick={cancel}>{t("cancel")}</Button>;
    body = (
      <div className="flex flex-col gap-2" data-export-state="running" data-retrying={stage.retrying || undefined}>
        <label htmlFor={`${id}-progress`} className="text-sm">
          {t("progress", { done: formatGrouped(String(stage.done)), total: formatGrouped(String(stage.total)) })}
        </label>
        <progress id={`${id}-progress`} max={Math.max(1, stage.total)} value={stage.done} className="h-2 w-full accent-brand-600" />
        {stage.retrying ? <p className="text-xs text-ink-600 dark:text-ink-300">{t("retrying")}</p> : null}
      </div>
    );
  } else if (stage.name === "report") {
    const { report } = stage;
    footer = (
      <>
        <Button onClick={() => setStage(stage.partial && stoppedRef.current ? stoppedRef.current : { name: "options" })}>{t("report.cancel")}</Button>
        <Button variant="primary" onClick={() => finish(stage.doc, stage.codec, stage.rows, stage.partial)}>
          {t("report.continue")}
        </Button>
      </>
    );
    body = (
      <div className="flex flex-col gap-3" data-export-state="report">
        <p role="alert" className="text-sm text-ink-900 dark:text-ink-100">
          {t("report.summary", { total: report.total, chars: report.chars.length })}
        </p>
        <p className="text-sm text-ink-700 dark:text-ink-200">
          {t("report.chars")}{" "}
          <span data-user-content="" className="font-mono">
            {report.chars.join(" ")}
          </span>
        </p>
        <div className="max-h-72 overflow-auto rounded-md border border-ink-200 dark:border-ink-700">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t("report.caption")}</caption>
            <thead className="sticky top-0 bg-ink-50 text-xs dark:bg-ink-850">
              <tr>
                <th scope="col" className="px-2 py-1">{t("report.row")}</th>
                <th scope="col" className="px-2 py-1">{t("report.column")}</th>
                <th scope="col" className="px-2 py-1">{t("report.char")}</th>
                <th scope="col" className="px-2 py-1">{t("report.code")}</th>
              </tr>
            </thead>
            <tbody>
              {report.items.map((item, i) => (
                <tr key={i} className="border-t border-ink-100 dark:border-ink-800" data-unmappable-row={item.row}>
                  <td className="px-2 py-1 tabular-nums">{item.row === 0 ? t("report.headerRow") : formatGrouped(String(item.row))}</td>
                  <td className="px-2 py-1">{item.column}</td>
                  <td className="px-2 py-1" data-user-content="">{item.char}</td>
                  <td className="px-2 py-1 font-mono">{item.codePoint}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {report.total > report.items.length ? <p className="text-xs text-ink-600 dark:text-ink-300">{t("report.more", { more: report.total - report.items.length })}</p> : null}
      </div>
    );
  } else if (stage.name === "done") {
    const { partial } = stage;
    footer = partial ? (
      <>
        <Button onClick={onClose}>{t("close")}</Button>
        <Button variant="primary" onClick={() => void resume()}>
          <RefreshCw aria-hidden="true" />
          {t("stopped.resume")}
        </Button>
      </>
    ) : (
      <Button variant="primary" onClick={onClose}>
        {t("close")}
      </Button>
    );
    body = (
      <div role="status" data-export-state="done" data-partial={partial ? "" : undefined} className="space-y-1 text-sm text-ink-900 dark:text-ink-100">
        <p>{t("done", { file: stage.fileName, rows: formatGrouped(String(stage.rows)) })}</p>
        {partial ? <p>{t("partialDone", { total: formatGrouped(String(partial.total)), ranges: rangesText(partial.ranges) })}</p> : null}
      </div>
    );
  } else {
    const { error, done, total, ranges } = stage;
    const expired = isBffError(error) && error.kind === "auth-expired";
    footer = (
      <>
        <Button onClick={onClose}>{t("close")}</Button>
        {done > 0 ? <Button onClick={() => savePartial(ranges)}>{t("stopped.savePartial", { rows: formatGrouped(String(done)) })}</Button> : null}
        <Button variant="primary" onClick={() => void resume()}>
          <RefreshCw aria-hidden="true" />
          {done > 0 ? t("stopped.resume") : tq("retry")}
        </Button>
      </>
    );
    body = (
      <div role="alert" data-export-state="stopped" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 p-4 dark:border-red-900/60 dark:bg-red-950/40">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
        <div className="space-y-1 text-sm">
          <p className="font-semibold text-ink-950 dark:text-ink-0">{t("stopped.title")}</p>
          <p className="text-ink-700 dark:text-ink-200">{expired ? t("stopped.expired") : whyText(error)}</p>
          <p data-export-kept={done} className="text-ink-900 dark:text-ink-100">
            {done > 0 ? t("stopped.kept", { done: formatGrouped(String(done)), total: formatGrouped(String(total)), ranges: rangesText(ranges) }) : t("stopped.none")}
          </p>
          {isBffError(error) ? <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{tq("error.code", { code: error.code })}</p> : null}
          {expired ? (
            <a
              href={expiredLoginHref(window.location.pathname + window.location.search)}
              target="_blank"
              rel="noopener"
              className="inline-flex items-center gap-1 text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200"
            >
              {t("stopped.signIn")}
              <ExternalLink aria-hidden="true" className="size-3.5" />
            </a>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    // Rows fetched before a stop are kept for 続きを取得 only while the dialog is open: Esc or a
    // click beside it must not drop them by accident; 閉じる does, on purpose.
    <Modal open onClose={running ? cancel : onClose} locked={keepsRows} title={t("title")} footer={footer}>
      {body}
    </Modal>
  );
}
