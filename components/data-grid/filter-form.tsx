"use client";
// The filter form: any searchable field of the resource, the operators a filter UI offers for
// its type (registry `uiOperators`), and a value input of that type: numbers for N, date-times
// for D, a list for enums and fields whose choices come from an operation, text otherwise.
import { useTranslations } from "next-intl";
import { useId, useMemo, useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { isListOperator, isPatternOperator, isValueless, validateFilter, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { uiOperators } from "@/lib/ne/registry/field";
import type { FieldDef, Operator } from "@/lib/ne/registry/types";
import { ChoiceList } from "./choice-list";
import type { GridDefinition } from "./grid-definition";
import { hasChoices, useFieldChoices } from "./use-field-choices";

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
  onSubmit: (filter: GridFilter) => void;
  onCancel: () => void;
}) {
  const t = useTranslations("grid");
  const id = useId();
  const fields = useMemo(() => definition.resource.fields.filter((f) => f.searchable), [definition.resource]);
  const [fieldName, setFieldName] = useState(fields[0]?.name ?? "");
  const field = fields.find((f) => f.name === fieldName);
  const operators = field ? uiOperators(field.type) : [];
  const [op, setOp] = useState<Operator>(defaultOperator(definition, field));
  const [text, setText] = useState("");
  const [list, setList] = useState<string[]>([]);
  const [invalid, setInvalid] = useState(false);
  const choosing = hasChoices(definition, field) && !isPatternOperator(op) && !isValueless(op);
  const choices = useFieldChoices(definition, field, locale, choosing);

  const changeField = (name: string) => {
    const next = fields.find((f) => f.name === name);
    setFieldName(name);
    setOp(defaultOperator(definition, next));
    setText("");
    setList([]);
    setInvalid(false);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!field) return;
    const value = isValueless(op) ? undefined : choosing && isListOperator(op) ? list : text;
    const filter = validateFilter(definition.resource, { field: field.name, op, value });
    if (!filter) {
      setInvalid(true);
      return;
    }
    onSubmit(filter);
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-field`} className="text-xs font-medium text-ink-600 dark:text-ink-300">
          {t("filters.field")}
        </label>
        <select id={`${id}-field`} autoFocus value={fieldName} onChange={(e) => changeField(e.target.value)} className={inputClass}>
          {fields.map((f) => (
            <option key={f.name} value={f.name}>
              {f.label[locale]}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-op`} className="text-xs font-medium text-ink-600 dark:text-ink-300">
          {t("filters.operator")}
        </label>
        <select
          id={`${id}-op`}
          value={op}
          onChange={(e) => {
            setOp(e.target.value as Operator);
            setInvalid(false);
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
      {isValueless(op) || !field ? null : choosing && isListOperator(op) ? (
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
      ) : (
        <ScalarInput id={`${id}-value`} field={field} op={op} value={text} onChange={setText} label={t("filters.value")} hint={hintFor(op, t)} />
      )}
      {invalid ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {t("filters.invalid")}
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

function defaultOperator(definition: GridDefinition, field: FieldDef | undefined): Operator {
  if (!field) return "eq";
  if (hasChoices(definition, field)) return "in";
  if (field.type === "S") return "like";
  if (field.type === "D") return "gte";
  return "eq";
}

function hintFor(op: Operator, t: ReturnType<typeof useTranslations<"grid">>): string | undefined {
  if (isListOperator(op)) return t("filters.listHint");
  if (isPatternOperator(op)) return t("filters.likeHint");
  return undefined;
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
  op: Operator;
  value: string;
  onChange: (value: string) => void;
  label: string;
  hint?: string;
}) {
  const typed = !isListOperator(op) && !isPatternOperator(op);
  const type = typed && field.type === "N" ? "number" : typed && field.type === "D" ? "datetime-local" : "text";
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-xs font-medium text-ink-600 dark:text-ink-300">
        {label}
      </label>
      <input
        id={id}
        type={type}
        step={type === "datetime-local" ? 1 : type === "number" ? "any" : undefined}
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
