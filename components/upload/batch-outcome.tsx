"use client";
// Why a file's sending stopped at a batch, once the loop rests: a batch whose outcome is unknown
// (the answer was lost after the call left: it may be queued, so nothing sends it again by itself)
// or one the API refused (004001 no permission, a file refused). Says what happened to the batch,
// what the person can do, and where to check (the stock grid with the file's goods, the queue).
import { CircleAlert, ExternalLink } from "lucide-react";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button";
import type { UploadFile } from "@/lib/uploads/contract";
import { QueProblems } from "./que-problems";

/**
 * Batches the upload queue refused (-1): nothing of them was applied, and the other batches were
 * not held back by them (a confirmed warning row travels in a batch of its own). Each refusal in
 * the file's lines, once the loop rests.
 */
function QueueRefused({ file }: { file: UploadFile }) {
  const t = useTranslations("uploads.outcome");
  const format = useFormatter();
  const refused = file.batches.filter((b) => b.state === "failed" && !b.error);
  if (refused.length === 0) return null;
  const rows = refused.reduce((n, b) => n + b.rows, 0);
  const applied = file.batches.filter((b) => b.state === "done").reduce((n, b) => n + b.rows, 0);
  return (
    <div role="alert" data-batch-outcome="queue-refused" className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 dark:border-red-900/60 dark:bg-red-950/40">
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" />
        <div className="space-y-1 text-sm">
          <p className="font-medium text-ink-900 dark:text-ink-50">{t("queueRefusedTitle", { rows: format.number(rows) })}</p>
          <p className="text-ink-800 dark:text-ink-100">{applied > 0 ? t("queueRefusedOthers", { applied: format.number(applied) }) : t("queueRefused")}</p>
          {refused.map((b) => (
            <div key={b.index} className="text-ink-800 dark:text-ink-100">
              <QueProblems batch={b} />
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}

/** The API's code for "no permission for this operation". */
export const FORBIDDEN_CODE = "004001";

export function BatchOutcome({ file, stockHref }: { file: UploadFile; stockHref: string | null }) {
  const t = useTranslations("uploads");
  const format = useFormatter();
  const unknown = file.batches.find((b) => b.state === "unknown");
  // A send refused by the API carries its error; a job the queue failed (-1) has a que message instead.
  const refused = unknown ? undefined : file.batches.find((b) => b.state === "failed" && b.error);
  const batch = unknown ?? refused;
  if (file.status === "cancelled") return null;
  if (!batch) return <QueueRefused file={file} />;
  const numbers = {
    batch: batch.index + 1,
    total: file.batchCount,
    lines: t("batches.lines", { first: format.number(batch.firstLine), last: format.number(batch.lastLine) }),
  };
  const forbidden = batch.error?.code === FORBIDDEN_CODE;
  const [title, text, next] = unknown
    ? [t("outcome.unknownTitle", numbers), t("outcome.unknown"), t("outcome.unknownNext")]
    : forbidden
      ? [t("outcome.forbiddenTitle", numbers), t("outcome.forbidden"), null]
      : [t("outcome.refusedTitle", numbers), t("outcome.refused"), null];
  const tone = unknown
    ? "border-amber-300 bg-amber-50 dark:border-amber-800/70 dark:bg-amber-950/40"
    : "border-red-200 bg-red-50 dark:border-red-900/60 dark:bg-red-950/40";
  return (
    <div role="alert" data-batch-outcome={unknown ? "unknown" : "failed"} className={`flex flex-col gap-2 rounded-md border p-3 ${tone}`}>
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className={`mt-0.5 size-4 shrink-0 ${unknown ? "text-amber-700 dark:text-amber-300" : "text-red-700 dark:text-red-300"}`} />
        <div className="space-y-1 text-sm">
          <p className="font-medium text-ink-900 dark:text-ink-50">{title}</p>
          <p className="text-ink-800 dark:text-ink-100">{text}</p>
          {next ? <p className="text-ink-800 dark:text-ink-100">{next}</p> : null}
          {batch.error ? <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{t("outcome.code", { code: batch.error.code })}</p> : null}
        </div>
      </div>
      {unknown ? (
        <div className="flex flex-wrap gap-2 pl-6">
          {stockHref ? (
            <Link href={stockHref} className={buttonClasses({ size: "sm" })}>
              <ExternalLink aria-hidden="true" />
              {t("send.stockLink", { count: file.goodsCodes.length })}
            </Link>
          ) : null}
          <Link href="/masters/upload-queue" className={buttonClasses({ size: "sm" })}>
            <ExternalLink aria-hidden="true" />
            {t("outcome.queueLink")}
          </Link>
        </div>
      ) : null}
    </div>
  );
}
