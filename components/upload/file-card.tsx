"use client";
// One dropped file (or paste) from reading to its queue results: what the reader saw, every
// problem, the choices before sending, then the journal entry's progress and batches.
import { Download, RotateCcw, X } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { handleAuthExpired } from "@/components/query/providers";
import { Button } from "@/components/ui/button";
import { saveFile } from "@/components/ui/save-file";
import { loadCsvModule } from "./csv-module";
import { compareAgain, diffCard, oneAtATime, type DiffDeps, type DiffStage, type UploadCard } from "./file-queue";
import { Busy, CardSend, ReadFailure, Refusal } from "./card-send";
import { GoodsDiffPanel } from "./goods-diff-panel";
import { StockChangesPanel } from "./stock-changes-panel";
import { PreviewTable } from "./preview-table";
import { ProblemsTable } from "./problems-table";
import { SendError } from "./send-error";
import { SendOptions, type SendChoice } from "./send-options";
import type { SendPlan } from "./send-upload";
import type { UploadReader } from "./upload-reader";
import { useSend } from "./use-send";

interface FileCardProps {
  card: UploadCard;
  reader: UploadReader | undefined;
  onRemove: () => void;
  onRetryLookups: () => void;
  /** The journal entry this card created (so the unfinished list does not show it twice). */
  onJournalId: (id: string) => void;
}

// The goods files' reads of their goods: one file's at a time, as the look-ups.
const goodsTurn = oneAtATime();

/** The steps of a goods file's diff, on its worker and over the BFF (lookups-api.ts). */
function diffDepsOf(reader: UploadReader, setStage: (stage: DiffStage) => void): DiffDeps {
  return {
    needs: () => reader.goodsNeeds(),
    fetch: async (needs, onCall) => {
      try {
        const [csv, api] = await Promise.all([loadCsvModule(), import("./lookups-api")]);
        return await csv.fetchGoodsForDiff(needs, {
          search: (path, request) => api.lookupSearch(path, request).finally(onCall),
          count: (path, request) => api.lookupCount(path, request).finally(onCall),
        });
      } catch (error) {
        handleAuthExpired(error);
        throw error;
      }
    },
    diff: (excludeErrors, current) => reader.goodsDiff(excludeErrors, current),
    setStage,
    turn: goodsTurn,
  };
}


export function FileCard({ card, reader, onRemove, onRetryLookups, onJournalId }: FileCardProps) {
  const t = useTranslations("uploads");
  const format = useFormatter();
  const locale = useLocale();
  const ids = { title: useId(), preview: useId(), problems: useId() };
  const send = useSend();
  const [choice, setChoice] = useState<SendChoice>({ excludeErrors: false, warningsConfirmed: false });
  const [plan, setPlan] = useState<SendPlan | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [prepareError, setPrepareError] = useState<string | null>(null);
  const [diff, setDiff] = useState<DiffStage | null>(null);
  const [downloadingDiff, setDownloadingDiff] = useState(false);
  const diffStarted = useRef(false);
  const { stage } = card;
  const isGoods = card.kind === "goods";
  const en = locale === "en";
  const errorRows = stage.name === "checked" ? stage.summary.errorRows : 0;
  const journalFile = send.state.file;
  const sending = send.state.phase !== "idle" && send.state.phase !== "duplicate";

  useEffect(() => {
    if (journalFile) onJournalId(journalFile.id);
  }, [journalFile, onJournalId]);

  // A checked goods file is compared with the goods it names before it can be sent (its plan, the
  // goods created and changed, is what the report after the upload and its undo start from).
  const diffDeps = useCallback((r: UploadReader) => diffDepsOf(r, setDiff), []);
  const startDiff = useCallback(
    (excludeErrors: boolean) => {
      if (!reader) return;
      diffStarted.current = true;
      void diffCard(excludeErrors, diffDeps(reader));
    },
    [reader, diffDeps],
  );
  useEffect(() => {
    if (!isGoods || stage.name !== "checked" || !reader || diffStarted.current) return;
    startDiff(choice.excludeErrors && errorRows > 0);
  }, [isGoods, stage.name, reader, startDiff, choice.excludeErrors, errorRows]);

  const onChoice = (next: SendChoice) => {
    setChoice(next);
    // Rows left out are left out of the diff too: compared again (the goods are not read again).
    const exclude = next.excludeErrors && errorRows > 0;
    if (reader && diff?.name === "ready" && diff.excludeErrors !== exclude) void compareAgain(exclude, diffDeps(reader));
  };

  const downloadDiff = async () => {
    if (!reader || diff?.name !== "ready") return;
    setDownloadingDiff(true);
    try {
      const csv = await reader.goodsDiffCsv(en ? "en" : "ja", diff.excludeErrors);
      saveFile([csv], `${card.fileName.replace(/\.[^.]*$/, "")}-diff.csv`, "text/csv;charset=utf-8");
    } finally {
      setDownloadingDiff(false);
    }
  };
  const diffPending = isGoods && diff?.name !== "ready";

  const status =
    stage.name === "waiting"
      ? t("card.waiting")
      : stage.name === "reading"
        ? t("card.reading")
        : stage.name === "looking-up" || stage.name === "lookup-waiting"
          ? t("card.lookingUp")
          : stage.name === "checking"
            ? t("card.checking", { rows: format.number(stage.preview.rows) })
            : stage.name === "checked"
              ? stage.summary.errorRows + stage.summary.warningRows === 0
                ? t("card.clean", { rows: format.number(stage.preview.rows) })
                : t("card.problems", { errors: stage.summary.errorRows, warnings: stage.summary.warningRows })
              : stage.name === "lookup-failed"
                ? t("card.lookupFailed")
                : t("card.unreadable");

  const startSend = async () => {
    if (stage.name !== "checked" || !reader) return;
    setPreparing(true);
    setPrepareError(null);
    try {
      const exclude = choice.excludeErrors && stage.summary.errorRows > 0;
      const prepared = await reader.batches(exclude);
      const { preview } = stage;
      const next: SendPlan = {
        request: {
          kind: card.kind,
          fileName: card.fileName,
          size: preview.size,
          sha256: preview.sha256,
          encoding: preview.encoding,
          rows: preview.rows,
          excludedLines: prepared.excludedLines,
          warningsConfirmed: stage.summary.warningRows > 0 && choice.warningsConfirmed,
          batchCount: prepared.batches.length,
          goodsCodes: prepared.goodsCodes,
          ...(card.purpose ? { purpose: card.purpose } : {}),
          ...(card.undoOf ? { undoOf: card.undoOf } : {}),
        },
        batches: prepared.batches,
        ...(prepared.plan === undefined ? {} : { planText: prepared.plan }),
      };
      setPlan(next);
      void send.send(next, null);
    } catch (error) {
      setPrepareError(error instanceof Error ? error.message : String(error));
    } finally {
      setPreparing(false);
    }
  };

  const downloadReport = async () => {
    if (!reader) return;
    const csv = await reader.report(en ? "en" : "ja");
    saveFile([csv], `${card.fileName.replace(/\.[^.]*$/, "")}-problems.csv`, "text/csv;charset=utf-8");
  };


  return (
    <article
      aria-labelledby={ids.title}
      data-upload-card={card.kind}
      className="flex flex-col gap-4 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs dark:border-ink-800 dark:bg-ink-900/40"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-0.5">
          <h3 id={ids.title} className="truncate text-sm font-semibold text-ink-950 dark:text-ink-0" data-user-content="">
            {card.fileName}
          </h3>
          <p className="text-xs text-ink-600 dark:text-ink-300">
            {t("card.meta", { kind: t(`kinds.${card.kind}`), size: format.number(card.size / 1024, { maximumFractionDigits: 1 }) })}
          </p>
        </div>
        <Button size="sm" variant="ghost" onClick={onRemove} disabled={sending || preparing || journalFile !== null && sending} aria-label={t("card.remove", { file: card.fileName })}>
          <X aria-hidden="true" />
          {t("card.removeShort")}
        </Button>
      </header>

      <div role="status">
        {stage.name === "reading" || stage.name === "looking-up" || stage.name === "checking" ? <Busy>{status}</Busy> : <p className="text-sm text-ink-800 dark:text-ink-100">{status}</p>}
      </div>

      <ReadFailure stage={stage} />

      {"preview" in stage ? (
        <div className="flex flex-col gap-2">
          <h4 id={`${ids.preview}-h`} className="text-sm font-semibold text-ink-900 dark:text-ink-100">
            {t("preview.title")}
          </h4>
          <PreviewTable kind={card.kind} preview={stage.preview} titleId={ids.preview} />
        </div>
      ) : null}

      {stage.name === "lookup-failed" ? (
        <SendError error={stage.error}>
          <Button size="sm" variant="primary" onClick={onRetryLookups}>
            <RotateCcw aria-hidden="true" />
            {t("card.retryLookups")}
          </Button>
        </SendError>
      ) : null}

      {stage.name === "checked" ? (
        <>
          {stage.problems.count > 0 ? (
            <div className="flex flex-col gap-2">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h4 id={`${ids.problems}-h`} className="text-sm font-semibold text-ink-900 dark:text-ink-100">
                  {t("problems.title", { count: stage.problems.count })}
                </h4>
                <Button size="sm" onClick={() => void downloadReport()} disabled={!reader}>
                  <Download aria-hidden="true" />
                  {t("problems.download")}
                </Button>
              </div>
              <ProblemsTable kind={card.kind} problems={stage.problems} captionId={ids.problems} />
            </div>
          ) : null}

          {stage.summary.stock && !journalFile ? <StockChangesPanel changes={stage.summary.stock} fileName={card.fileName} /> : null}

          {isGoods && diff && !journalFile ? (
            <GoodsDiffPanel stage={diff} onRetry={() => startDiff(choice.excludeErrors && errorRows > 0)} onDownload={() => void downloadDiff()} downloading={downloadingDiff} />
          ) : null}

          {!journalFile && send.state.phase !== "duplicate" ? (
            <SendOptions
              rows={stage.preview.rows}
              summary={stage.summary}
              choice={choice}
              onChoice={onChoice}
              onSend={() => void startSend()}
              busy={preparing || sending || !reader || diffPending}
            />
          ) : null}
          {preparing ? <Busy>{t("card.preparing")}</Busy> : null}
          {prepareError ? <Refusal>{t("card.broken", { message: prepareError })}</Refusal> : null}
          <CardSend send={send} plan={plan} titleId={ids.title} onDontSend={send.dismissDuplicate} />
        </>
      ) : null}
    </article>
  );
}
