"use client";
// Where a file's sending stands: a progress bar of rows sent (with "batch 2 of 3") while it runs,
// and the file's state in words, announced as it changes.
import { useFormatter, useTranslations } from "next-intl";
import type { UploadFile } from "@/lib/uploads/contract";
import { rowsSent, type SendState } from "./send-upload";

export function SendProgress({ state, file, totalRows }: { state: SendState; file: UploadFile; totalRows: number }) {
  const t = useTranslations("uploads.progress");
  const format = useFormatter();
  const sent = rowsSent(file);
  const total = file.batchCount;
  const done = file.batches.filter((b) => b.state === "done").length;
  const batch = (state.current ?? 0) + 1;
  const numbers = { batch, total, sent: format.number(sent), rows: format.number(totalRows), done };
  const text =
    state.phase === "waiting-turn"
      ? t("waitingTurn")
      : state.phase === "creating"
        ? t("creating")
        : state.phase === "storing"
          ? t("storing", numbers)
          : state.phase === "sending"
            ? t("sending", numbers)
            : state.phase === "cancelling"
              ? t("cancelling")
              : state.phase === "following"
                ? t("following", numbers)
                : t("rowsSent", numbers);
  const percent = totalRows > 0 ? Math.round((sent / totalRows) * 100) : 0;
  return (
    <div className="flex flex-col gap-1.5">
      <div
        role="progressbar"
        aria-label={t("label", { file: file.fileName })}
        aria-valuemin={0}
        aria-valuemax={totalRows}
        aria-valuenow={sent}
        aria-valuetext={text}
        className="h-2 overflow-hidden rounded-full bg-ink-100 dark:bg-ink-800"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] dark:bg-brand-400" style={{ width: `${percent}%` }} />
      </div>
      <p role="status" className="text-sm text-ink-700 dark:text-ink-200">
        {text}
        {state.retrying && state.phase === "sending"
          ? ` ${t(state.retrying.error.kind === "maintenance" ? "maintenance" : "retrying", { batch, total, seconds: Math.ceil(state.retrying.waitMs / 1000) })}`
          : ""}
        {state.cancelRequested && state.phase !== "idle" ? ` ${t("stopRequested")}` : ""}
      </p>
    </div>
  );
}
