"use client";
// The filter form: a field picked from the resource's searchable fields (./field-picker.tsx:
// searchable by label in either language or API name, grouped by the drawer's sections), the
// operators that make sense for its kind (lib/grid/field-kinds.ts: a status is / is not / any of,
// a date a range or one day, a number compares, a text is searched) and a value input of that
// kind: a list for fields with choices, a calendar in the page's language for dates, numbers
// for N, text otherwise. A date range becomes two conditions (`gte` and `lte`), as the date
// quick filter writes them. Only operators the registry gives the field are offered (the
// official table by type); a list of more than 1,000 values is refused with a message.
import { useTranslations } from "next-intl";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import { formatDay } from "@/lib/grid/day-format";
import { BETWEEN, fieldKind, offeredOperators, type FieldKind, type FormOperator } from "@/lib/grid/field-kinds";
import { exceedsListLimit, isListOperator, isPatternOperator, isValueless, validateFilter, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { MAX_LIST_VALUES, type FieldDef } from "@/lib/ne/registry/types";
import { ChoiceList } from "./choice-list";
import { FieldPicker, type FieldGroup } from "./field-picker";
import type { GridDefinition } from "./grid-definition";
import { hasChoices, useFieldChoices } from "./use-field-choices";

// The calendar (react-day-picker) loads only when a date field is picked.
const DayCalendar = lazyComponent(() => import("./day-calendar"));

const inputClass =
  "h-8 w-full rounded-md border border-ink-300 bg-ink-0 px-2 text-sm text-ink-900 dark:border-ink-600 dark:bg-ink-850 dark:text-ink-100";

export default function FilterForm({
  definition,
  locale,
  onSubmit,
  onCancel,
}: {
  definition: GridDefinition;
  locale: GridLocale;
  /** One condition, or two for a range of days. */
  onSubmit: (filters: GridFilter[]) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("grid");
  const id = useId();
  const groups = useFieldGroups(definition, t);
  const fields = useMemo(() => groups.flatMap((g) => g.fields), [groups]);
  const [fieldName, setFieldName] = useState(fields[0]?.name ?? "");
  const field = fields.find((f) => f.name === fieldName);
  const kind: FieldKind = field ? fieldKind(field, hasChoices(definition, field)) : "text";
  const operators = field ? offeredOperators(field, kind) : [];
  const [op, setOp] = useState<FormOperator>(operators[0] ?? "eq");
  const [text, setText] = useState("");
  const [list, setList] = useState<string[]>([]);
  const [days, setDays] = useState({ from: "", to: "" });
  // Why the last Apply was refused: a value that does not fit, or a list over MAX_LIST_VALUES.
  const [invalid, setInvalid] = useState<Refusal | null>(null);
  const choosing = kind === "choice" && op !== BETWEEN && !isPatternOperator(op) && !isValueless(op);
  const choices = useFieldChoices(definition, field, locale, choosing);

  const changeField = (name: string) => {
    const next = fields.find((f) => f.name === name);
    setFieldName(name);
    setOp(next ? (offeredOperators(next, fieldKind(next, hasChoices(definition, next)))[0] ?? "eq") : "eq");
    setText("");
    setList([]);
    setDays({ from: "", to: "" });
    setInvalid(null);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!field) return;
    const built = build(definition, field, op, { text, list, days, choosing });
    if (!Array.isArray(built)) {
      setInvalid(built);
      return;
    }
    onSubmit(built);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate data-filter-kind={kind}>
      <FieldPicker id={`${id}-field`} label={t("filters.field")} groups={groups} value={fieldName} onChange={changeField} locale={locale} />
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-op`} className="text-xs font-medium text-ink-600 dark:text-ink-300">
          {t("filters.operator")}
        </label>
        <select
          id={`${id}-op`}
          value={op}
          onChange={(e) => {
            setOp(e.target.value as FormOperator);
            setInvalid(null);
          }}
          className={inputClass}
        >
          {operators.map((o) => (
            <option key={o} value={o}>
              {t(`operators.${o}`)}
            </option>
          ))}
        </select>
      </div>
      {op === BETWEEN || isValueless(op) || !field ? null : choosing && isListOperator(op) ? (
        <ChoiceList
          legend={t("filters.value")}
          choices={choices.choices}
          selected={list}
          onChange={setList}
          isLoading={choices.isLoading}
          isError={choices.isError}
        />
      ) : choosing ? (
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-value`} className="text-xs font-medium text-ink-600 dark:text-ink-300">
            {t("filters.value")}
          </label>
          <select id={`${id}-value`} value={text} onChange={(e) => setText(e.target.value)} className={inputClass}>
            <option value="">{choices.isLoading ? t("choicesLoading") : t("filters.choose")}</option>
            {choices.choices.map((c) => (
              <option key={c.value} value={c.value} data-user-content={c.userContent ? "" : undefined}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
      ) : kind === "date" && !isListOperator(op) ? (
        <DayValue label={t("filters.value")} locale={locale} day={text} onChange={setText} />
      ) : (
        <ScalarInput id={`${id}-value`} field={field} op={op} value={text} onChange={setText} label={t("filters.value")} hint={hintFor(op, t)} />
      )}
      {op === BETWEEN && field ? <DaysValue label={t("filters.value")} locale={locale} days={days} onChange={setDays} /> : null}
      {invalid ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {invalid === "tooMany" ? t("filters.tooMany", { max: MAX_LIST_VALUES }) : t("filters.invalid")}
        </p>
      ) : null}
      <div className="flex justify-end gap-2">
        <Button size="sm" variant="ghost" onClick={onCancel}>
          {t("cancel")}
        </Button>
        <Button size="sm" variant="primary" type="submit">
          {t("filters.apply")}
        </Button>
      </div>
    </form>
  );
}

/** The searchable fields in the drawer's sections, in their order; the rest under "Other". */
function useFieldGroups(definition: GridDefinition, t: ReturnType<typeof useTranslations<"grid">>): FieldGroup[] {
  return useMemo(() => {
    const byName = new Map(definition.resource.fields.filter((f) => f.searchable).map((f) => [f.name, f]));
    const groups: FieldGroup[] = [];
    for (const g of definition.drawerGroups ?? []) {
      const fields = g.fields.flatMap((n) => {
        const f = byName.get(n);
        if (!f) return [];
        byName.delete(n);
        return [f];
      });
      if (fields.length) groups.push({ key: g.titleKey, title: t(`drawerGroups.${g.titleKey}`), fields });
    }
    if (byName.size) groups.push({ key: "other", title: t("drawerGroups.other"), fields: [...byName.values()] });
    return groups;
  }, [definition, t]);
}

type Refusal = "invalid" | "tooMany";

/**
 * The conditions of the form's state, checked against the registry, or why not: a value that
 * does not fit, or more values than one condition of the API takes (MAX_LIST_VALUES).
 */
function build(
  definition: GridDefinition,
  field: FieldDef,
  op: FormOperator,
  state: { text: string; list: string[]; days: { from: string; to: string }; choosing: boolean },
): GridFilter[] | Refusal {
  const { resource } = definition;
  if (op === BETWEEN) {
    const { from, to } = state.days;
    if (!from) return "invalid";
    const [a, b] = to && to < from ? [to, from] : [from, to || from];
    const gte = validateFilter(resource, { field: field.name, op: "gte", value: a });
    const lte = validateFilter(resource, { field: field.name, op: "lte", value: b });
    return gte && lte ? [gte, lte] : "invalid";
  }
  const value = isValueless(op) ? undefined : state.choosing && isListOperator(op) ? state.list : state.text;
  const filter = validateFilter(resource, { field: field.name, op, value });
  if (filter) return [filter];
  return isListOperator(op) && value !== undefined && exceedsListLimit(value) ? "tooMany" : "invalid";
}

function hintFor(op: FormOperator, t: ReturnType<typeof useTranslations<"grid">>): string | undefined {
  if (op === BETWEEN) return undefined;
  if (isListOperator(op)) return t("filters.listHint");
  if (isPatternOperator(op)) return t("filters.likeHint");
  return undefined;
}

/** One day on a calendar in the page's language, and the day chosen in words. */
function DayValue({ label, locale, day, onChange }: { label: string; locale: GridLocale; day: string; onChange: (day: string) => void }) {
  const t = useTranslations("grid.dates");
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-xs font-medium text-ink-600 dark:text-ink-300">{label}</legend>
      <DayCalendar mode="single" locale={locale} label={t("calendar", { label })} day={day} onChange={onChange} />
      <p aria-live="polite" className="text-xs text-ink-800 dark:text-ink-100" data-date-draft="">
        {day ? t("chosen", { range: formatDay(day, locale) }) : t("none")}
      </p>
    </fieldset>
  );
}

/** A range of days on a calendar in the page's language. */
function DaysValue({
  label,
  locale,
  days,
  onChange,
}: {
  label: string;
  locale: GridLocale;
  days: { from: string; to: string };
  onChange: (days: { from: string; to: string }) => void;
}) {
  const t = useTranslations("grid.dates");
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-xs font-medium text-ink-600 dark:text-ink-300">{label}</legend>
      <DayCalendar mode="range" locale={locale} label={t("calendar", { label })} from={days.from} to={days.to} onChange={onChange} />
      <p aria-live="polite" className="text-xs text-ink-800 dark:text-ink-100" data-date-draft="">
        {days.from && days.to
          ? t("chosen", { range: t("range", { from: formatDay(days.from, locale), to: formatDay(days.to, locale) }) })
          : days.from
            ? t("pickEnd")
            : t("none")}
      </p>
    </fieldset>
  );
}

function ScalarInput({
  id,
  field,
  op,
  value,
  onChange,
  label,
  hint,
}: {
  id: string;
  field: FieldDef;
  op: FormOperator;
  value: string;
  onChange: (value: string) => void;
  label: string;
  hint?: string;
}) {
  const typed = op !== BETWEEN && !isListOperator(op) && !isPatternOperator(op);
  const type = typed && field.type === "N" ? "number" : "text";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-600 dark:text-ink-300">
        {label}
      </label>
      <input
        id={id}
        type={type}
        step={type === "number" ? "any" : undefined}
        inputMode={type === "number" ? "decimal" : undefined}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={hint ? `${id}-hint` : undefined}
        className={inputClass}
      />
      {hint ? (
        <p id={`${id}-hint`} className="text-xs text-ink-600 dark:text-ink-300">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
