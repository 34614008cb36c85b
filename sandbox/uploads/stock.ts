// Reading and writing warehouse stock and goods stock for the uploads. Goods stock is always
// recomputed from the warehouses (quantity and allocation are their sums, free = quantity −
// allocation), so it stays consistent with the order rows' allocations, which uploads never change.
import type { ResourceKey } from "../../lib/ne/registry/types";
import { quoteIdent, type SandboxDb } from "../db";
import { loadRows } from "../loader";
import type { RegistryIndex } from "../registry";
import { COMPANY_COLUMN, columnName, tableName } from "../schema";

export const col = (field: string): string => quoteIdent(columnName(field));
export const table = (key: ResourceKey): string => quoteIdent(tableName(key));

export interface Actor {
  id: number;
  name: string;
  /** JST `YYYY-MM-DD HH:MM:SS` of the change. */
  now: string;
}

/** SET clause of the last-modified audit fields of a prefix (parameters $k, $k+1, $k+2: now, id, name). */
export function modifiedSet(prefix: string, k: number, fields: ReadonlySet<string>): string {
  const parts: string[] = [];
  const put = (suffix: string, expr: string) => {
    if (fields.has(`${prefix}${suffix}`)) parts.push(`${col(`${prefix}${suffix}`)} = ${expr}`);
  };
  put("last_modified_date", `$${k}::timestamp`);
  put("last_modified_null_safe_date", `$${k}::timestamp`);
  put("last_modified_by_id", `$${k + 1}::numeric`);
  put("last_modified_by_null_safe_id", `$${k + 1}::numeric`);
  put("last_modified_by_name", `$${k + 2}::text`);
  put("last_modified_by_null_safe_name", `$${k + 2}::text`);
  return parts.join(", ");
}

/** Audit values of a new row (never modified). */
export function createdValues(prefix: string, actor: Actor): Record<string, string | number | null> {
  return {
    [`${prefix}creation_date`]: actor.now,
    [`${prefix}last_modified_date`]: null,
    [`${prefix}last_modified_null_safe_date`]: actor.now,
    [`${prefix}creator_id`]: actor.id,
    [`${prefix}creator_name`]: actor.name,
    [`${prefix}last_modified_by_id`]: null,
    [`${prefix}last_modified_by_null_safe_id`]: actor.id,
    [`${prefix}last_modified_by_name`]: null,
    [`${prefix}last_modified_by_null_safe_name`]: actor.name,
  };
}

export function fieldNames(registry: RegistryIndex, key: ResourceKey): Set<string> {
  return new Set(registry.resource(key).fields.map((f) => f.name));
}

export function onlyFields(row: Record<string, string | number | null>, names: ReadonlySet<string>): Record<string, string | number | null> {
  return Object.fromEntries(Object.entries(row).filter(([k]) => names.has(k)));
}

export interface WarehouseStockState {
  warehouseId: number;
  goodsId: string;
  quantity: number;
  allocation: number;
  /** Whether the row exists in the table now. */
  stored: boolean;
  /** After the upload: whether the row should exist. */
  linked: boolean;
  changed: boolean;
}

export const stockKey = (warehouseId: number, goodsId: string): string => `${warehouseId}\t${goodsId}`;

/** Warehouse stock rows of the given goods (all warehouses). */
export async function readWarehouseStock(db: SandboxDb, companyNeId: string, goodsIds: readonly string[]): Promise<Map<string, WarehouseStockState>> {
  const out = new Map<string, WarehouseStockState>();
  if (goodsIds.length === 0) return out;
  const rows = await db.query<{ w: string; g: string; q: string | null; a: string | null }>(
    `SELECT ${col("warehouse_stock_warehouse_id")}::text AS w, ${col("warehouse_stock_goods_id")} AS g,
            ${col("warehouse_stock_quantity")}::text AS q, ${col("warehouse_stock_allocation_quantity")}::text AS a
     FROM ${table("warehouseStock")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("warehouse_stock_goods_id")} = ANY($2::text[])`,
    [companyNeId, goodsIds],
  );
  for (const r of rows) {
    const warehouseId = Number(r.w);
    out.set(stockKey(warehouseId, r.g), {
      warehouseId,
      goodsId: r.g,
      quantity: Number(r.q ?? 0),
      allocation: Number(r.a ?? 0),
      stored: true,
      linked: true,
      changed: false,
    });
  }
  return out;
}

/** Writes the changed warehouse stock rows (insert, update or delete) and recomputes goods stock. */
export async function writeWarehouseStock(
  db: SandboxDb,
  registry: RegistryIndex,
  companyNeId: string,
  states: Iterable<WarehouseStockState>,
  actor: Actor,
): Promise<string[]> {
  const names = fieldNames(registry, "warehouseStock");
  const inserts: Record<string, string | number | null>[] = [];
  const touched = new Set<string>();
  const set = modifiedSet("warehouse_stock_", 5, names);
  for (const s of states) {
    if (!s.changed) continue;
    touched.add(s.goodsId);
    if (s.stored && !s.linked) {
      await db.query(
        `DELETE FROM ${table("warehouseStock")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("warehouse_stock_warehouse_id")} = $2 AND ${col("warehouse_stock_goods_id")} = $3`,
        [companyNeId, s.warehouseId, s.goodsId],
      );
    } else if (s.stored && s.linked) {
      await db.query(
        `UPDATE ${table("warehouseStock")} SET ${col("warehouse_stock_quantity")} = $4::numeric,
           ${col("warehouse_stock_free_quantity")} = $4::numeric - ${col("warehouse_stock_allocation_quantity")}, ${set}
         WHERE ${COMPANY_COLUMN} = $1 AND ${col("warehouse_stock_warehouse_id")} = $2 AND ${col("warehouse_stock_goods_id")} = $3`,
        [companyNeId, s.warehouseId, s.goodsId, s.quantity, actor.now, actor.id, actor.name],
      );
    } else if (!s.stored && s.linked) {
      inserts.push(
        onlyFields(
          {
            warehouse_stock_warehouse_id: s.warehouseId,
            warehouse_stock_goods_id: s.goodsId,
            warehouse_stock_quantity: s.quantity,
            warehouse_stock_allocation_quantity: s.allocation,
            warehouse_stock_free_quantity: s.quantity - s.allocation,
            ...createdValues("warehouse_stock_", actor),
          },
          names,
        ),
      );
    }
  }
  if (inserts.length > 0) await loadRows(db, "warehouseStock", companyNeId, inserts, { registry });
  const goodsIds = [...touched];
  await recomputeStock(db, registry, companyNeId, goodsIds, actor);
  return goodsIds;
}

/**
 * Goods stock from the warehouses for the given goods: quantity and allocation are the sums,
 * free = quantity − allocation; goods.stock_quantity follows. Missing stock rows are created.
 */
export async function recomputeStock(db: SandboxDb, registry: RegistryIndex, companyNeId: string, goodsIds: readonly string[], actor: Actor): Promise<void> {
  if (goodsIds.length === 0) return;
  const stockNames = fieldNames(registry, "stock");
  const existing = await db.query<{ g: string }>(
    `SELECT ${col("stock_goods_id")} AS g FROM ${table("stock")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("stock_goods_id")} = ANY($2::text[])`,
    [companyNeId, goodsIds],
  );
  const have = new Set(existing.map((r) => r.g));
  const missing = goodsIds.filter((g) => !have.has(g));
  if (missing.length > 0) {
    await loadRows(
      db,
      "stock",
      companyNeId,
      missing.map((g) =>
        onlyFields(
          {
            stock_goods_id: g,
            stock_quantity: 0,
            stock_allocation_quantity: 0,
            stock_defective_quantity: 0,
            stock_remaining_order_quantity: 0,
            stock_out_quantity: 0,
            stock_free_quantity: 0,
            stock_advance_order_quantity: 0,
            stock_advance_order_allocation_quantity: 0,
            stock_advance_order_free_quantity: 0,
            stock_deleted_flag: "0",
            ...createdValues("stock_", actor),
          },
          stockNames,
        ),
      ),
      { registry },
    );
  }
  await db.query(
    `UPDATE ${table("stock")} s SET
       ${col("stock_quantity")} = w.q, ${col("stock_allocation_quantity")} = w.a, ${col("stock_free_quantity")} = w.q - w.a,
       ${modifiedSet("stock_", 3, stockNames)}
     FROM (
       SELECT g.id AS goods_id, COALESCE(SUM(ws.${col("warehouse_stock_quantity")}), 0) AS q, COALESCE(SUM(ws.${col("warehouse_stock_allocation_quantity")}), 0) AS a
       FROM unnest($2::text[]) AS g(id)
       LEFT JOIN ${table("warehouseStock")} ws ON ws.${COMPANY_COLUMN} = $1 AND ws.${col("warehouse_stock_goods_id")} = g.id
       GROUP BY g.id
     ) w
     WHERE s.${COMPANY_COLUMN} = $1 AND s.${col("stock_goods_id")} = w.goods_id`,
    [companyNeId, goodsIds, actor.now, actor.id, actor.name],
  );
  if (fieldNames(registry, "goods").has("stock_quantity")) {
    await db.query(
      `UPDATE ${table("goods")} g SET ${col("stock_quantity")} = s.${col("stock_quantity")}
       FROM ${table("stock")} s
       WHERE g.${COMPANY_COLUMN} = $1 AND s.${COMPANY_COLUMN} = $1 AND s.${col("stock_goods_id")} = g.${col("goods_id")} AND g.${col("goods_id")} = ANY($2::text[])`,
      [companyNeId, goodsIds],
    );
  }
}
