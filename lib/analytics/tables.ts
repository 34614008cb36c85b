// The analytics views' tables, as the page shows them and as their CSV writes them: one table
// (columns and rows of plain values) that the page formats (separators, yen) and the CSV writes
// as plain numbers (no currency sign, no separators). So the file is exactly the table shown.
// Pure and browser-safe; the words come from the page's messages.
import { csvLine, protectFormula, type CsvDocument } from "@/lib/grid/csv";
import { type GoodsDailyAnswer, type GoodsRankingAnswer, type SalesAnswer, type SalesNumbers } from "./query";

export type CellValue = string | number;

export interface ViewColumn {
  id: string;
  label: string;
  /** Numbers are right-aligned and formatted on screen; `yen` ones in yen. */
  kind: "text" | "count" | "yen" | "decimal";
  /** Text that is the shop's own data (names): marked for the page (translation tools leave it). */
  userContent?: boolean;
}

export interface ViewTable {
  columns: ViewColumn[];
  rows: CellValue[][];
  /** A last row of totals (shown in the table's foot; written last in the CSV). */
  total?: CellValue[];
}

export interface SalesWords {
  bucket: string;
  /** The split's code column (shop code, payment method code, delivery method code). */
  splitId?: string;
  /** The split's name column (shop, payment method). */
  split?: string;
  orders: string;
  revenue: string;
  aov: string;
  units: string;
  prevOrders: string;
  prevRevenue: string;
  prevAov: string;
  prevUnits: string;
  total: string;
}

/** `2026-10` for a month, the first day otherwise. */
export function bucketText(bucket: string, by: SalesAnswer["by"]): string {
  return by === "month" ? bucket.slice(0, 7) : bucket;
}

const nums = (n: SalesNumbers): CellValue[] => [n.orders, n.revenue, n.aov, n.units];

/**
 * The sales table: one row per bucket (and split value), the period's numbers and the previous
 * period's beside. A split writes its code and, when `keyLabel` names its values (the masters'
 * names: shops, payment methods), their names beside; a code without a name leaves the name empty.
 */
export function salesTable(answer: SalesAnswer, words: SalesWords, keyLabel?: (key: string) => string | undefined): ViewTable {
  const split = answer.split !== "none";
  const named = split && keyLabel !== undefined;
  const columns: ViewColumn[] = [
    { id: "bucket", label: words.bucket, kind: "text" },
    ...(split ? [{ id: "key", label: words.splitId ?? "", kind: "text" as const }] : []),
    ...(named ? [{ id: "keyName", label: words.split ?? "", kind: "text" as const, userContent: answer.split === "shop" }] : []),
    { id: "orders", label: words.orders, kind: "count" },
    { id: "revenue", label: words.revenue, kind: "yen" },
    { id: "aov", label: words.aov, kind: "yen" },
    { id: "units", label: words.units, kind: "count" },
    { id: "prevOrders", label: words.prevOrders, kind: "count" },
    { id: "prevRevenue", label: words.prevRevenue, kind: "yen" },
    { id: "prevAov", label: words.prevAov, kind: "yen" },
    { id: "prevUnits", label: words.prevUnits, kind: "count" },
  ];
  const keyCells = (key: string): CellValue[] => [...(split ? [key] : []), ...(named ? [keyLabel(key) ?? ""] : [])];
  const rows = answer.rows.map((r) => [bucketText(r.bucket, answer.by), ...keyCells(r.key ?? ""), ...nums(r.current), ...nums(r.previous)]);
  const total = [words.total, ...keyCells("").map(() => ""), ...nums(answer.totals.current), ...nums(answer.totals.previous)];
  return { columns, rows, total };
}

export interface GoodsWords {
  rank: string;
  goodsId: string;
  goodsName: string;
  units: string;
  revenue: string;
  orders: string;
}

export function goodsRankingTable(answer: GoodsRankingAnswer, words: GoodsWords): ViewTable {
  return {
    columns: [
      { id: "rank", label: words.rank, kind: "count" },
      { id: "goodsId", label: words.goodsId, kind: "text", userContent: true },
      { id: "goodsName", label: words.goodsName, kind: "text", userContent: true },
      { id: "units", label: words.units, kind: "count" },
      { id: "revenue", label: words.revenue, kind: "yen" },
      { id: "orders", label: words.orders, kind: "count" },
    ],
    rows: answer.rows.map((r) => [r.rank, r.goodsId, r.goodsName ?? "", r.units, r.revenue, r.orders]),
  };
}

export interface GoodsDailyWords {
  day: string;
  units: string;
  revenue: string;
  avg7: string;
  avg30: string;
  total: string;
}

export function goodsDailyTable(answer: GoodsDailyAnswer, words: GoodsDailyWords): ViewTable {
  return {
    columns: [
      { id: "day", label: words.day, kind: "text" },
      { id: "units", label: words.units, kind: "count" },
      { id: "revenue", label: words.revenue, kind: "yen" },
      { id: "avg7", label: words.avg7, kind: "decimal" },
      { id: "avg30", label: words.avg30, kind: "decimal" },
    ],
    rows: answer.days.map((d) => [d.day, d.units, d.revenue, d.avg7, d.avg30]),
    total: [words.total, answer.totals.units, answer.totals.revenue, "", ""],
  };
}

/** A cell as the CSV writes it: numbers plain (`1234567`, `2.5`), text guarded against formulas. */
export function csvCell(value: CellValue): string {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  return protectFormula(value) ?? "";
}

/** The table as a CSV document (lib/grid/csv.ts writes and encodes it, as the grids' export does). */
export function tableCsv(table: ViewTable): CsvDocument {
  const rows = table.rows.map((r) => r.map(csvCell));
  if (table.total) rows.push(table.total.map(csvCell));
  return { header: table.columns.map((c) => protectFormula(c.label) ?? ""), rows };
}

/** The CSV's text without BOM (tests read it back). */
export function tableCsvText(table: ViewTable): string {
  const doc = tableCsv(table);
  return [csvLine(doc.header), ...doc.rows.map(csvLine)].join("\r\n") + "\r\n";
}
