"use client";
// The export's state machine: options → running (pages fetched, progress, Cancel) → the file
// saved (done), or a Shift_JIS report to answer first (report), or stopped by a failure (stopped,
// whence it resumes or saves what came). Rows come through the BFF in pages of up to 10,000, three
// at a time (lib/grid/export.ts); retries and resuming are ./use-export-retry.ts's, the file
// ./use-export-file.ts's. Closing the dialog (unmounting) cancels a run.
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import type { CsvDocument, SjisCodec } from "@/lib/grid/csv";
import { exportStep, fetchAllRows, fetchedRows, pageWithRetries, type ExportRow } from "@/lib/grid/export";
import type { GridLocale } from "@/lib/grid/format";
import { inRowOrder } from "@/lib/grid/row-order";
import type { GridDefinition } from "../grid-definition";
import { prepareJob } from "./prepare-job";
import type { ExportRequest, Job, PartialFile, Stage } from "./stage";
import { useExportFile } from "./use-export-file";
import type { ExportOptions } from "./use-export-options";
import { useExportRetry } from "./use-export-retry";

export function useExportRun(definition: GridDefinition, locale: GridLocale, request: ExportRequest, options: ExportOptions) {
  const queryClient = useQueryClient();
  const tAll = useTranslations();
  const [stage, setStage] = useState<Stage>({ name: "options" });
  const abortRef = useRef<AbortController | null>(null);
  const file = useExportFile(definition.id, locale, options.encoding, options.header);
  const retry = useExportRetry(request, setStage);
  const { rowCount } = options;

  useEffect(() => () => abortRef.current?.abort(), []);

  const finish = (doc: CsvDocument, codec: SjisCodec | undefined, rows: number, partial?: PartialFile) => {
    const fileName = file.save(doc, codec, partial !== undefined);
    setStage(partial ? { name: "done", fileName, rows, partial } : { name: "done", fileName, rows });
  };

  /** Lays the rows (in the grid's order) out as the file and saves it, after the Shift_JIS check. */
  const write = async (job: Job, rows: ExportRow[], signal: AbortSignal | undefined, partial?: PartialFile) => {
    const laid = await file.lay(job, rows, signal);
    if (!laid) return;
    if (laid.report) {
      const { doc, codec, report } = laid;
      setStage(partial ? { name: "report", report, doc, codec, rows: rows.length, partial } : { name: "report", report, doc, codec, rows: rows.length });
      return;
    }
    finish(laid.doc, laid.codec, rows.length, partial);
  };

  /** Fetches what the job still lacks (everything, at first), then writes the file. */
  const run = async (job: Job) => {
    const controller = new AbortController();
    abortRef.current = controller;
    const pageRetry = retry.pageRetry(controller.signal);
    try {
      let rows: ExportRow[];
      if (job.scope === "selected") {
        setStage({ name: "running", done: 0, total: rowCount, retrying: false });
        const keys = new Set(request.selectedKeys);
        const page = await pageWithRetries(job.fetchPage, request.page.offset, request.page.limit, controller.signal, pageRetry);
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
            retry: pageRetry,
            onProgress: (done, total) => setStage({ name: "running", done, total, retrying: false }),
          }),
          request.order,
        );
      }
      await write(job, rows, controller.signal);
    } catch (error) {
      if (controller.signal.aborted) setStage({ name: "options" });
      else retry.stop(job, error, rowCount);
    } finally {
      if (abortRef.current === controller) abortRef.current = null;
    }
  };

  const start = async () => {
    retry.reset();
    setStage({ name: "running", done: 0, total: rowCount, retrying: false });
    let job: Job;
    try {
      job = await prepareJob({ definition, locale, request, scope: options.scope, exportFields: options.exportFields, values: options.values, queryClient, t: (key) => tAll(key) });
    } catch (error) {
      retry.stop(null, error, rowCount);
      return;
    }
    retry.keep(job);
    await run(job);
  };

  return {
    stage,
    start,
    /** Stops a run and goes back to the options. */
    cancel: () => {
      abortRef.current?.abort();
      setStage({ name: "options" });
    },
    /** Fetches only the pages the stopped export lacks (all of them when none came, or nothing was prepared). */
    resume: () => {
      const job = retry.kept();
      return job ? run(job) : start();
    },
    /** Saves the rows that came before the export stopped, saying which rows of the result they are. */
    savePartial: (ranges: [number, number][]) => {
      const job = retry.kept();
      if (!job) return;
      void write(job, inRowOrder(fetchedRows(job.pages), request.order), undefined, { total: rowCount, ranges });
    },
    /** Saves the reported file with `?` for the characters Shift_JIS cannot hold. */
    saveReported: (report: Extract<Stage, { name: "report" }>) => finish(report.doc, report.codec, report.rows, report.partial),
    /** Leaves the report unsaved: back to the stopped export for a partial file, else to the options. */
    dropReport: (report: Extract<Stage, { name: "report" }>) => {
      const stop = retry.lastStop();
      setStage(report.partial && stop ? stop : { name: "options" });
    },
  };
}
