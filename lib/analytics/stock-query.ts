// The reorder list's and the sellable sets' contract, shared by the route handler
// (app/api/analytics/stock/route.ts), the server queries (server/stock-queries.ts) and the pages
// (components/analytics/stock): the request (zod), the rows and the answer. Browser-safe.
import { z } from "zod";

/** Days of cover under which goods selling now are flagged even above their reorder point. */
export const DEFAULT_COVER_DAYS = 14;
export const MAX_COVER_DAYS = 365;
/** The window of the average daily units: this many JST days, today included. */
export const SALES_WINDOW_DAYS = 30;

export const stockViewSchema = z.enum(["reorder", "sets"]);
export type StockView = z.infer<typeof stockViewSchema>;

/** GET /api/analytics/stock?view=reorder|sets[&warehouse=<id>][&days=<n>] (query string values). */
export const stockRequestSchema = z.object({
  view: stockViewSchema,
  warehouse: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  days: z.coerce.number().int().min(1).max(MAX_COVER_DAYS).optional(),
});
export type StockRequest = z.infer<typeof stockRequestSchema>;

export interface ReorderRow {
  goodsId: string;
  goodsName: string | null;
  supplierId: string | null;
  supplierName: string | null;
  /** Free stock of all warehouses (analytics_stock) or of the chosen one; missing stock is 0. */
  free: number;
  orderPoint: number | null;
  stockConstant: number | null;
  /** The lot the suggestion is rounded up to (1 when the master has none). */
  lot: number;
  /** Units sold over the last SALES_WINDOW_DAYS JST days. */
  units30: number;
  /** units30 / SALES_WINDOW_DAYS, 2 decimals. */
  dailyUnits: number;
  /** max(free, 0) / dailyUnits, 1 decimal; null when nothing sold (no end in sight). */
  coverDays: number | null;
  /** max(0, stock constant − free) rounded up to a multiple of the lot. */
  suggested: number;
  /** free ≤ reorder point (a reorder point of 0 or none: not managed by it). */
  belowPoint: boolean;
  /** Selling faster than the cover: coverDays < the chosen days (whatever the reorder point). */
  fast: boolean;
}

export interface SetRow {
  setId: string;
  setName: string | null;
  /** min over the components of floor(max(free, 0) / quantity per set). */
  sellable: number;
  components: number;
  /** The component giving the minimum (ties: the lowest goods code). */
  limitingId: string;
  limitingName: string | null;
  limitingQuantity: number;
  limitingFree: number;
}

export interface StockAnswer<Row> {
  /** When the copy was last complete (ISO), null before the first full sync. */
  asOf: string | null;
  /** Warehouse ids present in the copy's warehouse stock, for the chooser. */
  warehouses: number[];
  rows: Row[];
}

export type ReorderAnswer = StockAnswer<ReorderRow> & { days: number };
export type SetsAnswer = StockAnswer<SetRow>;
