"use client";
// The operator's choices before a checked file is sent. A file with errors is never sent as it
// is: either it is fixed and dropped again, or its rows in error are left out by an explicit
// choice. Warnings (stock going below 0) are sent only once confirmed.
import { Send } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import { Button } from "@/components/ui/button";
import type { CheckSummary } from "./worker-protocol";

export interface SendChoice {
  excludeErrors: boolean;
  warningsConfirmed: boolean;
}

export function SendOptions({
  rows,
  summary,
  choice,
  onChoice,
  onSend,
  busy,
}: {
  rows: number;
  summary: CheckSummary;
  choice: SendChoice;
  onChoice: (choice: SendChoice) => void;
  onSend: () => void;
  busy: boolean;
}) {
  const t = useTranslations("uploads.options");
  const format = useFormatter();
  const hintId = useId();
  const { errorRows, warningRows } = summary;
  const toSend = rows - (choice.excludeErrors ? errorRows : 0);
  const blocked =
    rows === 0
      ? t("noRows")
      : errorRows > 0 && !choice.excludeErrors
        ? t("blockedErrors", { count: errorRows })
        : toSend === 0
          ? t("nothingLeft")
          : warningRows > 0 && !choice.warningsConfirmed
            ? t("blockedWarnings")
            : null;
  const checkbox = "mt-0.5 size-4 shrink-0 accent-brand-600";

  return (
    <div className="flex flex-col gap-3">
      {errorRows > 0 && rows > errorRows ? (
        <label className="flex items-start gap-2 text-sm text-ink-800 dark:text-ink-100">
          <input type="checkbox" className={checkbox} checked={choice.excludeErrors} onChange={(e) => onChoice({ ...choice, excludeErrors: e.target.checked })} />
          <span>{t("excludeErrors", { count: errorRows, rest: format.number(rows - errorRows) })}</span>
        </label>
      ) : null}
      {warningRows > 0 ? (
        <label className="flex items-start gap-2 text-sm text-ink-800 dark:text-ink-100">
          <input type="checkbox" className={checkbox} checked={choice.warningsConfirmed} onChange={(e) => onChoice({ ...choice, warningsConfirmed: e.target.checked })} />
          <span>{t("confirmWarnings", { count: warningRows })}</span>
        </label>
      ) : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="primary" onClick={onSend} disabled={blocked !== null || busy} aria-describedby={blocked ? hintId : undefined}>
          <Send aria-hidden="true" />
          {t("send")}
        </Button>
        <p id={hintId} className="text-sm text-ink-700 dark:text-ink-200">
          {blocked ?? t("ready", { count: toSend })}
        </p>
      </div>
    </div>
  );
}
