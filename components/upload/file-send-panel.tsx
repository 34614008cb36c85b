"use client";
// A journal file while and after it is sent: progress, batches, what went wrong, and what can be
// done next (stop, resume, cancel the rest, re-send a batch, see the stock it changed).
import { ExternalLink, Play, RotateCcw, Send, Square, XCircle } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { Button, buttonClasses } from "@/components/ui/button";
import type { UploadFile } from "@/lib/uploads/contract";
import { BatchList } from "./batch-list";
import { BatchOutcome } from "./batch-outcome";
import { SendError } from "./send-error";
import { nextStored } from "./send-upload";
import { SendProgress } from "./send-progress";
import { StateBadge } from "./state-badge";
import { lazyComponent } from "@/components/ui/lazy-component";

// The report of a finished upload (its plan against what was read back) loads once one is shown.
const UploadReport = lazyComponent(() => import("./upload-report").then((m) => ({ default: m.UploadReport })));

/** Statuses with an outcome to report: every batch done, or some refused or unknown. */
const REPORTED = new Set(["done", "failed", "attention"]);
import type { useSend } from "./use-send";

type Send = ReturnType<typeof useSend>;

/**
 * The stock grid's link for a finished warehouse-stock upload. Its URL format comes with the
 * registry and the grid's URL state, loaded only once such an upload is shown.
 */
function useStockHref(goodsCodes: readonly string[] | null): string | null {
  const [href, setHref] = useState<{ key: string; href: string | null } | null>(null);
  const key = goodsCodes?.join("\n") ?? null;
  useEffect(() => {
    if (key === null || !goodsCodes) return;
    let live = true;
    import("./stock-link").then(
      (m) => live && setHref({ key, href: m.warehouseStockHref(goodsCodes) }),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // The codes are compared by their joined text (a new array each time the file is read).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return href && href.key === key ? href.href : null;
}

export function FileSendPanel({ file, send, onRetry }: { file: UploadFile; send: Send; onRetry?: () => void }) {
  const t = useTranslations("uploads.send");
  const { state } = send;
  const idle = state.phase === "idle";
  const stoppable = state.phase === "waiting-turn" || state.phase === "storing" || state.phase === "sending";
  const [closing, setClosing] = useState(false);
  // Another tab or device is sending a batch of this file: it carries on; this page only follows.
  const sendingElsewhere = file.batches.some((b) => b.state === "sending");
  const remaining = sendingElsewhere ? undefined : nextStored(file);
  const resendable = file.batches.some((b) => b.state === "failed" || b.state === "unknown");
  // Failed or unknown batches and nothing left to send: the person may close the upload for good.
  const closable = !remaining && !sendingElsewhere && file.status !== "cancelled" && resendable;
  // Rows to send: the batches' own count once all are stored, else the file's rows less those left out.
  const totalRows =
    file.batches.length === file.batchCount ? file.batches.reduce((sum, b) => sum + b.rows, 0) : file.rows - file.excludedLines.length;
  // Finished, or a batch's outcome unknown: the stock shows what was applied.
  const stockHref = useStockHref(file.kind === "warehouse-stock" && (file.status === "done" || file.status === "attention") ? file.goodsCodes : null);

  return (
    <div className="flex flex-col gap-3">
      {/* The journal's status, once the loop rests (while it runs, the progress says more and the
          status last read may be behind). */}
      {idle ? (
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="text-ink-600 dark:text-ink-300">{t("status")}</span>
          <StateBadge file={file.status} />
        </div>
      ) : null}
      <SendProgress state={state} file={file} totalRows={totalRows} />
      {idle && file.status === "done" ? (
        <p role="status" data-upload-finished="" className="text-sm font-medium text-emerald-800 dark:text-emerald-200">
          {t("finished", { rows: file.sentRows })}
        </p>
      ) : null}
      {state.error && idle ? (
        <SendError error={state.error}>
          {onRetry ? (
            <Button size="sm" variant="primary" onClick={onRetry}>
              <RotateCcw aria-hidden="true" />
              {t("retry")}
            </Button>
          ) : null}
        </SendError>
      ) : null}
      {idle ? <BatchOutcome file={file} stockHref={stockHref} /> : null}
      {idle && file.status === "storing" && !onRetry ? <p className="text-sm text-ink-700 dark:text-ink-200">{t("storingElsewhere")}</p> : null}
      <div className="flex flex-wrap gap-2">
        {state.retrying?.error.kind === "maintenance" && state.phase === "sending" && !state.cancelRequested ? (
          <Button variant="primary" onClick={send.sendNow}>
            <Send aria-hidden="true" />
            {t("sendNow")}
          </Button>
        ) : null}
        {stoppable ? (
          <Button onClick={send.stop} disabled={state.cancelRequested}>
            <Square aria-hidden="true" />
            {t("stop")}
          </Button>
        ) : null}
        {idle && remaining && file.status !== "storing" && file.status !== "cancelled" ? (
          <>
            <Button variant="primary" onClick={() => void send.resume(file)}>
              <Play aria-hidden="true" />
              {t("resume")}
            </Button>
            {/* The journal's cancel also ends the re-sending of failed and unknown batches: asked first then. */}
            <Button onClick={() => (resendable ? setClosing(true) : void send.cancel(file))} disabled={closing}>
              <XCircle aria-hidden="true" />
              {t("cancelRest")}
            </Button>
          </>
        ) : null}
        {idle && file.status === "storing" && !onRetry ? (
          <Button onClick={() => void send.cancel(file)}>
            <XCircle aria-hidden="true" />
            {t("cancelEntry")}
          </Button>
        ) : null}
        {idle && closable && !closing ? (
          <Button onClick={() => setClosing(true)}>
            <XCircle aria-hidden="true" />
            {t("close")}
          </Button>
        ) : null}
        {stockHref && file.status === "done" ? (
          <Link href={stockHref} className={buttonClasses({ size: "md" })}>
            <ExternalLink aria-hidden="true" />
            {t("stockLink", { count: file.goodsCodes.length })}
          </Link>
        ) : null}
      </div>
      {closing && idle ? (
        <div role="alertdialog" aria-labelledby={`close-${file.id}`} className="flex flex-wrap items-center gap-2 rounded-md bg-ink-50 p-2 dark:bg-ink-800/60" onKeyDown={(e) => e.key === "Escape" && setClosing(false)}>
          <p id={`close-${file.id}`} className="flex-1 text-sm text-ink-800 dark:text-ink-100">
            {t("confirmClose")}
          </p>
          <Button
            size="sm"
            variant="primary"
            autoFocus
            onClick={() => {
              setClosing(false);
              void send.cancel(file);
            }}
          >
            {t("close")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setClosing(false)}>
            {t("keepOpen")}
          </Button>
        </div>
      ) : null}
      {idle && file.hasPlan && REPORTED.has(file.status) ? <UploadReport file={file} /> : null}
      {file.batches.length > 0 ? <BatchList file={file} busy={!idle} onResend={(index) => void send.resend(file, index)} /> : null}
    </div>
  );
}
