// What kind of value a field holds for a person building a condition, and the operators that
// make sense for it: a status or a flag is one of a list (is / is not / any of / none of, never
// "less than" or "contains"), a date is a day or a range of days, a number compares, a text is
// searched. Every operator offered is one the registry gives the field (the official operator
// table: no "before" on text, no "any of" on dates, no "contains" on numbers or dates), which is
// what `validateFilter` and the BFF take, so a condition built here is never refused later.
// Pure, browser-safe.
import { acceptsOperator, type FieldDef, type Operator } from "@/lib/ne/registry/types";

export type FieldKind = "choice" | "date" | "number" | "text";

/** `hasChoices`: the field's values come from a list (its enum, or choices from an operation). */
export function fieldKind(field: Pick<FieldDef, "type">, hasChoices: boolean): FieldKind {
  if (hasChoices) return "choice";
  if (field.type === "D") return "date";
  if (field.type === "N") return "number";
  return "text";
}

/** "Between two days": one choice in the form, written as a `gte` and an `lte` condition. */
export const BETWEEN = "between";
export type FormOperator = Operator | typeof BETWEEN;

const BY_KIND: Record<FieldKind, readonly FormOperator[]> = {
  choice: ["in", "eq", "neq", "nin"],
  date: [BETWEEN, "gte", "lte", "null", "nnull"],
  number: ["eq", "neq", "gte", "lte", "gt", "lt", "in", "nin", "null", "nnull"],
  text: ["like", "nlike", "eq", "neq", "in", "nin", "blank", "nblank", "null", "nnull"],
};

/** The operators offered for a field, the most used first. */
export function offeredOperators(field: Pick<FieldDef, "type" | "operators">, kind: FieldKind): FormOperator[] {
  const accepted = (op: Operator) => acceptsOperator(field, op);
  return BY_KIND[kind].filter((op) => (op === BETWEEN ? accepted("gte") && accepted("lte") : accepted(op)));
}

/** Text folded for matching what someone types: width (ＡＢ → ab), case, surrounding spaces. */
export function foldForSearch(text: string): string {
  return text.normalize("NFKC").toLowerCase().trim();
}

/** Whether a field matches a search: its label in either language, or its API name. */
export function fieldMatches(field: Pick<FieldDef, "name" | "label">, query: string): boolean {
  const q = foldForSearch(query);
  if (!q) return true;
  return [field.label.ja, field.label.en, field.name].some((text) => foldForSearch(text).includes(q));
}
