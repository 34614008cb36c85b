// Purchasing: place-order (purchase order) slips with their rows, and the supply (purchase
// receipt) slips that received them. Open place-order quantities become the goods' remaining
// order quantity; receipts give the goods' first and last purchase dates.
import type { LoadRow } from "../loader";
import { audit, type Staff } from "./audit";
import type { GoodsInfo } from "./catalog";
import { DAY_MS, HOUR_MS, jst, jstDate, MINUTE_MS } from "./jst";
import type { Supplier, Tables } from "./masters";
import type { PendingRow } from "./orders";
import type { CompanyPlan } from "./plan";
import type { Random } from "./random";

export function buildPurchasing(
  plan: CompanyPlan,
  random: Random,
  goods: readonly GoodsInfo[],
  suppliers: readonly Supplier[],
  pending: readonly PendingRow[],
  nowMs: number,
): Tables {
  const staff = plan.staff;
  const placeRows: LoadRow[] = [];
  const supplyRows: LoadRow[] = [];
  const bySupplier = new Map<string, GoodsInfo[]>();
  for (const g of goods) {
    if (g.merchandiseId !== "0") continue;
    const list = bySupplier.get(g.supplier.id) ?? [];
    list.push(g);
    bySupplier.set(g.supplier.id, list);
  }
  const supplierIds = [...bySupplier.keys()];
  if (supplierIds.length === 0) return { placeOrderRow: [], supplyOrder: [] };
  let supplyId = 0;
  const pendingQueue = [...pending];

  for (let p = 1; p <= plan.placeOrders; p++) {
    // Slips spread over the last 120 days, oldest first.
    const placedMs = nowMs - 120 * DAY_MS + Math.floor(((p - 1 + random.float()) / plan.placeOrders) * 118 * DAY_MS);
    const ageDays = (nowMs - placedMs) / DAY_MS;
    // The newest slips order goods that orders are waiting for (受注発注).
    const fromOrders = ageDays < 10 && pendingQueue.length > 0 && random.chance(0.5);
    const lines: { g: GoodsInfo; qty: number; order?: PendingRow }[] = [];
    let supplier: Supplier;
    if (fromOrders) {
      const first = pendingQueue.shift() as PendingRow;
      supplier = first.goods.supplier;
      lines.push({ g: first.goods, qty: first.quantity, order: first });
      for (let k = 0; k < pendingQueue.length && lines.length < 4; ) {
        const cand = pendingQueue[k] as PendingRow;
        if (cand.goods.supplier.id === supplier.id && !lines.some((l) => l.g === cand.goods)) {
          lines.push({ g: cand.goods, qty: cand.quantity, order: cand });
          pendingQueue.splice(k, 1);
        } else k++;
      }
    } else {
      const id = random.pick(supplierIds);
      const list = bySupplier.get(id) as GoodsInfo[];
      supplier = (list[0] as GoodsInfo).supplier;
      for (const g of random.sample(list, random.int(1, 6))) lines.push({ g, qty: random.int(1, 10) * 6 });
    }
    const deliveryMs = placedMs + random.int(3, 14) * DAY_MS;
    const due = deliveryMs <= nowMs;
    const slipCancelled = random.chance(0.04);
    const creator = random.pick(staff);
    const created = jst(placedMs);
    const typeId = fromOrders ? "2" : "1";
    let received = 0;
    let receivedAmount = 0;
    let receiptMs = 0;
    lines.forEach((line, n) => {
      const { g, qty } = line;
      const cancelled = slipCancelled || random.chance(0.02);
      let supplied = 0;
      if (!cancelled && due) supplied = random.chance(0.85) ? qty : random.chance(0.5) ? Math.floor(qty / 2) : 0;
      else if (!cancelled && random.chance(0.1)) supplied = Math.floor(qty / 3);
      const completed = !cancelled && supplied >= qty;
      const unit = g.cost;
      if (!cancelled && !completed) g.remainingOrder += qty - supplied;
      if (supplied > 0) {
        receiptMs = Math.min(nowMs - HOUR_MS, Math.max(receiptMs, deliveryMs - random.int(0, 2) * DAY_MS));
        received += supplied;
        receivedAmount += supplied * unit;
      }
      const modifiedMs = supplied > 0 || cancelled ? Math.min(nowMs, Math.max(placedMs + HOUR_MS, receiptMs || placedMs + random.int(1, 48) * HOUR_MS)) : null;
      placeRows.push({
        place_order_row_place_order_id: p,
        place_order_row_no: n + 1,
        place_order_row_goods_id: g.id,
        place_order_row_goods_type_id: g.typeId,
        place_order_row_goods_type_name: g.typeName,
        place_order_row_goods_name: g.name,
        place_order_row_goods_option: null,
        place_order_row_unit_price: unit,
        place_order_row_place_quantity: qty,
        place_order_row_sub_total_price: unit * qty,
        place_order_row_receive_order_id: line.order?.orderId ?? null,
        place_order_row_receive_order_row_no: line.order?.rowNo ?? null,
        place_order_row_supply_quantity: supplied,
        place_order_row_cancel_flag: cancelled ? "1" : "0",
        place_order_row_completed_flag: completed ? "1" : "0",
        place_order_row_confirmed_flag: ageDays > 1 || cancelled ? "1" : "0",
        place_order_row_type_id: typeId,
        place_order_row_type_name: typeId === "2" ? "受注発注" : "通常発注",
        place_order_row_note: random.chance(0.08) ? random.pick(["至急手配", "前回ロットと同じ仕様で", "分納可", "納期回答待ち"]) : null,
        place_order_row_delivery_date: jstDate(deliveryMs),
        ...audit("place_order_row_", created, creator, modifiedMs !== null ? jst(modifiedMs) : null, random.pick(staff)),
      });
    });
    if (received > 0) {
      supplyId++;
      const receiptText = jst(receiptMs);
      const recent = nowMs - receiptMs < 2 * DAY_MS;
      supplyRows.push({
        supply_order_id: supplyId,
        supply_order_supplier_id: supplier.id,
        supply_order_type_id: 1,
        supply_order_type_name: "仕入",
        supply_order_date: receiptText,
        supply_order_delivery_id: `DN${String(100000 + supplyId * 7).slice(-6)}`,
        supply_order_correspond_order_id: p,
        supply_order_original_order_id: null,
        supply_order_amount: receivedAmount,
        supply_order_status_id: recent ? "0" : "1",
        supply_order_status_name: recent ? "未確定" : "確定",
        supply_order_deleted_flag: "1",
        ...audit("supply_order_", receiptText, creator, recent ? null : jst(Math.min(nowMs, receiptMs + random.int(1, 24) * HOUR_MS)), random.pick(staff)),
      });
      for (const line of lines) {
        if (receiptMs < line.g.firstSuppliedMs) line.g.firstSuppliedMs = receiptMs;
        if (receiptMs > line.g.lastSuppliedMs) line.g.lastSuppliedMs = receiptMs;
      }
      // A few receipts are partly returned to the supplier.
      if (random.chance(0.03)) {
        supplyId++;
        const returnMs = Math.min(nowMs - MINUTE_MS, receiptMs + random.int(1, 5) * DAY_MS);
        const staffMember: Staff = random.pick(staff);
        supplyRows.push({
          supply_order_id: supplyId,
          supply_order_supplier_id: supplier.id,
          supply_order_type_id: 2,
          supply_order_type_name: "仕入返品",
          supply_order_date: jst(returnMs),
          supply_order_delivery_id: null,
          supply_order_correspond_order_id: p,
          supply_order_original_order_id: supplyId - 1,
          supply_order_amount: -Math.round(receivedAmount * 0.1),
          supply_order_status_id: "1",
          supply_order_status_name: "確定",
          supply_order_deleted_flag: random.chance(0.2) ? "0" : "1",
          ...audit("supply_order_", jst(returnMs), staffMember, null, null),
        });
      }
    }
  }
  return { placeOrderRow: placeRows, supplyOrder: supplyRows };
}
