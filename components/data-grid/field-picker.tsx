"use client";
// The filter form's field picker: a combobox (an input and a listbox) over the searchable fields,
// grouped by the drawer's sections, found by typing their label in either language or their API
// name. Keyboard: ↓/↑ move (↓ opens), Enter picks, Esc closes the list (a second Esc closes the
// form), Tab leaves; the input points at the active option with aria-activedescendant, so focus
// never leaves it. Written by hand, not with cmdk or Downshift: the behaviour needed is one
// WAI-ARIA combobox pattern in ~150 lines, and the form is a lazy chunk whose size a library
// would multiply. Part of the filter form's chunk.
import { Check } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { fieldMatches } from "@/lib/grid/field-kinds";
import type { GridLocale } from "@/lib/grid/format";
import type { FieldDef } from "@/lib/ne/registry/types";

export interface FieldGroup {
  key: string;
  title: string;
  fields: readonly FieldDef[];
}

interface FieldPickerProps {
  id: string;
  label: string;
  groups: readonly FieldGroup[];
  value: string;
  onChange: (name: string) => void;
  locale: GridLocale;
}

export function FieldPicker({ id, label, groups, value, onChange, locale }: FieldPickerProps) {
  const t = useTranslations("grid.fieldPicker");
  const [open, setOpen] = useState(false);
  // null: not searching (the input shows the chosen field's label).
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState<string | null>(null);

  const shown = useMemo(
    () => groups.map((g) => ({ ...g, fields: g.fields.filter((f) => fieldMatches(f, query ?? "")) })).filter((g) => g.fields.length > 0),
    [groups, query],
  );
  const flat = useMemo(() => shown.flatMap((g) => g.fields.map((f) => f.name)), [shown]);
  const chosen = groups.flatMap((g) => g.fields).find((f) => f.name === value);
  const optionId = (name: string) => `${id}-option-${name}`;
  const listId = `${id}-list`;
  const activeName = active !== null && flat.includes(active) ? active : (flat[0] ?? null);

  useEffect(() => {
    if (open && activeName) document.getElementById(optionId(activeName))?.scrollIntoView({ block: "nearest" });
    // optionId depends on id only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeName]);

  const close = () => {
    setOpen(false);
    setQuery(null);
  };
  const choose = (name: string) => {
    onChange(name);
    close();
  };
  const openAt = (name: string | null) => {
    setOpen(true);
    setActive(name);
  };
  const move = (by: number) => {
    if (flat.length === 0) return;
    const at = activeName ? flat.indexOf(activeName) : -1;
    setActive(flat[Math.min(flat.length - 1, Math.max(0, at + by))] ?? null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open || event.altKey) openAt(active ?? value);
        else move(1);
        break;
      case "ArrowUp":
        event.preventDefault();
        if (open) move(-1);
        else openAt(active ?? value);
        break;
      case "Enter":
        if (open && activeName) {
          event.preventDefault();
          choose(activeName);
        }
        break;
      case "Escape":
        if (open || query !== null) {
          // The list closes; the form (a popover) stays open.
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        break;
      case "Tab":
        close();
        break;
    }
  };

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-600 dark:text-ink-300">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        // The form opens on it (the popover's panel also focuses its first control once placed).
        autoFocus
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={open && activeName ? optionId(activeName) : undefined}
        placeholder={t("search")}
        value={query ?? (chosen ? chosen.label[locale] : "")}
        onChange={(e) => {
          setQuery(e.target.value);
          openAt(null);
        }}
        onFocus={(e) => e.target.select()}
        onClick={() => (open ? close() : openAt(value))}
        onBlur={close}
        onKeyDown={onKeyDown}
        className="h-8 w-full rounded-md border border-ink-300 bg-ink-0 px-2 text-sm text-ink-900 dark:border-ink-600 dark:bg-ink-850 dark:text-ink-100"
      />
      <div
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open}
        className="max-h-60 overflow-auto rounded-md border border-ink-200 bg-ink-0 py-1 dark:border-ink-700 dark:bg-ink-900"
      >
        {shown.length === 0 ? (
          <p className="px-2 py-1.5 text-sm text-ink-600 dark:text-ink-300">{t("none")}</p>
        ) : (
          shown.map((group) => (
            <div key={group.key} role="group" aria-labelledby={`${id}-group-${group.key}`}>
              <div id={`${id}-group-${group.key}`} role="presentation" className="px-2 pt-1.5 pb-0.5 text-[11px] font-semibold tracking-wide text-ink-600 uppercase dark:text-ink-300">
                {group.title}
              </div>
              {group.fields.map((f) => (
                <div
                  key={f.name}
                  id={optionId(f.name)}
                  role="option"
                  aria-selected={f.name === activeName}
                  data-field={f.name}
                  // Keeps the focus in the input (a click must not blur it first).
                  onMouseDown={(e) => e.preventDefault()}
                  onClick={() => choose(f.name)}
                  onMouseMove={() => setActive(f.name)}
                  className={cn(
                    "flex cursor-pointer items-center gap-2 px-2 py-1 text-sm text-ink-900 dark:text-ink-100",
                    f.name === activeName && "bg-brand-50 dark:bg-ink-800",
                  )}
                >
                  <Check aria-hidden="true" className={cn("size-3.5 shrink-0", f.name === value ? "text-brand-600 dark:text-brand-400" : "invisible")} />
                  <span className="min-w-0 flex-1 truncate">{f.label[locale]}</span>
                  <span className="shrink-0 font-mono text-[11px] text-ink-600 dark:text-ink-300">{f.name}</span>
                </div>
              ))}
            </div>
          ))
        )}
      </div>
      <p aria-live="polite" className="sr-only">
        {open ? t("count", { count: flat.length }) : ""}
      </p>
    </div>
  );
}
