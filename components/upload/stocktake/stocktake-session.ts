// One stocktake file in its Web Worker (./stocktake-worker.ts), as plain logic the tests call
// directly: read the file, compare it with the stock the page fetched (lib/csv computeStocktake),
// compare again with the stock read just before sending (restocktake), and prepare the
// warehouse-stock upload of the differences: checked like any dropped file against look-ups made
// from that fresh stock, cut into batches (gzip, sha256) with its plan for the journal.
import {
  checkUpload,
  computeStocktake,
  lookupNeeds,
  makeBatches,
  planCsv,
  problemsReportCsv,
  readCsvBytes,
  readPastedCells,
  restocktake,
  sha256Hex,
  stockLookups,
  stocktakeNeeds,
  stocktakeUpload,
  type CsvRead,
  type StockPair,
  type StocktakeResult,
  type StocktakeStock,
  type UploadLookups,
} from "@/lib/csv";
import { MAX_LINKED_GOODS, packProblems, prepareBatch, PREVIEW_ROWS, type PreparedBatch, type UploadPreview, type WorkerSource } from "../worker-protocol";
import type { PreparedStocktake, StocktakeChanges, StocktakeReadAnswer, StocktakeView, UnmentionedChoice } from "./stocktake-protocol";

/** Changed rows sent to the page at most (the count says how many there are). */
export const MAX_CHANGED_SHOWN = 500;

/**
 * The warehouse-stock look-ups of a stocktake's stock: its warehouses, the goods that exist and
 * are not deleted (the file's and the stocked ones), every stock row of those warehouses.
 */
export function lookupsOfStock(stock: StocktakeStock): UploadLookups {
  const warehouseNames = new Set(stock.warehouseIds.keys());
  const goodsCodes = new Set(stock.goodsCodes);
  const pairs: StockPair[] = [];
  for (let i = 0; i < stock.size; i++) {
    const code = stock.code[i] as string;
    if (stock.deleted[i] !== 1) goodsCodes.add(code);
    pairs.push({ warehouseName: stock.warehouse[i] as string, code, quantity: stock.quantity[i] as number, allocated: stock.allocated[i] as number });
  }
  return stockLookups(warehouseNames, goodsCodes, pairs);
}

/** The page's view of a result: columns by row, the problems packed, the unmentioned goods. */
export function viewOf(result: StocktakeResult): StocktakeView {
  const n = result.size;
  const warehouses: string[] = [];
  const warehouseIndex = new Map<string, number>();
  const warehouseOf = new Int32Array(n);
  const codes: string[] = new Array<string>(n);
  const lines = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const row = result.rowAt(i);
    let w = warehouseIndex.get(row.warehouse);
    if (w === undefined) {
      w = warehouses.length;
      warehouses.push(row.warehouse);
      warehouseIndex.set(row.warehouse, w);
    }
    warehouseOf[i] = w;
    codes[i] = row.code;
    lines[i] = row.line;
  }
  const m = result.unmentioned.length;
  const unmentioned = { codes: new Array<string>(m), quantity: new Float64Array(m), allocated: new Float64Array(m), deleted: new Uint8Array(m) };
  for (let k = 0; k < m; k++) {
    const g = result.unmentionedAt(k);
    unmentioned.codes[k] = g.code;
    unmentioned.quantity[k] = g.quantity;
    unmentioned.allocated[k] = g.allocated;
    unmentioned.deleted[k] = g.deleted ? 1 : 0;
  }
  return {
    size: n,
    counts: { ...result.counts },
    fileRefused: result.fileRefused === true,
    errorRows: result.errorLines.length,
    lines,
    status: result.status.slice(),
    linked: result.linked.slice(),
    current: result.current.slice(),
    allocated: result.allocated.slice(),
    counted: result.counted.slice(),
    warehouses,
    warehouseOf,
    codes,
    problems: packProblems(result.problems),
    groups: result.warehouses.map((w) => ({ ...w })),
    unmentioned,
  };
}

/** The buffers of a view to transfer (not copy) to the page. */
export function viewTransfers(view: StocktakeView): ArrayBuffer[] {
  const p = view.problems;
  const u = view.unmentioned;
  return [
    view.lines,
    view.status,
    view.linked,
    view.current,
    view.allocated,
    view.counted,
    view.warehouseOf,
    u.quantity,
    u.allocated,
    u.deleted,
    p.lines,
    p.severities,
    p.columns,
    p.values,
    p.codes,
    p.reasonsJa,
    p.reasonsEn,
  ].map((a) => a.buffer as ArrayBuffer);
}

export class StocktakeSession {
  private read: CsvRead | null = null;
  private result: StocktakeResult | null = null;

  async readSource(source: WorkerSource, maxBytes: number): Promise<StocktakeReadAnswer> {
    this.read = null;
    this.result = null;
    let outcome;
    let sha256: string;
    let size: number;
    let pasted = false;
    if (source.type === "file") {
      if (source.file.size > maxBytes) throw new Error(`file larger than ${maxBytes} bytes`);
      const bytes = new Uint8Array(await source.file.arrayBuffer());
      outcome = readCsvBytes(bytes);
      sha256 = await sha256Hex(bytes);
      size = bytes.length;
    } else if (source.type === "paste") {
      outcome = readPastedCells(source.text);
      sha256 = await sha256Hex(source.text);
      size = new TextEncoder().encode(source.text).length;
      pasted = true;
    } else {
      const bytes = new TextEncoder().encode(source.text);
      outcome = readCsvBytes(bytes);
      sha256 = await sha256Hex(bytes);
      size = bytes.length;
    }
    if (!outcome.ok) return { ok: false, refusal: outcome.refusal };
    const read = outcome.read;
    this.read = read;
    const preview: UploadPreview = {
      encoding: pasted ? "paste" : read.encoding,
      lineEndings: read.lineEndings,
      rows: read.records.length,
      header: read.header,
      sample: read.records.slice(0, PREVIEW_ROWS).map((r) => ({ line: r.line, cells: r.cells })),
      needs: stocktakeNeeds(read),
      sha256,
      size,
    };
    return { ok: true, preview };
  }

  /** The file against the stock the page fetched. */
  compute(stock: StocktakeStock): StocktakeView {
    if (!this.read) throw new Error("compute before read");
    this.result = computeStocktake(this.read, stock);
    return viewOf(this.result);
  }

  /**
   * The file against stock read again just before sending: the rows whose stock changed since the
   * view the page shows (before → now), and the new view, whose differences are the ones sent.
   */
  restock(stock: StocktakeStock): StocktakeChanges {
    if (!this.result) throw new Error("restock before compute");
    const again = restocktake(this.result, stock);
    this.result = again.result;
    const rows = again.changed.slice(0, MAX_CHANGED_SHOWN).map((c) => {
      const counted = again.result.counted[c.index] as number;
      const now = c.now.quantity;
      return {
        line: c.line,
        warehouse: c.warehouse,
        code: c.code,
        before: c.before,
        now: c.now,
        counted: Number.isNaN(counted) ? null : counted,
        difference: again.result.status[c.index] === 0 || now === null || Number.isNaN(counted) ? null : counted - now,
      };
    });
    return { changedCount: again.changed.length, changed: rows, unmentionedChanged: again.unmentionedChanged, view: viewOf(again.result) };
  }

  /**
   * The warehouse-stock upload of the current result's differences, checked against the stock it
   * was computed from (it must be clean), in batches, with its plan.
   */
  async prepare(options: { unmentioned: UnmentionedChoice; reason: string; excludeErrors: boolean }): Promise<PreparedStocktake> {
    const result = this.result;
    if (!result) throw new Error("prepare before compute");
    if (result.fileRefused) throw new Error("the stocktake file is refused");
    // Rows in error are never sent; they are left out only by the operator's choice.
    if (result.errorLines.length > 0 && !options.excludeErrors) throw new Error("the stocktake has rows in error");
    const upload = stocktakeUpload(result, { unmentioned: options.unmentioned, reason: options.reason });
    const cannotZero = upload.cannotZero.map((g) => ({ warehouse: g.warehouse, code: g.code, quantity: g.quantity, allocated: g.allocated, why: g.why }));
    if (upload.rows === 0) return { type: "nothing", cannotZero };
    const bytes = new TextEncoder().encode(upload.text);
    const outcome = readCsvBytes(bytes);
    if (!outcome.ok) throw new Error(`the stocktake's upload cannot be read: ${outcome.refusal.reason.en}`);
    const read = outcome.read;
    const checked = checkUpload("warehouse-stock", read, lookupsOfStock(result.stock));
    if (checked.problems.length > 0) {
      // Named by the stocktake's lines (0, shown as "—", for a goods the file does not mention).
      const problems = checked.problems.map((p) => (p.line >= 2 ? { ...p, line: upload.lines[p.line - 2] ?? 0 } : p));
      return { type: "unclean", problems: packProblems(problems), cannotZero };
    }
    const batches: PreparedBatch[] = [];
    for (const batch of makeBatches(read)) {
      batches.push(await prepareBatch(batch));
    }
    const codes = lookupNeeds("warehouse-stock", read).goodsCodes;
    return {
      type: "ready",
      rows: upload.rows,
      size: bytes.length,
      sha256: await sha256Hex(bytes),
      zeroed: upload.zeroed,
      cannotZero,
      prepared: { batches, excludedLines: [], goodsCodes: codes.length <= MAX_LINKED_GOODS ? codes : [], plan: planCsv(upload.plan) },
    };
  }

  /** The stocktake's problems as CSV (the page's problems report). */
  report(locale: "ja" | "en"): string {
    if (!this.result) throw new Error("report before compute");
    return problemsReportCsv(this.result.problems, this.read, locale);
  }
}
