// Stock consistency, checked in SQL (used by the tests after generation and after uploads):
// - warehouse stock: free = quantity − allocation, quantity ≥ 0, free ≥ 0;
// - goods stock: quantity, allocation and free are the sums over the goods' warehouses;
// - goods stock allocation = the allocations of its active order rows (advance allocation too);
// - every goods has one stock row and its stock_quantity equals it.
// An order row is active while its slip is valid, not cancelled and not shipped (status 0 to 40
// of spec 3.1), and the row itself is valid (deleted_flag 1) and not cancelled.
import { quoteIdent, type SandboxDb } from "../db";
import { COMPANY_COLUMN, columnName, tableName } from "../schema";

const c = (field: string): string => quoteIdent(columnName(field));
const t = (key: Parameters<typeof tableName>[0]): string => quoteIdent(tableName(key));

/** SQL condition on `o` (order slip) and `r` (order row) for the rows that hold stock. */
export const ACTIVE_ORDER_ROW = [
  `o.${c("receive_order_cancel_type_id")} = '0'`,
  `o.${c("receive_order_order_status_id")} IN ('0', '1', '2', '20', '30', '40')`,
  `o.${c("receive_order_deleted_flag")} = '0'`,
  `r.${c("receive_order_row_cancel_flag")} = '0'`,
  `r.${c("receive_order_row_deleted_flag")} = '1'`,
].join(" AND ");

/** Allocated and advance-allocated quantities of active order rows, per goods. */
export function activeAllocationSql(): string {
  return `SELECT r.${c("receive_order_row_goods_id")} AS goods_id,
      SUM(COALESCE(r.${c("receive_order_row_stock_allocation_quantity")}, 0)) AS alloc,
      SUM(COALESCE(r.${c("receive_order_row_advance_order_stock_allocation_quantity")}, 0)) AS advance
    FROM ${t("receiveOrderRow")} r
    JOIN ${t("receiveOrder")} o ON o.${COMPANY_COLUMN} = r.${COMPANY_COLUMN} AND o.${c("receive_order_id")} = r.${c("receive_order_row_receive_order_id")}
    WHERE r.${COMPANY_COLUMN} = $1 AND ${ACTIVE_ORDER_ROW}
    GROUP BY r.${c("receive_order_row_goods_id")}`;
}

export interface StockProblem {
  goodsId: string;
  problem: string;
}

/** Every inconsistency of one company's stock (empty when consistent). */
export async function checkStockConsistency(db: SandboxDb, companyNeId: string, limit = 50): Promise<StockProblem[]> {
  const problems: StockProblem[] = [];
  const add = (rows: { goods_id: string | null; problem: string }[]) => {
    for (const r of rows) problems.push({ goodsId: r.goods_id ?? "", problem: r.problem });
  };
  const ws = t("warehouseStock");
  add(
    await db.query<{ goods_id: string; problem: string }>(
      `SELECT ${c("warehouse_stock_goods_id")} AS goods_id,
         'warehouse ' || ${c("warehouse_stock_warehouse_id")} || ': quantity ' || ${c("warehouse_stock_quantity")} || ', allocation ' || ${c("warehouse_stock_allocation_quantity")} || ', free ' || COALESCE(${c("warehouse_stock_free_quantity")}::text, 'null') AS problem
       FROM ${ws}
       WHERE ${COMPANY_COLUMN} = $1 AND (
         ${c("warehouse_stock_quantity")} IS NULL OR ${c("warehouse_stock_allocation_quantity")} IS NULL OR ${c("warehouse_stock_free_quantity")} IS NULL
         OR ${c("warehouse_stock_quantity")} < 0 OR ${c("warehouse_stock_allocation_quantity")} < 0 OR ${c("warehouse_stock_free_quantity")} < 0
         OR ${c("warehouse_stock_free_quantity")} <> ${c("warehouse_stock_quantity")} - ${c("warehouse_stock_allocation_quantity")})
       LIMIT ${limit}`,
      [companyNeId],
    ),
  );
  add(
    await db.query<{ goods_id: string; problem: string }>(
      `WITH w AS (
         SELECT ${c("warehouse_stock_goods_id")} AS goods_id, SUM(${c("warehouse_stock_quantity")}) AS q, SUM(${c("warehouse_stock_allocation_quantity")}) AS a
         FROM ${ws} WHERE ${COMPANY_COLUMN} = $1 GROUP BY 1),
       r AS (${activeAllocationSql()})
       SELECT s.${c("stock_goods_id")} AS goods_id,
         concat_ws(', ',
           CASE WHEN s.${c("stock_quantity")} IS DISTINCT FROM COALESCE(w.q, 0) THEN 'stock_quantity ' || s.${c("stock_quantity")} || ' <> warehouses ' || COALESCE(w.q, 0) END,
           CASE WHEN s.${c("stock_allocation_quantity")} IS DISTINCT FROM COALESCE(w.a, 0) THEN 'stock_allocation_quantity ' || s.${c("stock_allocation_quantity")} || ' <> warehouses ' || COALESCE(w.a, 0) END,
           CASE WHEN s.${c("stock_allocation_quantity")} IS DISTINCT FROM COALESCE(r.alloc, 0) THEN 'stock_allocation_quantity ' || s.${c("stock_allocation_quantity")} || ' <> order rows ' || COALESCE(r.alloc, 0) END,
           CASE WHEN s.${c("stock_advance_order_allocation_quantity")} IS DISTINCT FROM COALESCE(r.advance, 0) THEN 'stock_advance_order_allocation_quantity ' || s.${c("stock_advance_order_allocation_quantity")} || ' <> order rows ' || COALESCE(r.advance, 0) END,
           CASE WHEN s.${c("stock_free_quantity")} IS DISTINCT FROM s.${c("stock_quantity")} - s.${c("stock_allocation_quantity")} THEN 'stock_free_quantity ' || s.${c("stock_free_quantity")} || ' <> quantity - allocation' END,
           CASE WHEN s.${c("stock_free_quantity")} < 0 OR s.${c("stock_quantity")} < 0 THEN 'negative stock' END,
           CASE WHEN s.${c("stock_advance_order_free_quantity")} IS DISTINCT FROM s.${c("stock_advance_order_quantity")} - s.${c("stock_advance_order_allocation_quantity")} OR s.${c("stock_advance_order_free_quantity")} < 0 THEN 'advance free quantity' END
         ) AS problem
       FROM ${t("stock")} s
       LEFT JOIN w ON w.goods_id = s.${c("stock_goods_id")}
       LEFT JOIN r ON r.goods_id = s.${c("stock_goods_id")}
       WHERE s.${COMPANY_COLUMN} = $1 AND (
         s.${c("stock_quantity")} IS DISTINCT FROM COALESCE(w.q, 0)
         OR s.${c("stock_allocation_quantity")} IS DISTINCT FROM COALESCE(w.a, 0)
         OR s.${c("stock_allocation_quantity")} IS DISTINCT FROM COALESCE(r.alloc, 0)
         OR s.${c("stock_advance_order_allocation_quantity")} IS DISTINCT FROM COALESCE(r.advance, 0)
         OR s.${c("stock_free_quantity")} IS DISTINCT FROM s.${c("stock_quantity")} - s.${c("stock_allocation_quantity")}
         OR s.${c("stock_free_quantity")} < 0 OR s.${c("stock_quantity")} < 0
         OR s.${c("stock_advance_order_free_quantity")} IS DISTINCT FROM s.${c("stock_advance_order_quantity")} - s.${c("stock_advance_order_allocation_quantity")}
         OR s.${c("stock_advance_order_free_quantity")} < 0)
       LIMIT ${limit}`,
      [companyNeId],
    ),
  );
  add(
    await db.query<{ goods_id: string; problem: string }>(
      `SELECT COALESCE(g.${c("goods_id")}, s.${c("stock_goods_id")}) AS goods_id,
         CASE WHEN s.${c("stock_goods_id")} IS NULL THEN 'goods without stock row'
              WHEN g.${c("goods_id")} IS NULL THEN 'stock row without goods'
              ELSE 'goods stock_quantity ' || COALESCE(g.${c("stock_quantity")}::text, 'null') || ' <> stock ' || s.${c("stock_quantity")} END AS problem
       FROM (SELECT * FROM ${t("goods")} WHERE ${COMPANY_COLUMN} = $1) g
       FULL JOIN (SELECT * FROM ${t("stock")} WHERE ${COMPANY_COLUMN} = $1) s ON s.${c("stock_goods_id")} = g.${c("goods_id")}
       WHERE s.${c("stock_goods_id")} IS NULL OR g.${c("goods_id")} IS NULL OR g.${c("stock_quantity")} IS DISTINCT FROM s.${c("stock_quantity")}
       LIMIT ${limit}`,
      [companyNeId],
    ),
  );
  add(
    await db.query<{ goods_id: string; problem: string }>(
      `SELECT r.goods_id, 'order rows allocate goods without stock row' AS problem
       FROM (${activeAllocationSql()}) r
       LEFT JOIN ${t("stock")} s ON s.${COMPANY_COLUMN} = $1 AND s.${c("stock_goods_id")} = r.goods_id
       WHERE s.${c("stock_goods_id")} IS NULL AND (r.alloc > 0 OR r.advance > 0)
       LIMIT ${limit}`,
      [companyNeId],
    ),
  );
  return problems;
}
