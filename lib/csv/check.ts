// Every header, row and kind rule of an upload. The rules mirror the sandbox queue
// (sandbox/uploads/table.ts, warehouse-stock.ts, goods.ts) so a file the client passes is not
// failed by the queue; where this side is stricter it says so:
// - a blank line (or a row of empty cells) before the end of the file is an error, not skipped
//   (the sandbox skips it; here the operator sees it and can leave the line out);
// - the problems of a row are all reported, where the sandbox stops at a row's first one;
// - a row longer than MAX_ROW_BYTES (lib/csv/limits.ts) is refused whole (row-too-long), and a
//   cell longer than its column's limit (values.ts cellLimit) as cell-too-long, where the sandbox
//   trims it and reads on: a number or date of 64 characters, or a warehouse name or goods code
//   longer than any the masters can hold, is a mistake, and such cells cost the checks the most.
// Known difference, on purpose (the contract of types.ts): a subtraction that takes the stock
// below 0 is a warning for the operator to confirm; the sandbox's queue refuses it.
import { isBlank } from "./parse";
import { MAX_QUANTITY, uploadColumn, UPLOAD_COLUMNS, type CheckedColumn } from "./columns";
import { MAX_ROW_BYTES, utf8LengthPast } from "./limits";
import { cellFault, cellTooLong, enName, jaName, readQuantity, type CellFault } from "./values";
import type { CheckResult, CsvProblem, CsvRead, CsvRecord, UploadKind, UploadLookups } from "./types";

/** UTF-8 bytes of the source text of records[index], as far as the row limit needs (limits.ts utf8LengthPast). */
export type RowBytes = (index: number) => number;

const OPERATIONS = ["kasan_su", "gensan_su", "kyoten_syohin_himoduke", "kyoten_syohin_sakujyo"] as const;
type Operation = (typeof OPERATIONS)[number];

class Collector {
  /** Stop adding rows' problems once this many errors are found (the server needs no more). */
  constructor(private readonly maxErrors = Infinity) {}
  readonly problems: CsvProblem[] = [];
  private errors = 0;
  readonly errorLines: number[] = [];
  readonly warningLines: number[] = [];
  fileRefused = false;
  private rowLine = 0;
  private rowError = false;
  private rowWarning = false;

  add(line: number, column: string | null, value: string | null, code: string, ja: string, en: string, severity: "error" | "warning" = "error"): void {
    this.problems.push({ line, column, value, code, reason: { ja, en }, severity });
    if (this.rowLine === 0) {
      // Before the first row: a header or file problem.
      this.fileRefused = true;
      return;
    }
    if (severity === "error") {
      this.rowError = true;
      this.errors++;
    } else this.rowWarning = true;
  }

  /** Whether maxErrors errors are found: the rows after this one are not checked. */
  get full(): boolean {
    return this.errors >= this.maxErrors;
  }

  fault(line: number, column: string | null, value: string | null, f: CellFault): void {
    this.add(line, column, value, f.code, f.ja, f.en);
  }

  startRow(line: number): void {
    this.rowLine = line;
    this.rowError = false;
    this.rowWarning = false;
  }

  /** Whether the current row has an error so far. */
  get failed(): boolean {
    return this.rowError;
  }

  endRow(): void {
    if (this.rowError) this.errorLines.push(this.rowLine);
    else if (this.rowWarning) this.warningLines.push(this.rowLine);
  }
}

interface Table {
  kind: UploadKind;
  header: string[];
  /** Trimmed column name → first position. */
  position: Map<string, number>;
  columns: (CheckedColumn | undefined)[];
}

function checkHeader(kind: UploadKind, header: string[], rows: number, out: Collector): Table {
  const position = new Map<string, number>();
  const columns: (CheckedColumn | undefined)[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim();
    const column = uploadColumn(kind, name);
    columns.push(column);
    if (name === "") {
      out.add(1, null, raw, "empty-column", `ヘッダー（1行目）の${i + 1}列目の列名が空です`, `the header (line 1) has an empty column name in column ${i + 1}`);
      return;
    }
    const first = position.get(name);
    if (first !== undefined) {
      out.add(1, raw, raw, "duplicate-column", `列名「${name}」が重複しています（${first + 1}列目と${i + 1}列目）`, `column "${name}" appears twice (columns ${first + 1} and ${i + 1})`);
      return;
    }
    position.set(name, i);
    if (!column) {
      const kindJa = kind === "goods" ? "商品マスタ" : "倉庫在庫";
      out.add(1, raw, raw, "unknown-column", `「${name}」は${kindJa}のアップロードにない列名です（${i + 1}列目）。テンプレートの列名を使ってください`, `"${name}" (column ${i + 1}) is not a column of the ${kind} upload; use the template's column names`);
    }
  });
  for (const c of UPLOAD_COLUMNS[kind]) {
    if (c.required && !position.has(c.name)) {
      out.add(1, c.name, null, "missing-column", `必須の列「${c.name}」（${c.label.ja}）がありません`, `the required column "${c.name}" (${c.label.en}) is missing`);
    }
  }
  if (kind === "warehouse-stock" && !OPERATIONS.some((op) => position.has(op))) {
    out.add(
      1,
      null,
      null,
      "no-operation-column",
      "kasan_su・gensan_su・kyoten_syohin_himoduke・kyoten_syohin_sakujyo のどれかの列が必要です",
      "one of the columns kasan_su, gensan_su, kyoten_syohin_himoduke, kyoten_syohin_sakujyo is required",
    );
  }
  if (rows === 0) out.add(1, null, null, "no-rows", "ヘッダー行の後にデータ行がありません", "there are no data rows after the header");
  return { kind, header, position, columns };
}

/** The structural checks of a record; false when its cells cannot be read as the header's. */
function checkShape(t: Table, r: CsvRecord, out: Collector, bytes: number): boolean {
  const maxBytes = MAX_ROW_BYTES[t.kind];
  if (bytes > maxBytes) {
    // Refused whole, before its cells are looked at: no reason quotes a cell of such a row.
    out.add(
      r.line,
      null,
      null,
      "row-too-long",
      `${r.line}行目が長すぎます（${bytes}バイト、1行の上限は${maxBytes}バイト）`,
      `line ${r.line} is too long (${bytes} bytes; a row holds at most ${maxBytes})`,
    );
    return false;
  }
  if (isBlank(r.cells)) {
    out.add(r.line, null, null, "blank-line", `${r.line}行目が空行です。行を削除するか、この行を除いて送ってください`, `line ${r.line} is blank; delete it or leave the line out`);
    return false;
  }
  if (r.quoteProblem) {
    const name = t.header[r.quoteProblem.cell] ?? null;
    const value = r.cells[r.quoteProblem.cell] ?? null;
    if (r.quoteProblem.kind === "stray-quote") {
      out.add(r.line, name, value, "stray-quote", `引用符（"）で囲まれていない値に引用符があります。値全体を "" で囲み、中の " は "" と2つ重ねてください`, `a double quote inside an unquoted value; put the whole value in quotes and double the quote inside ("")`);
    } else {
      out.add(r.line, name, value, "text-after-quote", `閉じ引用符（"）の後に文字があります`, `characters after a closing double quote`);
    }
    return false;
  }
  if (r.cells.length !== t.header.length) {
    out.add(
      r.line,
      null,
      null,
      "cell-count",
      `列の数がヘッダーと違います（ヘッダーは${t.header.length}列、この行は${r.cells.length}列）`,
      `${r.cells.length} cells where the header has ${t.header.length} columns`,
    );
    return false;
  }
  return true;
}

interface StockState {
  quantity: number;
  allocated: number;
  linked: boolean;
  /** Whether the goods code is in the goods master (known once per pair). */
  goodsExists: boolean;
}

/** Empty once trimmed (the usual empty cell is "", so trim runs only for the rare others). */
const isEmpty = (v: string): boolean => v === "" || v.trim() === "";

/**
 * Warehouse stock rows. This runs for every row of a 100,000-row file, so it avoids closures and
 * string building beyond one key a row: column positions are resolved once, the simulated stock is keyed like
 * the look-ups' (one key string a row, hashed once for both maps).
 */
function warehouseRows(t: Table, records: readonly CsvRecord[], lookups: UploadLookups | undefined, out: Collector, rowBytes: RowBytes | undefined): void {
  const pos = (name: string) => t.position.get(name) ?? -1;
  const opAt = OPERATIONS.map(pos);
  const opCols = OPERATIONS.map((op) => uploadColumn("warehouse-stock", op) as CheckedColumn);
  const whAt = pos("kyoten_mei");
  const codeAt = pos("syohin_code");
  const reasonAt = pos("nyusyukko_riyu");
  const reasonCol = uploadColumn("warehouse-stock", "nyusyukko_riyu") as CheckedColumn;
  const whCol = uploadColumn("warehouse-stock", "kyoten_mei") as CheckedColumn;
  const codeCol = uploadColumn("warehouse-stock", "syohin_code") as CheckedColumn;
  const state = new Map<string, StockState>();
  // With the look-ups' stockIndex (fetchLookups builds it), a stocked pair's simulated stock lives
  // in arrays by its position: one map look-up a row by the code (whose hash the string keeps),
  // no key string, no state object, no growing Map, which matters over 100,000 rows. Pairs without
  // stock (and look-ups without an index) keep the keyed state. `pairState` marks a position: 0 not seen yet, 1 linked, 2 unlinked.
  const index = lookups?.stockIndex && lookups.stockIndex.entries.length === lookups.warehouseStock.size ? lookups.stockIndex : undefined;
  const slots = index ? index.entries.length : 0;
  const pairState = new Uint8Array(slots);
  const pairQuantity = new Float64Array(slots);
  const pairAllocated = new Float64Array(slots);
  // The state of a stocked pair while its row is checked (read from and written back to the arrays).
  const scratch: StockState = { quantity: 0, allocated: 0, linked: true, goodsExists: true };
  let byCode: ReadonlyMap<string, number> | undefined;
  let byCodeOf = "";
  for (let i = 0; i < records.length && !out.full; i++) {
    const r = records[i] as CsvRecord;
    out.startRow(r.line);
    if (!checkShape(t, r, out, rowBytes ? rowBytes(i) : 0)) {
      out.endRow();
      continue;
    }
    const cells = r.cells;
    const line = r.line;
    // The operation: exactly one of the four.
    let op = -1;
    let opRaw = "";
    let second = -1;
    for (let k = 0; k < 4; k++) {
      const at = opAt[k] as number;
      if (at < 0) continue;
      const raw = cells[at] as string;
      if (isEmpty(raw)) continue;
      if (op < 0) {
        op = k;
        opRaw = raw;
      } else if (second < 0) second = k;
    }
    let amount = 0;
    if (op < 0) {
      out.add(line, null, null, "no-operation", "操作がありません。kasan_su・gensan_su・kyoten_syohin_himoduke・kyoten_syohin_sakujyo のどれか1つを入力してください", "no operation: give exactly one of kasan_su, gensan_su, kyoten_syohin_himoduke, kyoten_syohin_sakujyo");
    } else if (second >= 0) {
      const a = OPERATIONS[op] as Operation;
      const b = OPERATIONS[second] as Operation;
      out.add(
        line,
        b,
        cells[opAt[second] as number] as string,
        "several-operations",
        `${a} と ${b} は同じ行に指定できません。1行に1つの操作（加算・減算・紐付け・削除のどれか）だけを入力してください`,
        `${a} and ${b} cannot be combined; give one operation a line (add, subtract, link or delete)`,
      );
    } else {
      const v = opRaw.trim();
      const c = opCols[op] as CheckedColumn;
      const long = cellTooLong(c, opRaw);
      if (long) out.fault(line, c.name, opRaw, long);
      else if (op < 2) {
        const q = readQuantity(c, v);
        if (typeof q === "number") amount = q;
        else out.fault(line, c.name, opRaw, q);
      } else {
        const letter = op === 2 ? "a" : "d";
        if (v !== letter) out.add(line, c.name, opRaw, "not-a-choice", `${jaName(c)}には ${letter} を入力してください: ${v}`, `${enName(c)} must be ${letter}: ${v}`);
      }
    }
    if (reasonAt >= 0) {
      const raw = cells[reasonAt] as string;
      if (raw.length > (reasonCol.max as number)) out.fault(line, reasonCol.name, raw, cellFault(reasonCol, raw) as CellFault);
    }
    const whRaw = whAt < 0 ? "" : (cells[whAt] as string);
    const codeRaw = codeAt < 0 ? "" : (cells[codeAt] as string);
    // Longer than the API takes: no warehouse or goods of the masters has such a name or code.
    if (whRaw.length > (whCol.max as number)) out.fault(line, whCol.name, whRaw, cellFault(whCol, whRaw) as CellFault);
    const longCode = cellTooLong(codeCol, codeRaw);
    if (longCode) out.fault(line, codeCol.name, codeRaw, longCode);
    const warehouseName = whRaw.trim();
    const code = codeRaw.trim();
    if (whAt >= 0 && warehouseName === "") {
      out.add(line, "kyoten_mei", whRaw, "empty-warehouse", "倉庫名（kyoten_mei）が空です", "the warehouse name (kyoten_mei) is empty");
    }
    if (codeAt >= 0 && code === "") {
      out.add(line, "syohin_code", codeRaw, "empty-code", "商品コード（syohin_code）が空です", "the goods code (syohin_code) is empty");
    }
    if (lookups && warehouseName !== "" && code !== "") {
      // One key string a row serves the simulated stock and the current stock. A pair with
      // current stock names an existing goods (fetchLookups keeps stock only of goodsCodes), so
      // goodsCodes is asked only about pairs without stock.
      const known = lookups.warehouseNames.has(warehouseName);
      if (!known) out.add(line, "kyoten_mei", whRaw, "unknown-warehouse", `倉庫「${warehouseName}」は倉庫マスタにありません`, `no warehouse named "${warehouseName}" in the warehouse master`);
      let at: number | undefined;
      if (index && known) {
        // Rows of a warehouse come in runs more often than not: its code map is kept between rows.
        if (warehouseName !== byCodeOf) {
          byCode = index.positions.get(warehouseName);
          byCodeOf = warehouseName;
        }
        at = byCode?.get(code);
      }
      if (at !== undefined) {
        // A stocked pair: it names an existing goods (see UploadLookups.warehouseStock).
        const s = scratch;
        const seen = pairState[at] as number;
        if (seen === 0) {
          const now = index!.entries[at] as { quantity: number; allocated: number };
          s.quantity = now.quantity;
          s.allocated = now.allocated;
          s.linked = true;
        } else {
          s.quantity = pairQuantity[at] as number;
          s.allocated = pairAllocated[at] as number;
          s.linked = seen === 1;
        }
        if (!out.failed && op >= 0) applyStock(s, warehouseName, code, OPERATIONS[op] as Operation, amount, line, out);
        pairState[at] = s.linked ? 1 : 2;
        pairQuantity[at] = s.quantity;
        pairAllocated[at] = s.allocated;
      } else {
        const key = `${warehouseName}\t${code}`;
        let s = state.get(key);
        if (!s) {
          // With an index, a pair it does not hold has no stock (it holds the pairs of warehouseStock).
          const now = known && !index ? lookups.warehouseStock.get(key) : undefined;
          s = now
            ? { quantity: now.quantity, allocated: now.allocated, linked: true, goodsExists: true }
            : { quantity: 0, allocated: 0, linked: false, goodsExists: lookups.goodsCodes.has(code) };
          state.set(key, s);
        }
        if (!s.goodsExists) out.add(line, "syohin_code", codeRaw, "unknown-goods", `商品コード「${code}」は商品マスタにありません`, `no goods with the code "${code}" in the goods master`);
        if (!out.failed && op >= 0) applyStock(s, warehouseName, code, OPERATIONS[op] as Operation, amount, line, out);
      }
    } else if (lookups && code !== "" && !lookups.goodsCodes.has(code)) {
      out.add(line, "syohin_code", codeRaw, "unknown-goods", `商品コード「${code}」は商品マスタにありません`, `no goods with the code "${code}" in the goods master`);
    }
    out.endRow();
  }
}

function notLinked(out: Collector, line: number, warehouseName: string, code: string): void {
  out.add(line, "syohin_code", code, "not-linked", `商品「${code}」は倉庫「${warehouseName}」に紐付いていません（在庫がありません）`, `goods "${code}" is not linked to warehouse "${warehouseName}" (no stock there)`);
}

/** Stock rules against the current stock and the file's earlier rows (sandbox order and limits). */
function applyStock(s: StockState, warehouseName: string, code: string, op: Operation, amount: number, line: number, out: Collector): void {
  switch (op) {
    case "kasan_su": {
      const base = s.linked ? s.quantity : 0;
      if (base + amount > MAX_QUANTITY) {
        out.add(line, op, String(amount), "stock-too-large", `在庫数が上限（${MAX_QUANTITY}）を超えます（在庫数 ${base}、加算 ${amount}）`, `the stock would exceed ${MAX_QUANTITY} (stock ${base}, add ${amount})`);
        return;
      }
      if (!s.linked) {
        s.linked = true;
        s.allocated = 0;
      }
      s.quantity = base + amount;
      return;
    }
    case "gensan_su": {
      if (!s.linked) return notLinked(out, line, warehouseName, code);
      const after = s.quantity - amount;
      if (after < 0) {
        out.add(
          line,
          op,
          String(amount),
          "stock-below-zero",
          `在庫数がマイナスになります（在庫数 ${s.quantity}、減算 ${amount}、減算後 ${after}）。この行より前の同じ倉庫・商品の行も数えています`,
          `the stock would go below 0 (stock ${s.quantity}, subtract ${amount}, after ${after}); earlier rows of this file for the same warehouse and goods are counted`,
          "warning",
        );
      } else if (after < s.allocated) {
        out.add(line, op, String(amount), "below-allocated", `引当済みの在庫は減算できません（在庫数 ${s.quantity}、引当数 ${s.allocated}、減算 ${amount}）`, `allocated stock cannot be subtracted (stock ${s.quantity}, allocated ${s.allocated}, subtract ${amount})`);
        return;
      }
      s.quantity = after;
      return;
    }
    case "kyoten_syohin_himoduke":
      if (!s.linked) {
        s.linked = true;
        s.quantity = 0;
        s.allocated = 0;
      }
      return;
    case "kyoten_syohin_sakujyo":
      if (!s.linked) return notLinked(out, line, warehouseName, code);
      if (s.allocated !== 0) {
        out.add(line, op, "d", "delete-allocated", `引当数が0ではないため、紐付けを削除できません（引当数 ${s.allocated}）`, `the link cannot be deleted while ${s.allocated} are allocated`);
        return;
      }
      s.linked = false;
      s.quantity = 0;
  }
}

function goodsRows(t: Table, records: readonly CsvRecord[], lookups: UploadLookups | undefined, out: Collector, rowBytes: RowBytes | undefined): void {
  const codeAt = t.position.get("syohin_code");
  const nameAt = t.position.get("syohin_name");
  const urlAt = t.position.get("image_url_http");
  const altAt = t.position.get("image_alt");
  const codeCol = uploadColumn("goods", "syohin_code") as CheckedColumn;
  const seen = new Map<string, number>();
  // Cells to check: known columns at their first position, the code apart.
  const checked: { index: number; column: CheckedColumn }[] = [];
  for (const [name, index] of t.position) {
    const c = t.columns[index];
    if (c && name !== "syohin_code") checked.push({ index, column: c });
  }
  for (let i = 0; i < records.length && !out.full; i++) {
    const r = records[i] as CsvRecord;
    out.startRow(r.line);
    if (!checkShape(t, r, out, rowBytes ? rowBytes(i) : 0) || codeAt === undefined) {
      out.endRow();
      continue;
    }
    const line = r.line;
    const raw = r.cells[codeAt] as string;
    const code = raw.trim();
    if (code === "") {
      out.add(line, "syohin_code", raw, "empty-code", "商品コード（syohin_code）が空です", "the goods code (syohin_code) is empty");
      out.endRow();
      continue;
    }
    const f = cellTooLong(codeCol, raw) ?? cellFault(codeCol, code);
    if (f) {
      out.fault(line, "syohin_code", raw, f);
      out.endRow();
      continue;
    }
    const first = seen.get(code);
    if (first !== undefined) {
      out.add(line, "syohin_code", raw, "duplicate-code", `商品コード「${code}」が重複しています（${first}行目と同じ）`, `duplicate goods code "${code}" (same as line ${first})`);
      out.endRow();
      continue;
    }
    seen.set(code, line);
    for (const { index, column } of checked) {
      const v = r.cells[index] as string;
      if (v === "" || v.trim() === "") continue;
      const fault = cellTooLong(column, v) ?? cellFault(column, v);
      if (fault) out.fault(line, column.name, v, fault);
    }
    if (!out.failed) {
      const name = nameAt === undefined ? "" : (r.cells[nameAt] as string).trim();
      if (lookups && !lookups.goodsCodes.has(code) && name === "") {
        out.add(
          line,
          nameAt === undefined ? null : "syohin_name",
          nameAt === undefined ? null : (r.cells[nameAt] as string),
          "new-goods-needs-name",
          `商品コード「${code}」は新しい商品です。新しい商品には商品名（syohin_name）が必要です`,
          `"${code}" is a new goods; a new goods needs a name (syohin_name)`,
        );
      }
      const alt = altAt === undefined ? "" : (r.cells[altAt] as string).trim();
      const url = urlAt === undefined ? "" : (r.cells[urlAt] as string).trim();
      if (alt !== "" && url === "") {
        out.add(line, "image_alt", r.cells[altAt as number] as string, "alt-without-url", "image_alt は image_url_http と一緒に入力してください", "image_alt needs image_url_http in the same row");
      }
    }
    out.endRow();
  }
}

/**
 * The checks of a header and its records. `rowBytes` gives each record's length for the row
 * limit (MAX_ROW_BYTES): a row past it is refused with its line and its cells are not checked.
 * `maxErrors`: the rows after the one that brings the errors to this many are not checked (the
 * server's re-check lists 100 at most).
 */
function run(kind: UploadKind, header: string[], records: readonly CsvRecord[], lookups: UploadLookups | undefined, rowBytes?: RowBytes, maxErrors?: number): CheckResult {
  const out = new Collector(maxErrors);
  const t = checkHeader(kind, header, records.length, out);
  if (kind === "warehouse-stock") warehouseRows(t, records, lookups, out, rowBytes);
  else goodsRows(t, records, lookups, out, rowBytes);
  return { problems: out.problems, errorLines: out.errorLines, warningLines: out.warningLines, fileRefused: out.fileRefused };
}

/** Every header, row and kind rule; master rules only when `lookups` is given. */
export function checkUpload(kind: UploadKind, read: CsvRead, lookups?: UploadLookups): CheckResult {
  const max = MAX_ROW_BYTES[kind];
  const rowBytes: RowBytes = (index) => {
    // A row's CSV text is at most twice its cells' characters (every one a doubled quote), two
    // quotes a cell and the commas: when that is surely within the limit, nothing is sliced or scanned.
    const cells = (read.records[index] as CsvRecord).cells;
    let most = cells.length - 1;
    for (const c of cells) most += 2 * c.length + 2;
    return most * 3 <= max ? most : utf8LengthPast(max, read.recordText(index));
  };
  return run(kind, read.header, read.records, lookups, rowBytes);
}

export { run as checkRecords };
