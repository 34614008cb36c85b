// The read model's tables hold no personal data and guess no field name: every column is the
// company key, a bookkeeping column of the sync, or a field the registry (the official field lists)
// gives the resource the table copies.
import { describe, expect, it } from "vitest";
import { getTableColumns } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { getOperation } from "@/lib/ne/registry";
import { analyticsCompanies, analyticsDailyGoods, analyticsDailySales, analyticsDirtyDays, analyticsMonthlyGoods, analyticsSyncState } from "@/lib/db/schema";
import { RESOURCE_TABLES, RESOURCES, type ResourceName } from "./sync";

const PATHS: Record<ResourceName, string> = {
  orders: "/api_v1_receiveorder_base/search",
  rows: "/api_v1_receiveorder_row/search",
  goods: "/api_v1_master_goods/search",
  stock: "/api_v1_master_stock/search",
  warehouseStock: "/api_v1_warehouse_stock/search",
  setGoods: "/api_v1_master_setgoods/search",
};

/** Columns of the sync's own (not API fields). */
const BOOKKEEPING = new Set(["company_ne_id", "cancelled", "seen_at"]);

/** The summaries' own columns (lib/analytics/server/summaries.ts): the day or month and the sums. */
const SUMMARY_COLUMNS = new Set(["company_ne_id", "day", "month", "cancelled", "orders", "units", "revenue", "all_orders", "all_units", "all_revenue", "all_rows_goods_name"]);
const SUMMARIES = [analyticsDailySales, analyticsDailyGoods, analyticsMonthlyGoods, analyticsDirtyDays];

/** Words of personal data: people's names, addresses, phones, mails, and who made or changed a record. */
const PERSONAL = /purchaser|consignee|address|tel|fax|mail|zip|kana|pic_|creator|last_modified_by|person|customer_id|note|worker/;

const columnNames = (table: PgTable) => Object.values(getTableColumns(table)).map((c) => c.name);

describe("analytics tables", () => {
  it("every column of a copied table is the company key, a bookkeeping column, or a field of its resource", async () => {
    const { resources } = await import("@/lib/ne/registry");
    for (const name of RESOURCES) {
      const op = getOperation(PATHS[name]);
      expect(op, name).toBeDefined();
      const fields = new Set(resources[op!.resource].fields.map((f) => f.name));
      const unknown = columnNames(RESOURCE_TABLES[name]).filter((c) => !BOOKKEEPING.has(c) && !fields.has(c));
      expect(unknown, name).toEqual([]);
    }
  });

  it("every column of a summary is one of its own or a field of the slips or rows it sums", async () => {
    const { resources } = await import("@/lib/ne/registry");
    const fields = new Set(
      (["orders", "rows"] as const).flatMap((name) => resources[getOperation(PATHS[name])!.resource].fields.map((f) => f.name)),
    );
    for (const table of SUMMARIES) {
      expect(columnNames(table).filter((c) => !SUMMARY_COLUMNS.has(c) && !fields.has(c))).toEqual([]);
    }
  });

  it("no column of any analytics table holds personal data", () => {
    const all = [...RESOURCES.map((r) => RESOURCE_TABLES[r]), ...SUMMARIES, analyticsSyncState, analyticsCompanies].flatMap(columnNames);
    expect(all.filter((c) => PERSONAL.test(c))).toEqual([]);
    // The only names kept are goods' and sets' names and the supplier's (a business).
    expect([...new Set(all.filter((c) => c.endsWith("_name")))].sort()).toEqual(
      ["receive_order_row_goods_name", "all_rows_goods_name", "goods_name", "set_goods_name", "supplier_name"].sort(),
    );
  });
});
