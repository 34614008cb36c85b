"use client";
// A card's send, once its file is prepared, for a dropped file and a stocktake alike: the failure
// of the journal's create or store with Retry, the wait for the lane and the create, the question
// when the same bytes were sent before, then the journal entry's panel (progress, batches, report).
import { CircleAlert, LoaderCircle, RotateCcw } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { MAX_FILE_BYTES, type CsvRefusal } from "@/lib/csv/types";
import { Button } from "@/components/ui/button";
import { timeZone } from "@/i18n/config";
import { FileSendPanel } from "./file-send-panel";
import { SendError } from "./send-error";
import type { SendPlan } from "./send-upload";
import type { useSend } from "./use-send";

/** A step under way, with a spinner. */
export function Busy({ children }: { children: string }) {
  return (
    <p className="flex items-center gap-2 text-sm text-ink-700 dark:text-ink-200">
      <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
      {children}
    </p>
  );
}

/** Why a file cannot go on, as an alert. */
export function Refusal({ children }: { children: string }) {
  return (
    <p role="alert" className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-ink-900 dark:border-red-900/60 dark:bg-red-950/40 dark:text-ink-50">
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" />
      {children}
    </p>
  );
}

/**
 * Why a card's file could not be read or checked: too large, refused by the reader (with its
 * line), or a failure the worker did not expect. Nothing for any other stage.
 */
export function ReadFailure({ stage }: { stage: { name: string; refusal?: CsvRefusal; message?: string } }) {
  const t = useTranslations("uploads");
  const en = useLocale() === "en";
  if (stage.name === "too-large") return <Refusal>{t("card.tooLarge", { size: Math.round(MAX_FILE_BYTES / 1024 / 1024) })}</Refusal>;
  if (stage.name === "refused" && stage.refusal) {
    const reason = en ? stage.refusal.reason.en : stage.refusal.reason.ja;
    return <Refusal>{stage.refusal.line ? t("card.refusedAt", { reason, line: stage.refusal.line }) : reason}</Refusal>;
  }
  if (stage.name === "broken") return <Refusal>{t("card.broken", { message: stage.message ?? "" })}</Refusal>;
  return null;
}

export function CardSend({
  send,
  plan,
  titleId,
  onDontSend,
}: {
  send: ReturnType<typeof useSend>;
  plan: SendPlan | null;
  /** The card title's id: the duplicate question is named after it. */
  titleId: string;
  /** The person chose not to send the file again. */
  onDontSend: () => void;
}) {
  const t = useTranslations("uploads");
  const format = useFormatter();
  const journalFile = send.state.file;
  const dateFormat = (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? iso : format.dateTime(date, { dateStyle: "medium", timeStyle: "short", timeZone });
  };
  return (
    <>
    {!journalFile && send.state.error && send.state.phase === "idle" && plan ? (
      <SendError error={send.state.error}>
        <Button size="sm" variant="primary" onClick={() => void send.send(plan, null)}>
          <RotateCcw aria-hidden="true" />
          {t("send.retry")}
        </Button>
      </SendError>
    ) : null}
    {!journalFile && send.state.phase === "waiting-turn" ? <Busy>{t("progress.waitingTurn")}</Busy> : null}
    {!journalFile && send.state.phase === "creating" ? <Busy>{t("progress.creating")}</Busy> : null}

    {send.state.phase === "duplicate" && plan ? (
      <div role="alertdialog" aria-labelledby={`${titleId}-dup`} className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 dark:border-amber-800 dark:bg-amber-950/40">
        <div id={`${titleId}-dup`} className="space-y-1 text-sm text-ink-900 dark:text-ink-50">
          {send.state.previous.map((p) => (
            <p key={p.id}>
              {t.rich("duplicate.sentBefore", {
                date: dateFormat(p.createdAt),
                person: () => <span data-user-content="">{p.personName}</span>,
                status: t(`fileStatus.${p.status}`),
              })}
            </p>
          ))}
          <p className="font-medium">{t("duplicate.question")}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="primary" size="sm" onClick={() => void send.send(plan, null, true)}>
            {t("duplicate.sendAgain")}
          </Button>
          <Button size="sm" autoFocus onClick={onDontSend}>
            {t("duplicate.dontSend")}
          </Button>
        </div>
      </div>
    ) : null}

    {journalFile && plan ? <FileSendPanel file={journalFile} send={send} onRetry={() => void send.send(plan, journalFile)} /> : null}
    </>
  );
}
