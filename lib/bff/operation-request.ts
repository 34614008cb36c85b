// The one request shape a page sends to the BFF proxy (`POST /api/ne/<operation path>`), and its
// validation against the registry. Browser-safe: pages build requests with the same types the
// server checks them with.
import { z } from "zod";
import {
  LIST_OPERATORS,
  MAX_LIST_VALUES,
  OPERATORS,
  VALUELESS_OPERATORS,
  acceptsOperator,
  getResource,
  type FieldDef,
  type FieldType,
  type OperationDef,
} from "@/lib/ne/registry";

const FIELD_NAME = /^[a-z0-9_]{1,100}$/;
const TYPE_NAMES: Record<FieldType, string> = { S: "string", N: "number", D: "date-time" };

export const conditionSchema = z
  .object({
    field: z.string().regex(FIELD_NAME, "not a field name"),
    op: z.enum(OPERATORS),
    value: z.union([z.string().max(10_000), z.array(z.string().max(1000)).max(MAX_LIST_VALUES)]).optional(),
  })
  .strict();

export const operationRequestSchema = z
  .object({
    fields: z.array(z.string().regex(FIELD_NAME, "not a field name")).max(1000).optional(),
    conditions: z.array(conditionSchema).max(200).optional(),
    offset: z.number().int().min(0).max(100_000_000).optional(),
    limit: z.number().int().min(1).max(10_000).optional(),
    waitFlag: z.boolean().optional(),
    extensionExecutionId: z.string().min(1).max(200).optional(),
  })
  .strict();

export type ConditionInput = z.infer<typeof conditionSchema>;
export type OperationRequest = z.infer<typeof operationRequestSchema>;

export interface OperationResponse {
  /** Rows of a search or info answer. */
  rows?: Record<string, string | null>[];
  /** Search: rows in this answer; count: the total. */
  count?: number;
}

export interface RequestIssue {
  path: string;
  message: string;
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

function valueIssue(field: FieldDef, value: string): string | undefined {
  if (field.type === "N" && !NUMBER.test(value)) return `${field.name} takes a number, got ${JSON.stringify(value.slice(0, 40))}`;
  if (field.type === "D" && !DATE_TIME.test(value)) {
    return `${field.name} takes a date-time YYYY-MM-DD HH:MM:SS, got ${JSON.stringify(value.slice(0, 40))}`;
  }
  return undefined;
}

const fieldMaps = new Map<string, ReadonlyMap<string, FieldDef>>();

function fieldsOf(operation: OperationDef): ReadonlyMap<string, FieldDef> {
  let map = fieldMaps.get(operation.resource);
  if (!map) {
    map = new Map(getResource(operation.resource).fields.map((f) => [f.name, f]));
    fieldMaps.set(operation.resource, map);
  }
  return map;
}

/** What is wrong with `request` for `operation` (empty when it may be sent). */
export function operationRequestIssues(operation: OperationDef, request: OperationRequest): RequestIssue[] {
  const issues: RequestIssue[] = [];
  const byName = fieldsOf(operation);
  const kind = operation.kind;
  const usesRows = kind === "search";

  if (usesRows && (!request.fields || request.fields.length === 0)) issues.push({ path: "fields", message: "fields is required on a search" });
  if (!usesRows) {
    for (const key of ["fields", "offset", "limit"] as const) {
      if (request[key] !== undefined) issues.push({ path: key, message: `${key} applies to searches only` });
    }
  }
  if (kind !== "search" && kind !== "count" && request.conditions?.length) {
    issues.push({ path: "conditions", message: "conditions apply to searches and counts only" });
  }
  if (request.extensionExecutionId !== undefined && !operation.extraParams.includes("extension_execution_id")) {
    issues.push({ path: "extensionExecutionId", message: "extension_execution_id applies to the order search only" });
  }

  request.fields?.forEach((name, i) => {
    if (!byName.has(name)) issues.push({ path: `fields.${i}`, message: `unknown field ${name} of ${operation.resource}` });
  });

  const seen = new Set<string>();
  request.conditions?.forEach((c, i) => {
    const at = `conditions.${i}`;
    const field = byName.get(c.field);
    if (!field) {
      issues.push({ path: at, message: `unknown field ${c.field} of ${operation.resource}` });
      return;
    }
    if (!field.searchable) issues.push({ path: at, message: `${c.field} cannot be searched` });
    if (!acceptsOperator(field, c.op)) {
      // The official operator table: the API refuses the operator on this field's type.
      issues.push({ path: at, message: `${c.field} (${TYPE_NAMES[field.type]}) does not take ${c.op}; it takes ${field.operators.join(" ")}` });
      return;
    }
    const key = `${c.field}-${c.op}`;
    if (seen.has(key)) issues.push({ path: at, message: `${key} is given twice` });
    seen.add(key);
    if (VALUELESS_OPERATORS.includes(c.op)) {
      if (c.value !== undefined && c.value !== "") issues.push({ path: at, message: `${c.op} takes no value` });
      return;
    }
    if (c.value === undefined) {
      issues.push({ path: at, message: `${key} needs a value` });
      return;
    }
    const values = Array.isArray(c.value) ? c.value : [c.value];
    if (Array.isArray(c.value) && !LIST_OPERATORS.includes(c.op)) issues.push({ path: at, message: `${c.op} takes one value, not a list` });
    if (LIST_OPERATORS.includes(c.op)) {
      if (values.length === 0) issues.push({ path: at, message: `${c.op} needs at least one value` });
      if (values.some((v) => v.includes(","))) issues.push({ path: at, message: `a value of ${c.op} cannot contain a comma` });
    }
    if (c.op === "like" || c.op === "nlike" || c.op === "nlikeornull") return; // a pattern (strings only) is any text
    for (const v of values) {
      const problem = valueIssue(field, v);
      if (problem) {
        issues.push({ path: at, message: problem });
        break;
      }
    }
  });
  return issues;
}

