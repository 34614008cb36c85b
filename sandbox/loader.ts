// Bulk loading for the data generator and the seeds: rows keyed by the registry's field names go
// into the resource's table in large batches (one statement a batch: the rows travel as one JSON
// parameter and `json_populate_recordset` types them, so there is no parameter-count limit).
import type { ResourceDef, ResourceKey } from "../lib/ne/registry/types";
import { quoteIdent, type SandboxDb } from "./db";
import { defaultRegistry, hasTable, RegistryIndex } from "./registry";
import { COMPANY_COLUMN, columnName, ensureIndexes, storedFields, tableName } from "./schema";

export type RowValue = string | number | null;
export type LoadRow = Record<string, RowValue | undefined>;

export interface LoadOptions {
  /** Registry to load against (defaults to the project's registry). */
  registry?: RegistryIndex;
  /** Rows per INSERT statement. */
  batchSize?: number;
}

let defaultIndex: RegistryIndex | undefined;
export function defaultRegistryIndex(): RegistryIndex {
  defaultIndex ??= new RegistryIndex(defaultRegistry());
  return defaultIndex;
}

const NUMBER_TEXT = /^-?\d+(\.\d+)?$/;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/;
const ZERO_DATE = /^0000-00-00/;

interface Column {
  field: string;
  column: string;
  type: "S" | "N" | "D";
}

function plan(resource: ResourceDef): { columns: Column[]; known: Set<string> } {
  const columns = storedFields(resource).map((f) => ({ field: f.name, column: columnName(f.name), type: f.type }));
  return { columns, known: new Set(resource.fields.map((f) => f.name)) };
}

/** Names a cell in error messages (a plain function: `convert` runs for every cell of a bulk load). */
function where(resource: ResourceDef, col: Column, rowIndex: number): string {
  return `${resource.key}[${rowIndex}].${col.field}`;
}

function convert(resource: ResourceDef, col: Column, value: RowValue | undefined, rowIndex: number): RowValue {
  if (value === undefined || value === null || value === "") return null;
  switch (col.type) {
    case "S":
      return typeof value === "number" ? String(value) : value;
    case "N":
      if (typeof value === "number") {
        if (!Number.isFinite(value)) throw new Error(`loadRows: ${where(resource, col, rowIndex)} is not a finite number`);
        return value;
      }
      if (!NUMBER_TEXT.test(value)) throw new Error(`loadRows: ${where(resource, col, rowIndex)} is not a number: ${JSON.stringify(value)}`);
      return value;
    case "D":
      if (typeof value !== "string" || !DATE_TEXT.test(value)) {
        throw new Error(`loadRows: ${where(resource, col, rowIndex)} is not a date-time YYYY-MM-DD HH:MM:SS: ${JSON.stringify(value)}`);
      }
      return ZERO_DATE.test(value) ? null : value;
  }
}

/**
 * Inserts rows of one resource for one company. Keys are field names of the registry (unknown keys
 * throw, missing keys are NULL); N takes numbers or numeric strings, D takes Japan-time
 * `YYYY-MM-DD HH:MM:SS` (or `0000-00-00 00:00:00` / "" / null for none), "" is stored as NULL.
 * Call `finishLoad(db)` once after a large load so the planner knows the new sizes.
 */
export async function loadRows(
  db: SandboxDb,
  resourceKey: ResourceKey,
  companyNeId: string,
  rows: readonly LoadRow[],
  options: LoadOptions = {},
): Promise<number> {
  const registry = options.registry ?? defaultRegistryIndex();
  const resource = registry.resource(resourceKey);
  if (!hasTable(resource)) throw new Error(`loadRows: ${resourceKey} has no table`);
  const { columns, known } = plan(resource);
  const table = quoteIdent(tableName(resourceKey));
  const colList = columns.map((c) => quoteIdent(c.column)).join(", ");
  const sql = `INSERT INTO ${table} (${COMPANY_COLUMN}, ${colList}) SELECT $2, ${colList} FROM json_populate_recordset(NULL::${table}, $1::json)`;
  const batchSize = options.batchSize ?? (db.copyCsv ? 5000 : 2000);
  const checked = (row: LoadRow) => {
    for (const key of Object.keys(row)) {
      if (!known.has(key)) throw new Error(`loadRows: ${resourceKey} has no field ${key}`);
    }
    return row;
  };
  for (let start = 0; start < rows.length; start += batchSize) {
    const batch = rows.slice(start, start + batchSize);
    if (db.copyCsv) {
      // PGlite: COPY is several times faster than INSERT for wide tables.
      const lines = batch.map((row, i) => {
        checked(row);
        const cells = [csvCell(companyNeId)];
        for (const col of columns) cells.push(csvCell(convert(resource, col, row[col.field], start + i)));
        return cells.join(",");
      });
      await db.copyCsv(`${table} (${COMPANY_COLUMN}, ${colList})`, lines.join("\n"));
    } else {
      const objects = batch.map((row, i) => {
        checked(row);
        const out: Record<string, RowValue> = {};
        for (const col of columns) out[col.column] = convert(resource, col, row[col.field], start + i);
        return out;
      });
      await db.query(sql, [JSON.stringify(objects), companyNeId]);
    }
  }
  return rows.length;
}

/** A CSV cell for COPY: unquoted empty is NULL, everything else is quoted text. */
function csvCell(value: RowValue): string {
  if (value === null) return "";
  if (typeof value === "number") return String(value);
  return `"${value.replace(/"/g, '""')}"`;
}

/**
 * Call once after bulk loads: creates the indexes (building them after the load is much faster
 * than maintaining them during it) and refreshes planner statistics and the visibility map
 * (fast counts, index-only scans).
 */
export async function finishLoad(db: SandboxDb, options: { registry?: RegistryIndex } = {}): Promise<void> {
  await ensureIndexes(db, options.registry ?? defaultRegistryIndex());
  await db.exec("VACUUM ANALYZE");
}
