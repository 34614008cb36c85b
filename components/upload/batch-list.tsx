"use client";
// A journal file's batches: lines, rows, state, the queue's message, and a re-send for a failed
// batch or one whose outcome is unknown, each after the person confirms. A failed batch is first
// checked against the stock as it is now (resend-check.ts): the confirmation says whether it
// would be accepted, and which of its lines would be refused again.
import { RotateCcw } from "lucide-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import type { UploadBatch, UploadFile } from "@/lib/uploads/contract";
import { FORBIDDEN_CODE } from "./batch-outcome";
import { QueProblems } from "./que-problems";
import { checkBeforeResend, type ResendVerdict } from "./resend-check";
import { StateBadge } from "./state-badge";

type Verdict = { phase: "checking" } | { phase: "checked"; verdict: ResendVerdict } | { phase: "error"; message: string };

/** The check of a failed batch against the stock as it is now, while its resend is being confirmed. */
function useResendVerdict(file: UploadFile, index: number | null): Verdict | null {
  const [verdict, setVerdict] = useState<{ index: number; verdict: Verdict } | null>(null);
  const batch = index === null ? undefined : file.batches.find((b) => b.index === index);
  const failed = batch?.state === "failed";
  useEffect(() => {
    if (index === null || !failed) return;
    let live = true;
    checkBeforeResend(file, index).then(
      (v) => live && setVerdict({ index, verdict: { phase: "checked", verdict: v } }),
      (error: unknown) => live && setVerdict({ index, verdict: { phase: "error", message: error instanceof Error ? error.message : String(error) } }),
    );
    return () => {
      live = false;
    };
    // Checked once per confirmation: the file's later reads do not start it again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [index, failed, file.id]);
  if (index === null || !failed) return null;
  // Until this confirmation's check answers (an earlier one's answer is not this one's).
  return verdict && verdict.index === index ? verdict.verdict : { phase: "checking" };
}

function VerdictText({ verdict }: { verdict: Verdict }) {
  const t = useTranslations("uploads.batches");
  const locale = useLocale();
  if (verdict.phase === "checking") return <p role="status" className="text-xs text-ink-700 dark:text-ink-200">{t("checkingNow")}</p>;
  if (verdict.phase === "error") return <p className="text-xs text-ink-700 dark:text-ink-200">{t("checkFailed", { message: verdict.message })}</p>;
  if (verdict.verdict.ok) return <p data-resend-verdict="ok" className="text-xs font-medium text-emerald-800 dark:text-emerald-200">{t("wouldSucceed")}</p>;
  return (
    <div data-resend-verdict="refused" className="text-xs text-red-800 dark:text-red-200">
      <p className="font-medium">{t("wouldFail")}</p>
      <ul className="mt-1 list-disc pl-4">
        {verdict.verdict.problems.slice(0, 10).map((p, i) => (
          <li key={i}>
            {p.line !== null ? `${t("problemLine", { line: p.line })}: ` : null}
            {p.column ? `[${p.column}] ` : null}
            {p.reason[locale === "en" ? "en" : "ja"]}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function BatchList({ file, busy, onResend }: { file: UploadFile; busy: boolean; onResend: (index: number) => void }) {
  const t = useTranslations("uploads.batches");
  const format = useFormatter();
  const [confirming, setConfirming] = useState<number | null>(null);
  const verdict = useResendVerdict(file, confirming);
  const refusedNow = verdict?.phase === "checked" && !verdict.verdict.ok;
  // Focus follows the check: on "send again" once it may succeed, on "keep" when it would be refused.
  const resendRef = useRef<HTMLButtonElement>(null);
  const keepRef = useRef<HTMLButtonElement>(null);
  const settled = confirming === null ? null : verdict === null ? "unchecked" : verdict.phase === "checking" ? null : refusedNow ? "refused" : "ok";
  useEffect(() => {
    if (settled === "refused") keepRef.current?.focus();
    else if (settled) resendRef.current?.focus();
  }, [settled, confirming]);
  const total = file.batchCount;
  const lines = (b: UploadBatch) => t("lines", { first: format.number(b.firstLine), last: format.number(b.lastLine) });

  return (
    <div tabIndex={0} role="region" aria-labelledby={`batches-${file.id}`} className="overflow-x-auto rounded-md border border-ink-200 dark:border-ink-800">
      <table className="w-full text-left text-xs">
        <caption id={`batches-${file.id}`} className="sr-only">
          {t("caption", { file: file.fileName })}
        </caption>
        <thead className="bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
          <tr>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("batch")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("linesHeader")}</th>
            <th scope="col" className="px-2 py-1.5 text-right font-medium">{t("rows")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("state")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">{t("message")}</th>
            <th scope="col" className="px-2 py-1.5 font-medium">
              <span className="sr-only">{t("actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
          {file.batches.map((b) => {
            const label = t("name", { index: b.index + 1, total });
            const canResend = b.state === "failed" || b.state === "unknown";
            // 004001 in the page's words: the API's own text for it says little to an operator.
            const errorText = b.error ? `${b.error.code === FORBIDDEN_CODE ? t("forbidden") : b.error.message} (${b.error.code})` : null;
            const message = b.state === "unknown" ? t("unknownHint") : (errorText ?? (b.state === "failed" ? <QueProblems batch={b} /> : b.queMessage));
            return (
              <tr key={b.index} data-batch-index={b.index} data-batch-state={b.state} className="align-top">
                <th scope="row" className="px-2 py-1.5 font-medium whitespace-nowrap">{label}</th>
                <td className="px-2 py-1.5 whitespace-nowrap tabular-nums">{lines(b)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{format.number(b.rows)}</td>
                <td className="px-2 py-1.5">
                  <StateBadge batch={b.state} />
                </td>
                <td className="px-2 py-1.5">
                  {message ? <span className={b.state === "unknown" ? "font-medium text-amber-800 dark:text-amber-200" : undefined}>{message}</span> : null}
                  {confirming === b.index ? (
                    <div role="alertdialog" aria-labelledby={`resend-${file.id}-${b.index}`} className="mt-2 flex flex-col gap-2 rounded-md bg-ink-50 p-2 dark:bg-ink-800/60" onKeyDown={(e) => e.key === "Escape" && setConfirming(null)}>
                      <p id={`resend-${file.id}-${b.index}`} className="text-xs text-ink-800 dark:text-ink-100">
                        {b.state === "unknown" ? t("confirmUnknown", { batch: label, lines: lines(b) }) : t("confirmFailed", { batch: label, lines: lines(b) })}
                      </p>
                      {b.state === "failed" && verdict ? <VerdictText verdict={verdict} /> : null}
                      <div className="flex gap-2">
                        <Button
                          size="sm"
                          ref={resendRef}
                          variant={refusedNow ? "secondary" : "primary"}
                          disabled={busy || verdict?.phase === "checking"}
                          onClick={() => {
                            setConfirming(null);
                            onResend(b.index);
                          }}
                        >
                          {t("confirmResend")}
                        </Button>
                        <Button ref={keepRef} size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                          {t("keep")}
                        </Button>
                      </div>
                    </div>
                  ) : null}
                </td>
                <td className="px-2 py-1.5 text-right">
                  {canResend ? (
                    <Button size="sm" disabled={busy || confirming !== null} onClick={() => setConfirming(b.index)} aria-label={t("resendLabel", { batch: label })}>
                      <RotateCcw aria-hidden="true" />
                      {t("resend")}
                    </Button>
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
