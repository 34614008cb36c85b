// Builders for registry entries: one call a field, defaults filled the same way everywhere.
import {
  OPERATORS_BY_TYPE,
  type ChoicesSource,
  type EnumValue,
  type FieldDef,
  type FieldFormat,
  type FieldType,
} from "./types";

export interface FieldOptions {
  enum?: readonly EnumValue[];
  choicesFrom?: ChoicesSource;
  /** Defaults to true; false only where the spec says so (the order grouping tag). */
  searchable?: boolean;
  format?: FieldFormat;
  note?: string;
}

const DEFAULT_FORMAT: Record<FieldType, FieldFormat> = { S: "text", N: "number", D: "datetime" };

/**
 * A field with the operators the official operator table accepts for its type (OPERATORS_BY_TYPE:
 * an enum-like field keeps what its type allows), searchable unless told otherwise, and a format
 * from its type.
 */
export function field(name: string, type: FieldType, ja: string, en: string, opts: FieldOptions = {}): FieldDef {
  const def: FieldDef = {
    name,
    type,
    label: { ja, en },
    operators: OPERATORS_BY_TYPE[type],
    searchable: opts.searchable ?? true,
    format: opts.format ?? (opts.enum ? "enum" : DEFAULT_FORMAT[type]),
  };
  if (opts.enum) def.enum = opts.enum;
  if (opts.choicesFrom) def.choicesFrom = opts.choicesFrom;
  if (opts.note) def.note = opts.note;
  return def;
}

/** Enum values from `[value, ja, en]` triples. */
export function values(...triples: ReadonlyArray<readonly [string, string, string]>): readonly EnumValue[] {
  return triples.map(([value, ja, en]) => ({ value, label: { ja, en } }));
}

/** Choices taken at run time from the rows of an info or search operation. */
export function choices(path: string, valueField: string, labelField: string): ChoicesSource {
  return { path, valueField, labelField };
}

/** 0/1 flags: `0 = off`, `1 = on` with the given labels. */
export function flag(ja0: string, en0: string, ja1: string, en1: string): readonly EnumValue[] {
  return values(["0", ja0, en0], ["1", ja1, en1]);
}

/** Deletion flag where 1 means deleted (the usual reading). */
export const DELETED_FLAG = flag("有効", "Active", "削除", "Deleted");
/** Deletion flag where the spec says 1 = valid, anything else = invalid. */
export const DELETED_FLAG_ONE_VALID = values(["1", "有効", "Valid"], ["0", "無効", "Invalid"]);
/** Tax classification (set goods 2.10, goods 2.7). */
export const TAX_ID = values(["0", "税抜", "Tax exclusive"], ["1", "税込", "Tax inclusive"], ["2", "非課税", "Non-taxable"]);
/** Same-day / next-day delivery. */
export const SAME_DAY_DELIVERY = values(["1", "当日発送", "Same-day shipping"], ["2", "翌日発送", "Next-day shipping"]);

export interface AuditOptions {
  /** Whether the `_null_safe_` variants exist for this prefix (spec 2.4). */
  nullSafe: boolean;
}

/** The audit fields of spec 2.4 for a prefix such as `stock_` (trailing underscore included). */
export function auditFields(prefix: string, { nullSafe }: AuditOptions): FieldDef[] {
  const p = prefix.endsWith("_") ? prefix : `${prefix}_`;
  const out: FieldDef[] = [
    field(`${p}creation_date`, "D", "作成日", "Created at"),
    field(`${p}last_modified_date`, "D", "最終更新日", "Last modified at"),
  ];
  if (nullSafe) {
    out.push(
      field(`${p}last_modified_null_safe_date`, "D", "最終更新日（未更新時は作成日）", "Last modified at (or created at)"),
    );
  }
  out.push(
    field(`${p}creator_id`, "N", "作成担当者ID", "Creator ID"),
    field(`${p}creator_name`, "S", "作成担当者名", "Creator name"),
    field(`${p}last_modified_by_id`, "N", "最終更新者ID", "Last modified by (ID)"),
  );
  if (nullSafe) {
    out.push(
      field(`${p}last_modified_by_null_safe_id`, "N", "最終更新者ID（未更新時は作成者）", "Last modified by (ID, or creator)"),
    );
  }
  out.push(field(`${p}last_modified_by_name`, "S", "最終更新者名", "Last modified by"));
  if (nullSafe) {
    out.push(
      field(`${p}last_modified_by_null_safe_name`, "S", "最終更新者名（未更新時は作成者）", "Last modified by (or creator)"),
    );
  }
  return out;
}
