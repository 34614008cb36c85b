// The header line of an upload CSV: known column names only, no duplicates, the required ones
// present; then every data line must have as many columns as the header.
import { parseCsv, type CsvRecord } from "./csv";
import { ProblemList, reason, UploadError } from "./errors";

export interface CsvTable {
  header: string[];
  /** Column name → 0-based position. */
  position: Map<string, number>;
  rows: CsvRecord[];
}

export interface TableRules {
  known: readonly string[];
  required: readonly string[];
  /** Most data lines a file may have (spec 8: 3000 for warehouse stock). */
  maxRows?: number;
}

export function readTable(text: string, rules: TableRules): CsvTable {
  const records = parseCsv(text);
  const first = records[0];
  if (!first) throw new UploadError(reason("ファイルが空です", "the file is empty"));
  if (first.line !== 1) {
    throw new UploadError(reason("1行目はヘッダー（列名の行）にしてください", "the first line must be the header of column names"), 1);
  }
  const known = new Set(rules.known);
  const position = new Map<string, number>();
  const header = first.fields.map((f) => f.trim());
  header.forEach((name, i) => {
    const column = { index: i + 1, ...(name ? { name } : {}) };
    if (name === "") throw new UploadError(reason("列名が空です", "empty column name"), 1, column);
    if (!known.has(name)) throw new UploadError(reason(`知らない列名です: ${name}`, `unknown column name: ${name}`), 1, column);
    const seen = position.get(name);
    if (seen !== undefined) {
      throw new UploadError(reason(`列名が重複しています（${seen + 1}列目と同じ）`, `duplicate column name (same as column ${seen + 1})`), 1, column);
    }
    position.set(name, i);
  });
  const missing = rules.required.filter((name) => !position.has(name));
  if (missing.length > 0) {
    throw new UploadError(reason(`必須の列がありません: ${missing.join(", ")}`, `required column missing: ${missing.join(", ")}`), 1);
  }
  const rows = records.slice(1);
  if (rows.length === 0) throw new UploadError(reason("ヘッダー行の後にデータ行がありません", "no data lines after the header"));
  if (rules.maxRows !== undefined && rows.length > rules.maxRows) {
    const over = rows[rules.maxRows] as CsvRecord;
    throw new UploadError(
      reason(`データ行は${rules.maxRows}行までです（この行が${rules.maxRows + 1}行目のデータ、全${rows.length}行）`, `at most ${rules.maxRows} data lines (this is data line ${rules.maxRows + 1} of ${rows.length})`),
      over.line,
    );
  }
  const problems = new ProblemList();
  for (const row of rows) {
    if (row.fields.length !== header.length) {
      const index = Math.min(row.fields.length, header.length) + 1;
      const name = header[index - 1];
      problems.add(
        new UploadError(
          reason(`列の数がヘッダーと違います（ヘッダー${header.length}列、この行${row.fields.length}列）`, `${row.fields.length} columns where the header has ${header.length}`),
          row.line,
          { index, ...(name ? { name } : {}) },
        ),
      );
    }
  }
  problems.throwIfAny();
  return { header, position, rows };
}

/** The cell of a column in a row: undefined when the file has no such column. */
export function cell(table: CsvTable, row: CsvRecord, name: string): string | undefined {
  const at = table.position.get(name);
  return at === undefined ? undefined : (row.fields[at] ?? "");
}

export function columnRef(table: CsvTable, name: string): { index: number; name: string } {
  return { index: (table.position.get(name) ?? -1) + 1, name };
}
