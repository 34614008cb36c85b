// Record keys of grids, built from the resource's primary key (registry `primaryKey`): one
// string per row for the URL (`open=`) and the selection, and the conditions that find the row
// again. The URL takes keys of letters, digits, `_` and `-` only (lib/grid/url-state.ts), so
// letters, digits and `-` stay as they are (`SET-0001` reads as itself), every other character
// becomes `_` and two hex digits a UTF-8 byte, and `__` separates the parts of a composite key.
import type { ConditionInput } from "@/lib/bff/operation-request";
import type { ApiRow } from "@/lib/query/call-operation";
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";

const INTEGER = /^-?\d{1,18}$/;
const PLAIN = /[A-Za-z0-9-]/;
const HEX2 = /^[0-9A-F]{2}$/;
const MAX_PART = 1000;
const utf8 = new TextEncoder();

function encodePart(value: string): string {
  let out = "";
  for (const ch of value) {
    if (PLAIN.test(ch)) out += ch;
    else for (const byte of utf8.encode(ch)) out += `_${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** The parts of a key, or null when it is not one `recordKeyOf` can make. */
export function decodeRecordKey(key: string): string[] | null {
  const parts: string[] = [];
  let bytes: number[] = [];
  const finish = () => {
    try {
      parts.push(new TextDecoder("utf-8", { fatal: true }).decode(new Uint8Array(bytes)));
    } catch {
      return false;
    }
    bytes = [];
    return true;
  };
  for (let i = 0; i < key.length; ) {
    const ch = key[i] as string;
    if (ch === "_") {
      if (key[i + 1] === "_") {
        if (!finish()) return null;
        i += 2;
        continue;
      }
      const hex = key.slice(i + 1, i + 3);
      if (!HEX2.test(hex)) return null;
      bytes.push(Number.parseInt(hex, 16));
      i += 3;
    } else if (PLAIN.test(ch)) {
      bytes.push(ch.charCodeAt(0));
      i += 1;
    } else {
      return null;
    }
  }
  return finish() ? parts : null;
}

function keyFieldsOf(resource: ResourceDef): FieldDef[] {
  return resource.primaryKey.map((name) => {
    const field = resource.fields.find((f) => f.name === name);
    if (!field) throw new Error(`${resource.key}: primary key ${name} is not a field`);
    return field;
  });
}

/** The key of a row: its primary-key values, encoded and joined. */
export function recordKeyOf(resource: ResourceDef, row: ApiRow): string {
  return resource.primaryKey.map((name) => encodePart(row[name] ?? "")).join("__");
}

/** Conditions finding the row of a key, or null for a key no row of this resource can have. */
export function recordKeyConditions(resource: ResourceDef, key: string): ConditionInput[] | null {
  const fields = keyFieldsOf(resource);
  const parts = decodeRecordKey(key);
  if (!parts || parts.length !== fields.length) return null;
  const out: ConditionInput[] = [];
  for (const [i, field] of fields.entries()) {
    const value = parts[i] as string;
    if (value === "" || value.length > MAX_PART) return null;
    if (field.type === "N" && !INTEGER.test(value)) return null;
    out.push({ field: field.name, op: "eq", value });
  }
  return out;
}

/** How a grid keys its rows (components/data-grid's GridDefinition extends it). */
export interface RecordKeyParts {
  /** Fields every page fetches whatever the columns (the key's fields). */
  keyFields: readonly string[];
  /** The record key of a row (URL `open=`, selection). */
  rowKey: (row: ApiRow) => string;
  /** Conditions finding one record by its key (the drawer's fetch), or null for a bad key. */
  keyConditions: (key: string) => ConditionInput[] | null;
}

/**
 * A grid definition's key parts for a resource keyed by its registry primary key: the fields
 * every page fetches, a row's key, and the conditions of a key (see the head of this file).
 */
export function primaryKeyRecord(resource: ResourceDef): RecordKeyParts {
  return {
    keyFields: resource.primaryKey,
    rowKey: (row) => recordKeyOf(resource, row),
    keyConditions: (key) => recordKeyConditions(resource, key),
  };
}
