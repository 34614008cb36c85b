// The /uploads page's Web Worker: reads, decodes, parses and checks one file (or paste) and
// prepares its batches, so a 100,000-row file never holds up the page. One worker a file; it keeps
// the file's records until the page ends it. Protocol: ./worker-protocol.ts.
import {
  checkUpload,
  diffGoods,
  goodsDiffCsv,
  goodsDiffNeeds,
  goodsPlanCsv,
  planCsv,
  stockPlan,
  lookupNeeds,
  makeBatches,
  MAX_FILE_BYTES,
  problemsReportCsv,
  readCsvBytes,
  readPastedCells,
  sha256Hex,
  type CheckResult,
  type CsvRead,
  type CurrentGoods,
  type GoodsDiff,
  type StockPlan,
  type UploadKind,
} from "@/lib/csv";
import {
  goodsDiffTransfers,
  MAX_LINKED_GOODS,
  packGoodsDiff,
  packProblems,
  prepareBatch,
  PREVIEW_ROWS,
  problemTransfers,
  STOCK_CHANGE_ROWS,
  type CheckSummary,
  type FromWorker,
  type PreparedBatch,
  type StockChanges,
  type ToWorker,
  type WorkerSource,
} from "./worker-protocol";

// The worker's global scope, typed by what this file uses (the project's lib is the DOM's).
interface WorkerScope {
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
  postMessage(message: FromWorker, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;

let kind: UploadKind | null = null;
let read: CsvRead | null = null;
let checked: CheckResult | null = null;
/**
 * A warehouse-stock file's plan, made with the check: rows in error and refused warnings change
 * nothing in it, so it is the same whether the rows in error are then left out or not.
 */
let plan: StockPlan | null = null;
// A goods file: the goods it names as they were read, and the diff against them (of the last choice).
let current: CurrentGoods | null = null;
let diff: { diff: GoodsDiff; excludeErrors: boolean } | null = null;

function post(message: FromWorker, transfer: Transferable[] = []): void {
  scope.postMessage(message, transfer);
}

async function readSource(source: WorkerSource) {
  if (source.type === "text") {
    // A CSV the page made (an undo, a stocktake's differences): UTF-8, read as a dropped file is.
    const bytes = new TextEncoder().encode(source.text);
    return { outcome: readCsvBytes(bytes), sha256: await sha256Hex(bytes), size: bytes.length, pasted: false };
  }
  if (source.type === "paste") {
    const size = new TextEncoder().encode(source.text).length;
    return { outcome: readPastedCells(source.text), sha256: await sha256Hex(source.text), size, pasted: true };
  }
  // The page refuses larger files before they get here; this keeps a wrong call from reading 1 GB.
  if (source.file.size > MAX_FILE_BYTES) throw new Error(`file larger than ${MAX_FILE_BYTES} bytes`);
  const bytes = new Uint8Array(await source.file.arrayBuffer());
  return { outcome: readCsvBytes(bytes), sha256: await sha256Hex(bytes), size: bytes.length, pasted: false };
}

async function onRead(message: Extract<ToWorker, { type: "read" }>): Promise<void> {
  kind = message.kind;
  read = null;
  checked = null;
  plan = null;
  current = null;
  diff = null;
  const { outcome, sha256, size, pasted } = await readSource(message.source);
  if (!outcome.ok) return post({ type: "refused", refusal: outcome.refusal });
  read = outcome.read;
  post({
    type: "preview",
    preview: {
      encoding: pasted ? "paste" : read.encoding,
      lineEndings: read.lineEndings,
      rows: read.records.length,
      header: read.header,
      sample: read.records.slice(0, PREVIEW_ROWS).map((r) => ({ line: r.line, cells: r.cells })),
      needs: lookupNeeds(kind, read),
      sha256,
      size,
    },
  });
}

function onCheck(message: Extract<ToWorker, { type: "check" }>): void {
  if (!kind || !read) throw new Error("check before read");
  checked = checkUpload(kind, read, message.lookups);
  plan = kind === "warehouse-stock" ? stockPlan(read, message.lookups, new Set(checked.errorLines), new Set(checked.warningLines)) : null;
  diff = null;
  const problems = packProblems(checked.problems);
  const summary: CheckSummary = { errorRows: checked.errorLines.length, warningRows: checked.warningLines.length };
  if (plan) summary.stock = stockChanges(plan);
  post({ type: "checked", problems, summary }, problemTransfers(problems));
}

/**
 * What sending the file changes in the stock: the plan's pairs that change, summed, and the first
 * of them in file order (rows in error and refused warnings change nothing, as in the queue).
 */
function stockChanges(plan: StockPlan): StockChanges {
  const out: StockChanges = { pairs: 0, added: 0, subtracted: 0, linked: 0, unlinked: 0, rows: [] };
  for (const r of plan.rows) {
    const link = r.linkedBefore === r.linkedAfter ? null : r.linkedAfter ? "link" : "unlink";
    if (r.change === 0 && link === null) continue;
    out.pairs++;
    if (r.change > 0) out.added += r.change;
    else out.subtracted -= r.change;
    if (link === "link") out.linked++;
    if (link === "unlink") out.unlinked++;
    if (out.rows.length < STOCK_CHANGE_ROWS) out.rows.push({ warehouse: r.warehouse, code: r.code, before: r.quantityBefore, change: r.change, after: r.quantityAfter, link });
  }
  return out;
}

/** The read without the left-out records (for the goods codes of the rows actually sent). */
function keptRead(source: CsvRead, exclude: ReadonlySet<number>): CsvRead {
  const kept: number[] = [];
  source.records.forEach((r, i) => {
    if (!exclude.has(r.line)) kept.push(i);
  });
  return {
    ...source,
    records: kept.map((i) => source.records[i]).filter((r) => r !== undefined),
    recordText: (index) => source.recordText(kept[index] ?? -1),
  };
}

async function onBatches(message: Extract<ToWorker, { type: "batches" }>): Promise<void> {
  if (!kind || !read || !checked) throw new Error("batches before check");
  // A file with errors is never sent whole: only with its rows in error left out, by choice.
  if (checked.errorLines.length > 0 && !message.excludeErrors) throw new Error("the file has rows in error");
  const exclude = new Set(message.excludeErrors ? checked.errorLines : []);
  const batches: PreparedBatch[] = [];
  // Confirmed warnings (stock below 0: the queue may refuse them) go one a batch, after the rest.
  const alone = new Set(checked.warningLines);
  for (const batch of makeBatches(read, exclude, undefined, alone)) {
    batches.push(await prepareBatch(batch));
  }
  const codes = lookupNeeds(kind, exclude.size > 0 ? keptRead(read, exclude) : read).goodsCodes;
  // What the upload is expected to do to each pair, from the stock just checked against: kept in
  // the journal, it is what the report after the upload and its undo start from.
  // A goods file: the goods created and changed, from the diff shown (of the same rows left out).
  const planText =
    kind === "warehouse-stock" && plan
      ? planCsv(plan)
      : kind === "goods"
        ? goodsPlanCsv(goodsDiffOf(message.excludeErrors))
        : undefined;
  post({
    type: "batches",
    prepared: { batches, excludedLines: [...exclude], goodsCodes: codes.length <= MAX_LINKED_GOODS ? codes : [], ...(planText === undefined ? {} : { plan: planText }) },
  });
}

/** The diff of the rows sent (the rows in error left out when chosen), against the goods read. */
function goodsDiffOf(excludeErrors: boolean): GoodsDiff {
  if (!read || !checked) throw new Error("goods diff before check");
  if (!current) throw new Error("goods diff before the goods are read");
  const exclude = excludeErrors && checked.errorLines.length > 0;
  if (diff?.excludeErrors !== exclude) diff = { diff: diffGoods(read, current, exclude ? checked.errorLines : []), excludeErrors: exclude };
  return diff.diff;
}

function onGoodsNeeds(): void {
  if (kind !== "goods" || !read) throw new Error("goods needs before a goods file is read");
  post({ type: "goods-needs", needs: goodsDiffNeeds(read) });
}

function onGoodsDiff(message: Extract<ToWorker, { type: "goods-diff" }>): void {
  if (message.current) {
    current = message.current;
    diff = null;
  }
  const view = packGoodsDiff(goodsDiffOf(message.excludeErrors));
  post({ type: "goods-diff", view }, goodsDiffTransfers(view));
}

function onGoodsDiffCsv(message: Extract<ToWorker, { type: "goods-diff-csv" }>): void {
  post({ type: "goods-diff-csv", csv: goodsDiffCsv(goodsDiffOf(message.excludeErrors), message.locale) });
}

function onReport(message: Extract<ToWorker, { type: "report" }>): void {
  if (!checked) throw new Error("report before check");
  post({ type: "report", csv: problemsReportCsv(checked.problems, read, message.locale) });
}

scope.onmessage = (event) => {
  const message = event.data;
  const run = async () => {
    switch (message.type) {
      case "read":
        return onRead(message);
      case "check":
        return onCheck(message);
      case "batches":
        return onBatches(message);
      case "report":
        return onReport(message);
      case "goods-needs":
        return onGoodsNeeds();
      case "goods-diff":
        return onGoodsDiff(message);
      case "goods-diff-csv":
        return onGoodsDiffCsv(message);
    }
  };
  run().catch((error: unknown) => post({ type: "failed", message: error instanceof Error ? error.message : String(error) }));
};
