// Header-only templates of each upload and of the stocktake. The column names are ASCII, so their
// Shift_JIS bytes are their ASCII bytes and no Shift_JIS encoder is loaded for them.
import { utf8Bytes } from "./bytes";
import { uploadColumn, UPLOAD_COLUMNS, type UploadColumn } from "./columns";
import { COUNT_COLUMN } from "./stocktake";
import type { UploadKind } from "./types";

/** A template's kind: an upload of lib/csv, or the /uploads page's stocktake (kyoten_mei, syohin_code, tanaoroshi_su). */
export type TemplateKind = UploadKind | "stocktake";

/** The stocktake's columns as the column guide shows them (the warehouse and code as the stock upload's). */
export const STOCKTAKE_TEMPLATE_COLUMNS: readonly UploadColumn[] = [
  uploadColumn("warehouse-stock", "kyoten_mei") as UploadColumn,
  { ...(uploadColumn("warehouse-stock", "syohin_code") as UploadColumn), guide: "数えた商品の商品コードです（必須）。商品マスタにある商品だけ指定できます。" },
  COUNT_COLUMN,
];

/** The columns of a template's kind, in template order. */
export function templateColumns(kind: TemplateKind): readonly UploadColumn[] {
  return kind === "stocktake" ? STOCKTAKE_TEMPLATE_COLUMNS : UPLOAD_COLUMNS[kind];
}

/** Header-only template in the given encoding: CRLF after the header; UTF-8 with a BOM for Excel. */
export function templateCsv(kind: TemplateKind, encoding: "shift_jis" | "utf-8"): Uint8Array {
  const header = `${templateColumns(kind).map((c) => c.name).join(",")}\r\n`;
  if (/[^\x20-\x7e\r\n]/.test(header)) throw new Error(`templateCsv: non-ASCII column name in ${kind}`);
  return utf8Bytes(header, encoding === "utf-8");
}
