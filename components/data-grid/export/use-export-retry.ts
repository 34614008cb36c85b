"use client";
// An export's recovery from upstream failures. A page that fails is asked again as the grid's
// queries are (what the BFF calls retryable, twice with backoff; components/query/providers.tsx),
// with "retrying" shown under the progress. One that still fails stops the export without losing
// what came: the job and its pages are kept, the stop says which rows of the result came, and the
// export can resume with only the pages it lacks.
import { useRef } from "react";
import { retryDelay, shouldRetry } from "@/components/query/providers";
import { exportStep, fetchedRanges, fetchedRows } from "@/lib/grid/export";
import type { ExportRequest, Job, SetStage, StoppedStage } from "./stage";

/** Another try of a failed page as the grid's queries get one, or null. */
const retryPolicy = (failures: number, error: unknown): number | null => (shouldRetry(failures, error) ? retryDelay(failures, error) : null);

export function useExportRetry(request: ExportRequest, setStage: SetStage) {
  /** The export as started, kept to resume it (null before it was prepared). */
  const jobRef = useRef<Job | null>(null);
  /** Where "don't save" of a partial file's Shift_JIS report goes back to: the export that stopped. */
  const stoppedRef = useRef<StoppedStage | null>(null);

  /** The retry rule for one run's pages; a retry shows as "retrying" unless the run was cancelled. */
  const pageRetry = (signal: AbortSignal) => (failures: number, error: unknown) => {
    const delay = retryPolicy(failures, error);
    if (delay !== null && !signal.aborted) setStage((now) => (now.name === "running" ? { ...now, retrying: true } : now));
    return delay;
  };

  /** Stops the export on a failure that retries did not mend, keeping what came (`total`: the rows it was to write). */
  const stop = (job: Job | null, error: unknown, total: number) => {
    const pages = job?.pages ?? [];
    const ranges = job?.scope === "all" ? fetchedRanges(pages, request.total, request.order, exportStep(request.total)) : [];
    const next: StoppedStage = { name: "stopped", error, done: fetchedRows(pages).length, total, ranges };
    stoppedRef.current = next;
    setStage(next);
  };

  return {
    /** Forgets the kept job: a new export starts. */
    reset: () => {
      jobRef.current = null;
    },
    keep: (job: Job) => {
      jobRef.current = job;
    },
    /** The job to resume, with the pages it has (null: nothing was prepared, start again). */
    kept: () => jobRef.current,
    /** The stop a partial file's report goes back to. */
    lastStop: () => stoppedRef.current,
    pageRetry,
    stop,
  };
}
