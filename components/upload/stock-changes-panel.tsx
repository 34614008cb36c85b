"use client";
// What sending a checked warehouse-stock file changes in the stock, before it is sent: the plan
// the worker made from the stock the file was checked against (rows in error and refused
// warnings change nothing), summed, with its first pairs. An undo is shown this way too: the
// operator sees every stock it puts back before confirming.
import { useFormatter, useTranslations } from "next-intl";
import type { StockChanges } from "./worker-protocol";

const th = "px-2 py-1.5 font-medium whitespace-nowrap";
const td = "px-2 py-1 whitespace-nowrap";

export function StockChangesPanel({ changes, fileName }: { changes: StockChanges; fileName: string }) {
  const t = useTranslations("uploads.stockChanges");
  const format = useFormatter();
  const signed = (n: number) => (n > 0 ? `+${format.number(n)}` : format.number(n));
  return (
    <section className="flex flex-col gap-2" data-stock-changes="">
      <h4 className="text-sm font-semibold text-ink-900 dark:text-ink-100">{t("title")}</h4>
      <p className="text-sm text-ink-800 dark:text-ink-100" data-stock-changes-summary="">
        {changes.pairs === 0
          ? t("none")
          : t("summary", {
              pairs: format.number(changes.pairs),
              added: format.number(changes.added),
              subtracted: format.number(changes.subtracted),
              linked: format.number(changes.linked),
              unlinked: format.number(changes.unlinked),
            })}
      </p>
      {changes.rows.length > 0 ? (
        <div tabIndex={0} role="region" aria-label={t("tableLabel", { file: fileName })} className="max-h-64 overflow-auto rounded-md border border-ink-200 dark:border-ink-800">
          <table className="w-full text-left text-xs">
            <thead className="sticky top-0 bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
              <tr>
                <th scope="col" className={th}>{t("warehouse")}</th>
                <th scope="col" className={th}>{t("code")}</th>
                <th scope="col" className={`${th} text-right`}>{t("now")}</th>
                <th scope="col" className={`${th} text-right`}>{t("change")}</th>
                <th scope="col" className={`${th} text-right`}>{t("after")}</th>
                <th scope="col" className={th}>{t("linkHeader")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
              {changes.rows.map((r) => (
                <tr key={`${r.warehouse}\t${r.code}`} data-change-code={r.code}>
                  <td className={td} data-user-content="">{r.warehouse}</td>
                  <td className={`${td} font-mono`} data-user-content="">{r.code}</td>
                  <td className={`${td} text-right tabular-nums`}>{format.number(r.before)}</td>
                  <td className={`${td} text-right tabular-nums`}>{signed(r.change)}</td>
                  <td className={`${td} text-right tabular-nums`}>{format.number(r.after)}</td>
                  <td className={td}>{r.link === "link" ? t("linked") : r.link === "unlink" ? t("unlinked") : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {changes.pairs > changes.rows.length ? <p className="text-xs text-ink-600 dark:text-ink-300">{t("more", { shown: format.number(changes.rows.length), total: format.number(changes.pairs) })}</p> : null}
    </section>
  );
}
