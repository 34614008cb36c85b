// The upload reader's public face (see ./types.ts and README.md): one module for the browser's
// Web Worker and the server. Browser-safe: no Node built-ins.
export * from "./types";
export { UPLOAD_COLUMNS, MAX_QUANTITY, uploadColumn, type CheckedColumn, type ColumnChoice, type ColumnKind, type UploadColumn } from "./columns";
export { readCsvBytes, readPastedCells } from "./read";
export { decodeCsvBytes, refuseBeforeReading, type DecodeOutcome } from "./decode";
export { lookupNeeds, fetchLookups, stockLookups, IN_VALUES, PAGE_ROWS, type LookupCount, type LookupNeeds, type LookupSearch, type StockPair } from "./lookups";
export { checkUpload } from "./check";
export { checkBatchText, makeBatches } from "./batch";
export { MAX_ROW_BYTES, MAX_HEADER_BYTES, MAX_BATCH_TEXT_BYTES, batchTextCap, utf8Length } from "./limits";
export { SHORT_CELL_CHARS, TAGS_CELL_CHARS, cellLimit } from "./values";
export { problemsReportCsv } from "./report";
export { templateCsv, templateColumns, STOCKTAKE_TEMPLATE_COLUMNS, type TemplateKind } from "./template";
export { gzipText, gunzipToText, sha256Hex, utf8Bytes } from "./bytes";
export {
  goodsDiffNeeds,
  fetchGoodsForDiff,
  currentGoodsOf,
  diffGoods,
  goodsDiffCsv,
  goodsPlan,
  goodsPlanCsv,
  readGoodsPlanCsv,
  goodsReport,
  undoGoods,
  canonicalDecimal,
  canonicalDateTime,
  DELETED_GOODS_NOTE,
  VALUES_PER_CALL,
  LONG_TEXT_WEIGHT,
  type ComparedColumn,
  type NotComparedColumn,
  type GoodsDiffNeeds,
  type GoodsDiffApi,
  type CurrentGoods,
  type GoodsRowStatus,
  type GoodsCellChange,
  type GoodsDiffEntry,
  type GoodsDiffCounts,
  type GoodsDiff,
  type GoodsPlan,
  type GoodsPlanChange,
  type GoodsPlanOutcome,
  type GoodsReport,
  type GoodsReportRow,
  type GoodsUndo,
  type GoodsUnrestorable,
  type GoodsLocale,
} from "./goods-diff";
export {
  STOCKTAKE_COLUMNS,
  STOCKTAKE_HEADER,
  STOCKTAKE_STATUS,
  STOCKTAKE_UPLOAD_HEADER,
  COUNT_COLUMN,
  stocktakeNeeds,
  fetchStocktakeStock,
  buildStocktakeStock,
  computeStocktake,
  stocktakeUpload,
  restocktake,
  type CannotZero,
  type ChangedRow,
  type ChangedUnmentioned,
  type PairState,
  type Restocktake,
  type StocktakeColumn,
  type StocktakePair,
  type StocktakeResult,
  type StocktakeRow,
  type StocktakeStatus,
  type StocktakeStock,
  type StocktakeUpload,
  type StocktakeUploadOptions,
  type StocktakeWarehouse,
  type UnmentionedGoods,
} from "./stocktake";
export {
  PLAN_COLUMNS,
  STOCK_REPORT_HEADERS,
  WAREHOUSE_STOCK_HEADER,
  pairKey,
  planLink,
  stockPlan,
  planCsv,
  readPlanCsv,
  readBackStock,
  readBackCsv,
  readReadBackCsv,
  stockReport,
  stockReportCsv,
  undoUpload,
  type PairStock,
  type StockApi,
  type StockPlan,
  type StockPlanKind,
  type StockPlanRow,
  type StockReport,
  type StockReportRow,
  type UndoUpload,
} from "./stock-plan";
