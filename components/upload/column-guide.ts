// The column guide of a kind as a CSV the operator opens in Excel beside the template: one row a
// column (name, Japanese label, required, guide). Japanese only, as the guide texts are.
import type { UploadColumn } from "@/lib/csv";

function cell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** UTF-8 with BOM (Excel then reads it as UTF-8), CRLF line endings. */
export function columnGuideCsv(columns: readonly UploadColumn[]): string {
  const rows = [["列名", "項目名", "必須", "説明"], ...columns.map((c) => [c.name, c.label.ja, c.required ? "必須" : "任意", c.guide])];
  return "\uFEFF" + rows.map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";
}
