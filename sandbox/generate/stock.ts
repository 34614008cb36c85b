// Goods stock and warehouse stock, built from what the orders allocated: per goods, the
// allocation is the sum of its active order rows' allocations; each linked warehouse holds a share
// of it plus some free units; goods stock is the sum over warehouses (free = quantity −
// allocation, never negative). Also completes the goods master rows (stock, sale and purchase dates).
import type { LoadRow } from "../loader";
import { audit, type Staff } from "./audit";
import type { GoodsInfo } from "./catalog";
import { DAY_MS, HOUR_MS, jst } from "./jst";
import type { Tables } from "./masters";
import type { CompanyPlan } from "./plan";
import type { Random } from "./random";

export function buildStock(plan: CompanyPlan, random: Random, goods: readonly GoodsInfo[], nowMs: number): Tables {
  const staff = plan.staff;
  const admin = staff[0] as Staff;
  const stockRows: LoadRow[] = [];
  const warehouseRows: LoadRow[] = [];
  for (const g of goods) {
    // Free units: none for goods that orders are waiting for, few for discontinued goods.
    let free: number;
    if (g.short) free = 0;
    else if (g.merchandiseId !== "0") free = random.chance(0.5) ? 0 : random.int(1, 5);
    else if (random.chance(0.04)) free = 0;
    else free = Math.round(random.int(3, 60) * (0.5 + Math.min(4, g.popularity * 4)) + g.allocated * random.float() * 0.6);
    const linked = g.warehouses;
    // Split the allocation and the free units over the linked warehouses (warehouse 1 takes most).
    const alloc = new Map<number, number>();
    const freeBy = new Map<number, number>();
    let restAlloc = g.allocated;
    let restFree = free;
    for (let k = linked.length - 1; k >= 0; k--) {
      const w = linked[k] as number;
      if (k === 0) {
        alloc.set(w, restAlloc);
        freeBy.set(w, restFree);
      } else {
        const a = Math.floor(restAlloc * random.float() * 0.4);
        const f = Math.floor(restFree * (0.15 + random.float() * 0.3));
        alloc.set(w, a);
        freeBy.set(w, f);
        restAlloc -= a;
        restFree -= f;
      }
    }
    let quantity = 0;
    const createdText = g.row.goods_creation_date as string;
    const touchedMs = Math.max(g.lastSoldMs, g.lastSuppliedMs);
    const modified = Number.isFinite(touchedMs) && touchedMs > g.createdMs ? jst(Math.min(nowMs, touchedMs + HOUR_MS)) : null;
    for (const w of linked) {
      const a = alloc.get(w) ?? 0;
      const q = a + (freeBy.get(w) ?? 0);
      quantity += q;
      warehouseRows.push({
        warehouse_stock_warehouse_id: w,
        warehouse_stock_goods_id: g.id,
        warehouse_stock_quantity: q,
        warehouse_stock_allocation_quantity: a,
        warehouse_stock_free_quantity: q - a,
        ...audit("warehouse_stock_", createdText, admin, modified, random.pick(staff)),
      });
    }
    const advanceQuantity = g.typeId === "10" ? g.advanceAllocated + random.int(0, 30) : 0;
    stockRows.push({
      stock_goods_id: g.id,
      stock_quantity: quantity,
      stock_allocation_quantity: g.allocated,
      stock_defective_quantity: random.chance(0.03) ? random.int(1, 3) : 0,
      stock_remaining_order_quantity: g.remainingOrder,
      stock_out_quantity: g.shortage,
      stock_free_quantity: quantity - g.allocated,
      stock_advance_order_quantity: advanceQuantity,
      stock_advance_order_allocation_quantity: g.advanceAllocated,
      stock_advance_order_free_quantity: advanceQuantity - g.advanceAllocated,
      stock_deleted_flag: "0",
      ...audit("stock_", createdText, admin, modified, random.pick(staff)),
    });
    g.row.stock_quantity = quantity;
    if (Number.isFinite(g.firstSoldMs)) g.row.goods_first_time_sold_date = jst(g.firstSoldMs);
    if (Number.isFinite(g.lastSoldMs)) g.row.goods_last_time_sold_date = jst(g.lastSoldMs);
    if (Number.isFinite(g.firstSuppliedMs)) g.row.goods_first_time_supplied_date = jst(g.firstSuppliedMs);
    else g.row.goods_first_time_supplied_date = jst(g.createdMs + 2 * DAY_MS);
    if (Number.isFinite(g.lastSuppliedMs)) g.row.goods_last_time_supplied_date = jst(g.lastSuppliedMs);
    else g.row.goods_last_time_supplied_date = jst(Math.min(nowMs, g.createdMs + random.int(2, 300) * DAY_MS));
  }
  return { stock: stockRows, warehouseStock: warehouseRows };
}
