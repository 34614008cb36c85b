"use client";
// The column chooser's dialog: shown columns in order with up/down buttons and a width field,
// a pin toggle (pinned columns stay at the left edge while the grid scrolls sideways), hidden
// ones below, a search box, and "Back to defaults".
import { ArrowDown, ArrowUp, Pin, PinOff } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, defaultColumnWidth } from "@/lib/grid/columns";
import type { ColumnChooserProps } from "./column-chooser";
import { Modal } from "@/components/ui/modal";

export default function ColumnChooserDialog({ resource, locale, visible, defaults, widths, fitted, pinned, defaultPinned, onApply, onClose }: ColumnChooserProps & { onClose: () => void }) {
  const t = useTranslations("grid");
  const id = useId();
  const [shown, setShown] = useState<string[]>(() => [...visible]);
  const [pins, setPins] = useState<string[]>(() => [...pinned]);
  const [query, setQuery] = useState("");
  const [resetWidths, setResetWidths] = useState(false);
  // Widths as typed (text, so a half-typed number is not snapped); applied within the limits.
  const [widthText, setWidthText] = useState<Record<string, string>>({});
  const byName = useMemo(() => new Map(resource.fields.map((f) => [f.name, f])), [resource]);
  const widthOf = (name: string): number => {
    const f = byName.get(name);
    if (!f) return MIN_COLUMN_WIDTH;
    // A column at its kind's default shows the width the table fitted to the page's words.
    const fallback = fitted?.[name] ?? defaultColumnWidth(f);
    const stored = widths[name];
    return resetWidths || stored === undefined || stored === defaultColumnWidth(f) ? fallback : stored;
  };
  const appliedWidths = (): Record<string, number> | null => {
    const typed = Object.entries(widthText);
    if (resetWidths && typed.length === 0) return null;
    const out: Record<string, number> = resetWidths ? {} : { ...widths };
    for (const [name, text] of typed) {
      const n = Math.round(Number(text));
      if (Number.isFinite(n) && text.trim() !== "") out[name] = Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, n));
    }
    return out;
  };
  const hidden = resource.fields.filter((f) => !shown.includes(f.name));
  const q = query.trim().toLowerCase();
  const matches = (name: string) => {
    if (!q) return true;
    const f = byName.get(name);
    return Boolean(f && (f.label[locale].toLowerCase().includes(q) || f.name.includes(q)));
  };

  const move = (index: number, delta: number) => {
    const next = [...shown];
    const target = index + delta;
    if (target < 0 || target >= next.length) return;
    [next[index], next[target]] = [next[target] as string, next[index] as string];
    setShown(next);
  };

  const footer = (
    <>
      <Button
        variant="ghost"
        className="mr-auto"
        onClick={() => {
          setShown([...defaults]);
          setPins([...defaultPinned]);
          setResetWidths(true);
          setWidthText({});
        }}
      >
        {t("columns.reset")}
      </Button>
      <Button onClick={onClose}>{t("cancel")}</Button>
      <Button
        variant="primary"
        disabled={shown.length === 0}
        onClick={() => {
          onApply(shown, appliedWidths(), pins.filter((n) => shown.includes(n)));
          onClose();
        }}
      >
        {t("columns.apply")}
      </Button>
    </>
  );

  return (
    <Modal open onClose={onClose} title={t("columns.title")} subtitle={t("columns.summary", { shown: shown.length, total: resource.fields.length })} footer={footer}>
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-q`} className="text-xs font-medium text-ink-600 dark:text-ink-300">
            {t("columns.search")}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            className="h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm dark:border-ink-600 dark:bg-ink-850"
          />
        </div>
        <fieldset>
          <legend className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("columns.shown")}</legend>
          <ol className="space-y-0.5">
            {shown.map((name, index) => {
              const field = byName.get(name);
              if (!field || !matches(name)) return null;
              const label = field.label[locale];
              const isPinned = pins.includes(name);
              return (
                <li key={name} className="flex items-center gap-2 rounded px-1.5 py-0.5 hover:bg-ink-50 dark:hover:bg-ink-800">
                  <input
                    id={`${id}-${name}`}
                    type="checkbox"
                    checked
                    disabled={shown.length === 1}
                    onChange={() => setShown(shown.filter((n) => n !== name))}
                    className="size-4 accent-brand-600"
                  />
                  <label htmlFor={`${id}-${name}`} className="flex-1 truncate text-sm">
                    {label}
                  </label>
                  <input
                    type="number"
                    inputMode="numeric"
                    min={MIN_COLUMN_WIDTH}
                    max={MAX_COLUMN_WIDTH}
                    step={8}
                    aria-label={t("columns.width", { column: label })}
                    value={widthText[name] ?? String(widthOf(name))}
                    onChange={(e) => setWidthText({ ...widthText, [name]: e.target.value })}
                    className="h-7 w-20 rounded-md border border-ink-300 bg-ink-0 px-1.5 text-right text-xs tabular-nums dark:border-ink-600 dark:bg-ink-850"
                  />
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={isPinned ? t("columns.unpin", { column: label }) : t("columns.pin", { column: label })}
                    aria-pressed={isPinned}
                    onClick={() => setPins(isPinned ? pins.filter((n) => n !== name) : [...pins, name])}
                    className={isPinned ? "text-brand-700 dark:text-brand-300" : undefined}
                  >
                    {isPinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={t("columns.up", { column: label })} disabled={index === 0} onClick={() => move(index, -1)}>
                    <ArrowUp aria-hidden="true" />
                  </Button>
                  <Button size="icon" variant="ghost" aria-label={t("columns.down", { column: label })} disabled={index === shown.length - 1} onClick={() => move(index, 1)}>
                    <ArrowDown aria-hidden="true" />
                  </Button>
                </li>
              );
            })}
          </ol>
        </fieldset>
        <fieldset>
          <legend className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("columns.hidden")}</legend>
          <ul className="space-y-0.5">
            {hidden
              .filter((f) => matches(f.name))
              .map((field) => (
                <li key={field.name} className="flex items-center gap-2 rounded px-1.5 py-1 hover:bg-ink-50 dark:hover:bg-ink-800">
                  <input
                    id={`${id}-${field.name}`}
                    type="checkbox"
                    checked={false}
                    onChange={() => setShown([...shown, field.name])}
                    className="size-4 accent-brand-600"
                  />
                  <label htmlFor={`${id}-${field.name}`} className="flex-1 truncate text-sm">
                    {field.label[locale]}
                  </label>
                </li>
              ))}
          </ul>
        </fieldset>
      </div>
    </Modal>
  );
}
