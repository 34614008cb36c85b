"use client";
// Parts of the stocktake card: per warehouse the stocked goods the file does not mention (leave
// them, or set them to 0), and the rows whose stock changed between the preview and the send.
import { useFormatter, useTranslations } from "next-intl";
import { useId } from "react";
import type { ChangedUnmentioned, PairState } from "@/lib/csv";
import type { CannotZeroGoods, StocktakeChanges, StocktakeView, UnmentionedChoice } from "./stocktake-protocol";

/** Goods listed per warehouse at most (the count says how many there are). */
const MAX_LISTED = 300;

const th = "px-2 py-1.5 font-medium";
const td = "px-2 py-1";

export function UnmentionedGoods({ view, choice, onChoice, disabled }: { view: StocktakeView; choice: UnmentionedChoice; onChoice: (c: UnmentionedChoice) => void; disabled: boolean }) {
  const t = useTranslations("uploads.stocktake.unmentioned");
  const format = useFormatter();
  const name = useId();
  const titleId = useId();
  const total = view.unmentioned.codes.length;
  const { quantity, allocated, deleted, codes } = view.unmentioned;
  return (
    <section aria-labelledby={titleId} className="flex flex-col gap-2" data-stocktake-unmentioned="">
      <h4 id={titleId} className="text-sm font-semibold text-ink-900 dark:text-ink-100">
        {t("title", { count: total })}
      </h4>
      <p className="text-sm text-ink-700 dark:text-ink-200">{total === 0 ? t("none") : t("description")}</p>
      {total > 0 ? (
        <>
          <fieldset className="flex flex-wrap gap-x-6 gap-y-1 text-sm text-ink-800 dark:text-ink-100" disabled={disabled}>
            <legend className="mb-1 font-medium">{t("legend", { count: total })}</legend>
            {(["leave", "zero"] as const).map((c) => (
              <label key={c} className="flex items-center gap-1.5">
                <input type="radio" name={name} value={c} className="size-4 accent-brand-600" checked={choice === c} onChange={() => onChoice(c)} />
                <span>{t(c)}</span>
              </label>
            ))}
          </fieldset>
          {view.groups
            .filter((g) => g.count > 0)
            .map((g) => {
              const shown = Math.min(g.count, MAX_LISTED);
              return (
                <div key={g.name} tabIndex={0} role="region" aria-labelledby={`${titleId}-${g.from}`} className="max-h-64 overflow-auto rounded-md border border-ink-200 dark:border-ink-800" data-warehouse={g.name}>
                  <table className="w-full border-collapse text-left text-xs">
                    <caption id={`${titleId}-${g.from}`} className="bg-ink-25 px-2 py-1.5 text-left text-sm font-medium text-ink-900 dark:bg-ink-900 dark:text-ink-100">
                      <span data-user-content="">{g.name}</span>: {t("caption", { count: g.count })}
                    </caption>
                    <thead className="bg-ink-50 text-ink-700 dark:bg-ink-900 dark:text-ink-200">
                      <tr>
                        <th scope="col" className={th}>{t("code")}</th>
                        <th scope="col" className={`${th} text-right`}>{t("quantity")}</th>
                        <th scope="col" className={`${th} text-right`}>{t("allocated")}</th>
                        <th scope="col" className={th}>{t("after")}</th>
                      </tr>
                    </thead>
                    <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
                      {Array.from({ length: shown }, (_, k) => {
                        const at = g.from + k;
                        const blocked = deleted[at] === 1 ? t("deleted") : (allocated[at] as number) > 0 ? t("allocatedBlocks") : null;
                        return (
                          <tr key={at} data-code={codes[at]}>
                            <td className={`${td} font-mono`} data-user-content="">{codes[at]}</td>
                            <td className={`${td} text-right tabular-nums`}>{format.number(quantity[at] as number)}</td>
                            <td className={`${td} text-right tabular-nums`}>{format.number(allocated[at] as number)}</td>
                            <td className={td}>{choice === "leave" ? t("stays") : (blocked ?? t("becomesZero"))}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                  {g.count > shown ? <p className="px-2 py-1.5 text-xs text-ink-600 dark:text-ink-300">{t("more", { count: g.count - shown })}</p> : null}
                </div>
              );
            })}
        </>
      ) : null}
    </section>
  );
}

function usePairText() {
  const t = useTranslations("uploads.stocktake.changed");
  const format = useFormatter();
  return (s: PairState | { quantity: number; allocated: number } | null): string => {
    if (s === null || s.quantity === null) return t("unknown");
    const text = s.allocated ? t("withAllocated", { quantity: format.number(s.quantity), allocated: format.number(s.allocated) }) : format.number(s.quantity);
    return "linked" in s && !s.linked ? `${text} ${t("notLinked")}` : text;
  };
}

/** The rows (and unmentioned goods) whose stock changed since the preview: before → now, and the difference recomputed. */
export function StockChanges({ changes, unmentioned }: { changes: StocktakeChanges; unmentioned: readonly ChangedUnmentioned[] }) {
  const t = useTranslations("uploads.stocktake.changed");
  const format = useFormatter();
  const pair = usePairText();
  const captionId = useId();
  const signed = (d: number) => (d > 0 ? `+${format.number(d)}` : d < 0 ? `−${format.number(-d)}` : "0");
  return (
    <div className="flex flex-col gap-2">
      {changes.changedCount > 0 ? (
        <div tabIndex={0} role="region" aria-labelledby={captionId} className="max-h-72 overflow-auto rounded-md border border-amber-300 bg-ink-0 dark:border-amber-800 dark:bg-ink-900" data-stocktake-changed="">
          <table className="w-full border-collapse text-left text-xs">
            <caption id={captionId} className="px-2 py-1.5 text-left text-sm font-medium text-ink-900 dark:text-ink-100">
              {t("caption", { count: changes.changedCount })}
            </caption>
            <thead className="bg-ink-50 text-ink-700 dark:bg-ink-800 dark:text-ink-200">
              <tr>
                <th scope="col" className={`${th} text-right`}>{t("line")}</th>
                <th scope="col" className={th}>{t("warehouse")}</th>
                <th scope="col" className={th}>{t("code")}</th>
                <th scope="col" className={`${th} text-right`}>{t("before")}</th>
                <th scope="col" className={`${th} text-right`}>{t("now")}</th>
                <th scope="col" className={`${th} text-right`}>{t("counted")}</th>
                <th scope="col" className={`${th} text-right`}>{t("difference")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
              {changes.changed.map((c) => (
                <tr key={c.line} data-line={c.line}>
                  <td className={`${td} text-right font-mono tabular-nums`}>{format.number(c.line)}</td>
                  <td className={td} data-user-content="">{c.warehouse}</td>
                  <td className={`${td} font-mono`} data-user-content="">{c.code}</td>
                  <td className={`${td} text-right tabular-nums`} data-cell="before">{pair(c.before)}</td>
                  <td className={`${td} text-right tabular-nums`} data-cell="now">{pair(c.now)}</td>
                  <td className={`${td} text-right tabular-nums`}>{c.counted === null ? "—" : format.number(c.counted)}</td>
                  <td className={`${td} text-right font-medium tabular-nums`} data-cell="difference">{c.difference === null ? t("error") : signed(c.difference)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {changes.changedCount > changes.changed.length ? <p className="px-2 py-1.5 text-xs text-ink-600 dark:text-ink-300">{t("more", { count: changes.changedCount - changes.changed.length })}</p> : null}
        </div>
      ) : null}
      {unmentioned.length > 0 ? (
        <div tabIndex={0} role="region" aria-label={t("unmentionedCaption", { count: unmentioned.length })} className="max-h-72 overflow-auto rounded-md border border-amber-300 bg-ink-0 dark:border-amber-800 dark:bg-ink-900">
          <table className="w-full border-collapse text-left text-xs">
            <caption className="px-2 py-1.5 text-left text-sm font-medium text-ink-900 dark:text-ink-100">{t("unmentionedCaption", { count: unmentioned.length })}</caption>
            <thead className="bg-ink-50 text-ink-700 dark:bg-ink-800 dark:text-ink-200">
              <tr>
                <th scope="col" className={th}>{t("warehouse")}</th>
                <th scope="col" className={th}>{t("code")}</th>
                <th scope="col" className={`${th} text-right`}>{t("before")}</th>
                <th scope="col" className={`${th} text-right`}>{t("now")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-ink-100 text-ink-900 dark:divide-ink-800 dark:text-ink-100">
              {unmentioned.slice(0, MAX_LISTED).map((g) => (
                <tr key={`${g.warehouse}\t${g.code}`}>
                  <td className={td} data-user-content="">{g.warehouse}</td>
                  <td className={`${td} font-mono`} data-user-content="">{g.code}</td>
                  <td className={`${td} text-right tabular-nums`}>{g.before ? pair(g.before) : t("notListed")}</td>
                  <td className={`${td} text-right tabular-nums`}>{g.now ? pair(g.now) : t("notListed")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

/** Unmentioned goods "set to 0" leaves as they are, and why. */
export function CannotZeroList({ goods }: { goods: readonly CannotZeroGoods[] }) {
  const t = useTranslations("uploads.stocktake.unmentioned");
  const format = useFormatter();
  if (goods.length === 0) return null;
  return (
    <div className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-ink-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-ink-50">
      <p className="font-medium">{t("cannotZero", { count: goods.length })}</p>
      <ul className="mt-1 list-disc pl-5">
        {goods.slice(0, 20).map((g) => (
          <li key={`${g.warehouse}\t${g.code}`}>
            <span data-user-content="">{g.warehouse} / {g.code}</span>:{" "}
            {g.why === "deleted" ? t("deleted") : t("allocatedReason", { allocated: format.number(g.allocated), quantity: format.number(g.quantity) })}
          </li>
        ))}
      </ul>
      {goods.length > 20 ? <p className="mt-1 text-xs">{t("more", { count: goods.length - 20 })}</p> : null}
    </div>
  );
}
