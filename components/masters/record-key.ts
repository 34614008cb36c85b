// Record keys of master grids, built from the resource's primary key (registry `primaryKey`): one
// string per row for the URL (`open=`) and the selection, and the conditions that find the row
// again. Parts are URI-encoded and joined with "," (which encoding never leaves in a part), so
// codes holding any character survive the round trip.
import type { ConditionInput } from "@/lib/bff/operation-request";
import type { ApiRow } from "@/lib/query/call-operation";
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";

const INTEGER = /^-?\d{1,18}$/;
const MAX_PART = 1000;

function keyFieldsOf(resource: ResourceDef): FieldDef[] {
  return resource.primaryKey.map((name) => {
    const field = resource.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${resource.key}: primary key ${name} is not a field`);
    return field;
  });
}

/** The key of a row: its primary-key values, encoded and joined. */
export function recordKeyOf(resource: ResourceDef, row: ApiRow): string {
  return resource.primaryKey.map((name) => encodeURIComponent(row[name] ?? "")).join(",");
}

/** Conditions finding the row of a key, or null for a key no row of this resource can have. */
export function recordKeyConditions(resource: ResourceDef, key: string): ConditionInput[] | null {
  const fields = keyFieldsOf(resource);
  const parts = key.split(",");
  if (parts.length !== fields.length) return null;
  const out: ConditionInput[] = [];
  for (const [i, field] of fields.entries()) {
    let value: string;
    try {
      value = decodeURIComponent(parts[i] as string);
    } catch {
      return null;
    }
    if (value === "" || value.length > MAX_PART) return null;
    if (field.type === "N" && !INTEGER.test(value)) return null;
    out.push({ field: field.name, op: "eq", value });
  }
  return out;
}
