"use client";
// One stocktake file (or paste) from reading to its queue results: the file is read and compared
// in its own Web Worker with the stock of its warehouses (read by the page, one call at a time);
// the card shows per row current, counted, difference and status, the problems, and per warehouse
// the stocked goods the file does not mention (leave them, or set them to 0). Sending reads the
// stock again first: rows whose stock changed since the preview are shown with their differences
// recomputed and the operator confirms again, so a stale difference is never sent. The upload of
// the differences is checked like any warehouse-stock file against that fresh stock, then sent
// through the journal (purpose "stocktake", with its plan) and followed as any file.
import { Download, RotateCcw, Send, X } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useId, useState } from "react";
import { handleAuthExpired } from "@/components/query/providers";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/ui/save-file";
import type { CsvRefusal, LookupNeeds, StocktakeStock } from "@/lib/csv";
import { MAX_FILE_BYTES } from "@/lib/csv/types";
import { loadCsvModule } from "../csv-module";
import { Busy, CardSend, ReadFailure, Refusal } from "../card-send";
import { ProblemsTable } from "../problems-table";
import { SendError } from "../send-error";
import { toSendError, type SendError as SendErrorValue, type SendPlan } from "../send-upload";
import { useSend } from "../use-send";
import type { PackedProblems, UploadPreview, WorkerSource } from "../worker-protocol";
import { StocktakeClient } from "./stocktake-client";
import { CannotZeroList, StockChanges, UnmentionedGoods } from "./stocktake-parts";
import type { CannotZeroGoods, StocktakeChanges, StocktakeView, UnmentionedChoice } from "./stocktake-protocol";
import { StocktakeFilterGroup, StocktakeTable, type StocktakeFilter } from "./stocktake-table";

/** A stocktake dropped or pasted on the page. */
export interface StocktakeItem {
  id: string;
  fileName: string;
  size: number;
  source: WorkerSource;
}

type Stage =
  | { name: "waiting" }
  | { name: "reading" }
  | { name: "too-large" }
  | { name: "refused"; refusal: CsvRefusal }
  | { name: "looking-up"; preview: UploadPreview }
  | { name: "lookup-failed"; preview: UploadPreview; error: SendErrorValue }
  | { name: "computing"; preview: UploadPreview }
  | { name: "shown"; preview: UploadPreview; view: StocktakeView }
  | { name: "broken"; message: string };

type SendStage =
  | { name: "idle" }
  | { name: "rechecking" }
  | { name: "recheck-failed"; error: SendErrorValue }
  | { name: "changed"; changes: StocktakeChanges; unmentioned: StocktakeChanges["unmentionedChanged"] }
  | { name: "preparing" }
  | { name: "nothing"; cannotZero: CannotZeroGoods[] }
  | { name: "unclean"; problems: PackedProblems; cannotZero: CannotZeroGoods[] }
  | { name: "failed"; message: string }
  | { name: "sent"; cannotZero: CannotZeroGoods[]; zeroed: number };

// Stocktakes are read, looked up and compared one after another (the look-ups one call at a time).
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(task: () => Promise<T>): Promise<T> {
  const run = turn.then(task, task);
  turn = run.catch(() => undefined);
  return run;
}

/** The stock of a stocktake's warehouses and goods, read now through the BFF. */
async function fetchStock(needs: LookupNeeds): Promise<StocktakeStock> {
  try {
    const [csv, api] = await Promise.all([loadCsvModule(), import("../lookups-api")]);
    return await csv.fetchStocktakeStock(needs, { search: api.lookupSearch, count: api.lookupCount });
  } catch (error) {
    handleAuthExpired(error);
    throw error;
  }
}

/**
 * The journal's name of a stocktake's upload: the dropped file's (the entry's purpose says it is a
 * stocktake; a name in one language would be read in the history by people of either).
 */
export function stocktakeFileName(fileName: string): string {
  return fileName.slice(0, 255);
}


export function StocktakeCard({ item, onRemove, onJournalId }: { item: StocktakeItem; onRemove: () => void; onJournalId: (id: string) => void }) {
  const t = useTranslations("uploads");
  const ts = useTranslations("uploads.stocktake");
  const format = useFormatter();
  const locale = useLocale();
  const en = locale === "en";
  const ids = { title: useId(), rows: useId(), problems: useId(), reason: useId(), changed: useId(), hint: useId() };
  // The card's worker, started with its first step and ended with the card.
  const [worker] = useState<{ client: StocktakeClient | null }>(() => ({ client: null }));
  const clientOf = () => (worker.client ??= new StocktakeClient());
  const [stage, setStage] = useState<Stage>({ name: "waiting" });
  const [attempt, setAttempt] = useState(0);
  const [filter, setFilter] = useState<StocktakeFilter>("all");
  const [unmentioned, setUnmentioned] = useState<UnmentionedChoice>("leave");
  const [reason, setReason] = useState("棚卸");
  const [excludeErrors, setExcludeErrors] = useState(false);
  const [sendStage, setSendStage] = useState<SendStage>({ name: "idle" });
  const [plan, setPlan] = useState<SendPlan | null>(null);
  const send = useSend();
  const journalFile = send.state.file;
  const sending = send.state.phase !== "idle" && send.state.phase !== "duplicate";

  useEffect(
    () => () => {
      worker.client?.end();
      worker.client = null;
    },
    [worker],
  );

  useEffect(() => {
    if (journalFile) onJournalId(journalFile.id);
  }, [journalFile, onJournalId]);

  // Read, look up and compare (one stocktake at a time); a failed look-up waits for "Look up again".
  useEffect(() => {
    let live = true;
    const set = (s: Stage) => live && setStage(s);
    void inTurn(async () => {
      if (!live) return;
      const client = clientOf();
      let preview: UploadPreview;
      if (stage.name === "lookup-failed") preview = stage.preview;
      else {
        if (item.source.type === "file" && item.size > MAX_FILE_BYTES) return set({ name: "too-large" });
        set({ name: "reading" });
        const read = await client.read(item.source, MAX_FILE_BYTES);
        if (!read.ok) return set({ name: "refused", refusal: read.refusal });
        preview = read.preview;
      }
      set({ name: "looking-up", preview });
      let stock: StocktakeStock;
      try {
        stock = await fetchStock(preview.needs);
      } catch (error) {
        return set({ name: "lookup-failed", preview, error: toSendError(error) });
      }
      if (!live) return;
      set({ name: "computing", preview });
      const view = await client.compute(stock);
      set({ name: "shown", preview, view });
    }).catch((error: unknown) => set({ name: "broken", message: error instanceof Error ? error.message : String(error) }));
    return () => {
      live = false;
    };
    // Runs once, and again on "Look up again" (attempt).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [attempt]);

  const view = stage.name === "shown" ? stage.view : null;
  const preview = "preview" in stage ? stage.preview : null;
  const busy = sending || ["rechecking", "preparing"].includes(sendStage.name);

  const zeroable = view ? countZeroable(view) : 0;
  const toSend = view ? view.counts.up + view.counts.down + (unmentioned === "zero" ? zeroable : 0) : 0;
  const blocked = !view
    ? null
    : view.fileRefused
      ? ts("blocked.refused")
      : view.errorRows > 0 && !excludeErrors
        ? ts("blocked.errors", { count: view.errorRows })
        : reason.trim() === ""
          ? ts("blocked.reason")
          : toSend === 0
            ? ts("blocked.nothing")
            : null;

  /** Reads the stock again; sends only when no row's stock changed since the table the operator sees. */
  const startSend = async () => {
    if (!preview || !view) return;
    const client = clientOf();
    setSendStage({ name: "rechecking" });
    let fresh: StocktakeStock;
    try {
      fresh = await inTurn(() => fetchStock(preview.needs));
    } catch (error) {
      setSendStage({ name: "recheck-failed", error: toSendError(error) });
      return;
    }
    try {
      const changes = await client.restock(fresh);
      setStage({ name: "shown", preview, view: changes.view });
      const unmentionedChanged = unmentioned === "zero" ? changes.unmentionedChanged : [];
      if (changes.changedCount > 0 || unmentionedChanged.length > 0) {
        setSendStage({ name: "changed", changes, unmentioned: unmentionedChanged });
        return;
      }
      if (changes.view.fileRefused || (changes.view.errorRows > 0 && !excludeErrors)) {
        setSendStage({ name: "idle" });
        return;
      }
      setSendStage({ name: "preparing" });
      const prepared = await client.prepare(unmentioned, reason.trim(), excludeErrors);
      if (prepared.type === "nothing") return setSendStage({ name: "nothing", cannotZero: prepared.cannotZero });
      if (prepared.type === "unclean") return setSendStage({ name: "unclean", problems: prepared.problems, cannotZero: prepared.cannotZero });
      const next: SendPlan = {
        request: {
          kind: "warehouse-stock",
          fileName: stocktakeFileName(item.fileName),
          size: prepared.size,
          sha256: prepared.sha256,
          encoding: "utf-8",
          rows: prepared.rows,
          excludedLines: [],
          warningsConfirmed: false,
          batchCount: prepared.prepared.batches.length,
          goodsCodes: prepared.prepared.goodsCodes,
          purpose: "stocktake",
        },
        batches: prepared.prepared.batches,
        ...(prepared.prepared.plan === undefined ? {} : { planText: prepared.prepared.plan }),
      };
      setPlan(next);
      setSendStage({ name: "sent", cannotZero: prepared.cannotZero, zeroed: prepared.zeroed });
      void send.send(next, null);
    } catch (error) {
      setSendStage({ name: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  };

  const downloadReport = async () => {
    const csv = await clientOf().report(en ? "en" : "ja");
    saveFile([csv], `${item.fileName.replace(/\.[^.]*$/, "")}-problems.csv`, "text/csv;charset=utf-8");
  };


  const status =
    stage.name === "waiting"
      ? t("card.waiting")
      : stage.name === "reading"
        ? t("card.reading")
        : stage.name === "looking-up"
          ? ts("lookingUp")
          : stage.name === "computing"
            ? ts("computing", { rows: format.number(stage.preview.rows) })
            : stage.name === "shown"
              ? ts("computed", { rows: format.number(stage.view.size), up: stage.view.counts.up, down: stage.view.counts.down, none: stage.view.counts.none, errors: stage.view.counts.error })
              : stage.name === "lookup-failed"
                ? ts("lookupFailed")
                : t("card.unreadable");

  const sentStarted = journalFile !== null || sendStage.name === "sent";

  return (
    <article
      aria-labelledby={ids.title}
      data-upload-card="stocktake"
      className="flex flex-col gap-4 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs dark:border-ink-800 dark:bg-ink-900/40"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={ids.title} className="truncate text-sm font-semibold text-ink-950 dark:text-ink-0" data-user-content="">
            {item.fileName}
          </h3>
          <p className="text-xs text-ink-600 dark:text-ink-300">
            {t("card.meta", { kind: t("kinds.stocktake"), size: format.number(item.size / 1024, { maximumFractionDigits: 1 }) })}
          </p>
        </div>
        <Button size="sm" variant="ghost" onClick={onRemove} disabled={busy} aria-label={t("card.remove", { file: item.fileName })}>
          <X aria-hidden="true" />
          {t("card.removeShort")}
        </Button>
      </header>

      <div role="status">
        {["reading", "looking-up", "computing"].includes(stage.name) ? <Busy>{status}</Busy> : <p className="text-sm text-ink-800 dark:text-ink-100">{status}</p>}
      </div>

      <ReadFailure stage={stage} />
      {stage.name === "lookup-failed" ? (
        <SendError error={stage.error}>
          <Button size="sm" variant="primary" onClick={() => setAttempt((a) => a + 1)}>
            <RotateCcw aria-hidden="true" />
            {t("card.retryLookups")}
          </Button>
        </SendError>
      ) : null}

      {view ? (
        <>
          {view.problems.count > 0 ? (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 id={`${ids.problems}-h`} className="text-sm font-semibold text-ink-900 dark:text-ink-100">
                  {t("problems.title", { count: view.problems.count })}
                </h4>
                <Button size="sm" onClick={() => void downloadReport()} disabled={busy}>
                  <Download aria-hidden="true" />
                  {t("problems.download")}
                </Button>
              </div>
              <ProblemsTable kind="warehouse-stock" problems={view.problems} captionId={ids.problems} />
            </div>
          ) : null}

          <div className="flex flex-col gap-2">
            <h4 className="text-sm font-semibold text-ink-900 dark:text-ink-100">{ts("table.title")}</h4>
            <StocktakeFilterGroup view={view} filter={filter} onFilter={setFilter} />
            <StocktakeTable view={view} filter={filter} captionId={ids.rows} />
          </div>

          <UnmentionedGoods view={view} choice={unmentioned} onChoice={setUnmentioned} disabled={sentStarted || busy} />

          {!sentStarted ? (
            <div className="flex flex-col gap-3">
              <div className="flex flex-col gap-1">
                <label htmlFor={ids.reason} className="text-sm font-medium text-ink-800 dark:text-ink-100">
                  {ts("reason")}
                </label>
                <input
                  id={ids.reason}
                  value={reason}
                  onChange={(e) => setReason(e.target.value)}
                  disabled={busy}
                  className="h-8 w-full max-w-sm rounded-md border border-ink-300 bg-ink-0 px-2 text-sm text-ink-900 dark:border-ink-600 dark:bg-ink-900 dark:text-ink-100"
                />
              </div>
              {view.errorRows > 0 && !view.fileRefused && view.errorRows < view.size ? (
                <label className="flex items-start gap-2 text-sm text-ink-800 dark:text-ink-100">
                  <input type="checkbox" className="mt-0.5 size-4 shrink-0 accent-brand-600" checked={excludeErrors} disabled={busy} onChange={(e) => setExcludeErrors(e.target.checked)} />
                  <span>{ts("excludeErrors", { count: view.errorRows })}</span>
                </label>
              ) : null}
              {sendStage.name !== "changed" ? (
                <div className="flex flex-wrap items-center gap-3">
                  <Button variant="primary" onClick={() => void startSend()} disabled={blocked !== null || busy} aria-describedby={ids.hint}>
                    <Send aria-hidden="true" />
                    {ts("send")}
                  </Button>
                  <p id={ids.hint} className="text-sm text-ink-700 dark:text-ink-200">
                    {blocked ?? ts("ready", { count: toSend })}
                  </p>
                </div>
              ) : null}
            </div>
          ) : null}

          {sendStage.name === "rechecking" ? <Busy>{ts("rechecking")}</Busy> : null}
          {sendStage.name === "preparing" ? <Busy>{t("card.preparing")}</Busy> : null}
          {sendStage.name === "recheck-failed" ? (
            <SendError error={sendStage.error}>
              <Button size="sm" variant="primary" onClick={() => void startSend()}>
                <RotateCcw aria-hidden="true" />
                {t("send.retry")}
              </Button>
            </SendError>
          ) : null}
          {sendStage.name === "failed" ? <Refusal>{t("card.broken", { message: sendStage.message })}</Refusal> : null}
          {sendStage.name === "nothing" ? (
            <>
              <p role="status" className="text-sm text-ink-800 dark:text-ink-100">{ts("nothing")}</p>
              <CannotZeroList goods={sendStage.cannotZero} />
            </>
          ) : null}
          {sendStage.name === "unclean" ? (
            <div className="flex flex-col gap-2">
              <Refusal>{ts("unclean", { count: sendStage.problems.count })}</Refusal>
              <ProblemsTable kind="warehouse-stock" problems={sendStage.problems} captionId={`${ids.problems}-unclean`} />
            </div>
          ) : null}

          {sendStage.name === "changed" ? (
            <div role="alertdialog" aria-labelledby={ids.changed} aria-describedby={`${ids.changed}-d`} className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40" data-stocktake-restock="">
              <div className="space-y-1 text-sm text-ink-900 dark:text-ink-50">
                <p id={ids.changed} className="font-medium">
                  {ts("changed.title", { count: sendStage.changes.changedCount + sendStage.unmentioned.length })}
                </p>
                <p id={`${ids.changed}-d`}>{ts("changed.description")}</p>
              </div>
              <StockChanges changes={sendStage.changes} unmentioned={sendStage.unmentioned} />
              <p className="text-sm text-ink-800 dark:text-ink-100">{blocked ?? ts("ready", { count: toSend })}</p>
              <div className="flex flex-wrap gap-2">
                <Button variant="primary" size="sm" onClick={() => void startSend()} disabled={blocked !== null}>
                  <Send aria-hidden="true" />
                  {ts("changed.confirm")}
                </Button>
                <Button size="sm" autoFocus onClick={() => setSendStage({ name: "idle" })}>
                  {ts("changed.cancel")}
                </Button>
              </div>
            </div>
          ) : null}

          {sendStage.name === "sent" ? <CannotZeroList goods={sendStage.cannotZero} /> : null}
          <CardSend
            send={send}
            plan={plan}
            titleId={ids.title}
            onDontSend={() => {
              send.dismissDuplicate();
              setPlan(null);
              setSendStage({ name: "idle" });
            }}
          />
        </>
      ) : null}
    </article>
  );
}

/** Unmentioned goods "set to 0" can set to 0 (not deleted, nothing allocated). */
function countZeroable(view: StocktakeView): number {
  let n = 0;
  const { allocated, deleted } = view.unmentioned;
  for (let k = 0; k < deleted.length; k++) if (deleted[k] !== 1 && (allocated[k] as number) === 0) n++;
  return n;
}
