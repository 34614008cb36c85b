"use client";
// A journal file while and after it is sent: progress, batches, what went wrong, and what can be
// done next (stop, resume, cancel the rest, re-send a batch, see the stock it changed).
import { ExternalLink, Play, RotateCcw, Square, XCircle } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Button, buttonClasses } from "@/components/ui/button";
import type { UploadFile } from "@/lib/uploads/contract";
import { BatchList } from "./batch-list";
import { SendError } from "./send-error";
import { nextStored } from "./send-upload";
import { SendProgress } from "./send-progress";
import { StateBadge } from "./state-badge";
import { warehouseStockHref } from "./stock-link";
import type { useSend } from "./use-send";

type Send = ReturnType<typeof useSend>;

export function FileSendPanel({ file, send, onRetry }: { file: UploadFile; send: Send; onRetry?: () => void }) {
  const t = useTranslations("uploads.send");
  const { state } = send;
  const idle = state.phase === "idle";
  const stoppable = state.phase === "waiting-turn" || state.phase === "storing" || state.phase === "sending";
  const remaining = nextStored(file);
  const totalRows = file.batches.reduce((sum, b) => sum + b.rows, 0);
  const stockHref = file.kind === "warehouse-stock" && file.status === "done" ? warehouseStockHref(file.goodsCodes) : null;

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap items-center gap-2 text-sm">
        <span className="text-ink-600 dark:text-ink-300">{t("status")}</span>
        <StateBadge file={file.status} />
      </div>
      <SendProgress state={state} file={file} totalRows={totalRows || file.rows} />
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
      {idle && file.status === "storing" && !onRetry ? <p className="text-sm text-ink-700 dark:text-ink-200">{t("storingElsewhere")}</p> : null}
      <div className="flex flex-wrap gap-2">
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
            <Button onClick={() => void send.cancel(file)}>
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
        {stockHref ? (
          <Link href={stockHref} className={buttonClasses({ size: "md" })}>
            <ExternalLink aria-hidden="true" />
            {t("stockLink")}
          </Link>
        ) : null}
      </div>
      {file.batches.length > 0 ? <BatchList file={file} busy={!idle} onResend={(index) => void send.resend(file, index)} /> : null}
    </div>
  );
}
