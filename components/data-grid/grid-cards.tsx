"use client";
// On a phone (below `sm`), the page of rows as cards, one record a card: its key (the slip number,
// the goods code) and status badge on top, the definition's summary fields under it, each with its
// label (lib/grid/card-fields.ts chooses them). The same rows, paging, selection and drawer as the
// table. Keyboard: one tab stop (./use-roving-cards.ts, as the images gallery): ↑/↓ move between
// cards, Home/End, Enter or a tap opens the record's drawer, Space selects it (the checkbox beside
// each card, for a finger).
import { useTranslations } from "next-intl";
import { useMemo, type KeyboardEvent, type RefObject } from "react";
import { cardFields } from "@/lib/grid/card-fields";
import type { GridLocale } from "@/lib/grid/format";
import type { ApiRow } from "@/lib/query/call-operation";
import { cn } from "@/components/ui/cn";
import { FieldValue } from "./field-value";
import type { GridDefinition } from "./grid-definition";
import type { ChoiceLabels, RowSelection } from "./grid-table";
import { useRovingCards } from "./use-roving-cards";

export type GridCardsProps = {
  domId: string;
  /** Accessible name of the list ("Order slips"). */
  label: string;
  rows: readonly ApiRow[];
  definition: GridDefinition;
  locale: GridLocale;
  choiceLabels: Readonly<Record<string, ChoiceLabels>>;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  onOpen: (key: string) => void;
  /** Focus comes back here when the drawer closes: passed on to the active card. */
  gridRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
};

export function GridCards({ domId, label, rows, definition, locale, choiceLabels, selection, onSelectionChange, activeIndex, onActiveIndexChange, onOpen, gridRef, busy }: GridCardsProps) {
  const t = useTranslations("grid");
  const roving = useRovingCards(rows.length, activeIndex, onActiveIndexChange);
  const shown = useMemo(() => {
    const byName = new Map(definition.resource.fields.map((f) => [f.name, f]));
    const names = cardFields(definition);
    return {
      key: byName.get(names.key),
      status: names.status ? byName.get(names.status) : undefined,
      summary: names.summary.flatMap((n) => byName.get(n) ?? []),
    };
  }, [definition]);

  const toggle = (key: string) => {
    const next = { ...selection };
    if (next[key]) delete next[key];
    else next[key] = true;
    onSelectionChange(next);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    // Space selects the active card, as on the table's rows (Enter opens it, the button's own).
    if (event.key === " " && !event.altKey && !event.ctrlKey && !event.metaKey) {
      const row = rows[roving.active];
      if (row) {
        event.preventDefault();
        toggle(definition.rowKey(row));
      }
      return;
    }
    roving.onKeyDown(event);
  };

  return (
    <div
      ref={gridRef}
      tabIndex={-1}
      onFocus={(event) => {
        if (event.target === event.currentTarget) roving.focusActive();
      }}
      data-grid-cards=""
      data-previous-rows={busy || undefined}
      // The previous answer's cards while the new one loads (or cannot, offline): greyed and dashed,
      // not faded, so their text keeps its contrast; the banner above says whose rows they are.
      className={cn("outline-none", busy && "grayscale")}
    >
      <ul id={`${domId}-cards`} aria-label={label} aria-busy={busy || undefined} onKeyDown={onKeyDown} className="flex flex-col gap-2">
        {rows.map((row, index) => {
          const key = definition.rowKey(row);
          const selected = Boolean(selection[key]);
          const card = roving.cardProps(index);
          return (
            <li
              key={key}
              data-row-key={key}
              data-selected={selected || undefined}
              className={cn(
                "flex min-w-0 items-stretch rounded-lg border [content-visibility:auto] [contain-intrinsic-size:auto_5.5rem]",
                selected ? "border-brand-400 bg-brand-50 dark:border-brand-500 dark:bg-brand-950" : "border-ink-200 bg-ink-0 dark:border-ink-700 dark:bg-ink-900",
                busy && "border-dashed border-ink-400 bg-ink-50 dark:border-ink-500 dark:bg-ink-850",
              )}
            >
              <label className="flex shrink-0 cursor-pointer items-center px-3">
                <input
                  type="checkbox"
                  tabIndex={-1}
                  aria-label={t("selectRow", { key })}
                  checked={selected}
                  onChange={() => toggle(key)}
                  className="size-5 accent-brand-600"
                />
              </label>
              <button
                type="button"
                {...card}
                data-card={key}
                onClick={() => {
                  onActiveIndexChange(index);
                  onOpen(key);
                }}
                className={cn(
                  "flex min-w-0 flex-1 flex-col gap-1.5 rounded-r-lg py-2.5 pr-3 text-left text-sm",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400",
                  index === roving.active && "bg-brand-50/60 dark:bg-brand-950/40",
                )}
              >
                <span className="flex min-w-0 items-center justify-between gap-2">
                  {shown.key ? (
                    <span data-field={shown.key.name} className="flex min-w-0 items-center font-semibold text-ink-900 dark:text-ink-50">
                      <FieldValue definition={definition} field={shown.key} row={row} locale={locale} choice={choiceLabels[shown.key.name]} />
                    </span>
                  ) : null}
                  {shown.status ? (
                    <span data-field={shown.status.name} data-card-status="" className="flex shrink-0 items-center">
                      <FieldValue definition={definition} field={shown.status} row={row} locale={locale} choice={choiceLabels[shown.status.name]} />
                    </span>
                  ) : null}
                </span>
                {shown.summary.length ? (
                  <span className="grid grid-cols-[auto_minmax(0,1fr)] items-baseline gap-x-3 gap-y-0.5 text-xs">
                    {shown.summary.map((field) => (
                      <span key={field.name} className="contents">
                        <span className="text-ink-600 dark:text-ink-300">{field.label[locale]}</span>
                        <span
                          data-field={field.name}
                          className="flex min-w-0 text-ink-900 dark:text-ink-100"
                        >
                          <FieldValue definition={definition} field={field} row={row} locale={locale} choice={choiceLabels[field.name]} wrap />
                        </span>
                      </span>
                    ))}
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
