// The record key of a warehouse stock row: the warehouse id (a number) and the goods code, which
// together are its primary key (spec 2.9). The goods code may hold any character, so the key is
// read up to the first "~" after the digits, never split on every separator.
import type { ConditionInput } from "@/lib/bff/operation-request";
import type { ApiRow } from "@/lib/query/call-operation";

const P = "warehouse_stock_";

export function warehouseStockKey(row: ApiRow): string {
  return `${row[`${P}warehouse_id`] ?? ""}~${row[`${P}goods_id`] ?? ""}`;
}

/** Conditions finding the one row of a key, or null for a key that is not one. */
export function warehouseStockKeyConditions(key: string): ConditionInput[] | null {
  const m = /^(\d{1,9})~(.{1,255})$/s.exec(key);
  if (!m) return null;
  return [
    { field: `${P}warehouse_id`, op: "eq", value: m[1] as string },
    { field: `${P}goods_id`, op: "eq", value: m[2] as string },
  ];
}
