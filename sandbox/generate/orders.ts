// Order slips and their rows, generated in date order and handed out in chunks (so a million
// orders never sit in memory at once). Statuses follow each order's age (spec 3.1), amounts add
// up (total = goods + tax + charge + delivery fee + other - points; sub total = unit price ×
// ratio / 10 × quantity), and every row's allocation is counted on its goods, which the stock
// tables are built from afterwards.
import { classificationValues, ORDER_STATUS } from "../../lib/ne/registry";
import type { LoadRow } from "../loader";
import type { Staff } from "./audit";
import type { GoodsInfo } from "./catalog";
import { address, mailAddress, person, type Address, type Person } from "./japan";
import { DAY_MS, HOUR_MS, jst, jstCompactDay, jstDate, MINUTE_MS } from "./jst";
import { CANCEL_TYPES, DELIVERY_METHODS, deliveryMethod, paymentName, SEALS, TEMPERATURES, type DeliveryMethod, type GroupingTag, type WholesaleCustomer } from "./masters";
import type { CompanyPlan, ShopPlan } from "./plan";
import { WeightedTable, type Random } from "./random";

/** Orders whose rows hold stock (spec 3.1 statuses before shipment). */
export const ALLOCATING_STATUSES = ["0", "1", "2", "20", "30", "40"] as const;
export const ALL_STATUSES = ["0", "1", "2", "20", "30", "40", "50"] as const;
export type OrderStatus = (typeof ALL_STATUSES)[number];

const STATUS_NAME = new Map(ORDER_STATUS.map((s) => [s.value, s.label.ja]));
const CREDIT_NAME = new Map(classificationValues.creditType.map((c) => [c.id, c.ja]));
const RETURN_REASONS = classificationValues.returnedReason;
const ROW_COUNT_WEIGHTS = [45, 25, 15, 10, 5];
const QUANTITY_WEIGHTS = [70, 18, 6, 3, 1, 1, 1];
const QUANTITIES = [1, 2, 3, 4, 5, 6, 10];
const NOTES = ["不在時は宅配ボックスへお願いします。", "領収書を同梱してください。", "ギフト包装を希望します。", "配達前に電話をください。", "できるだけ早く届けてほしいです。", "のし（御祝）をお願いします。", "置き配希望（玄関前）"];
const STATEMENT_TEXTS = ["いつもご利用いただきありがとうございます。", "またのご利用をお待ちしております。", "商品到着後7日以内であれば返品を承ります。"];
const PICKING = ["緩衝材多め", "ギフトラッピング", "納品書金額なし", "同梱チラシあり"];
const CENTERS: readonly [string, string][] = [["1", "GMOペイメントゲートウェイ"], ["2", "SBペイメントサービス"], ["3", "ベリトランス"]];
/** Payments paid before shipment (the order waits for the deposit). */
const PREPAID: ReadonlySet<string> = new Set(["15", "17", "18", "20", "21", "25", "30", "32", "33", "34", "35"]);
/** Payments settled when the order is placed. */
const INSTANT: ReadonlySet<string> = new Set(["0", "2", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "40", "41", "42", "50", "51", "60", "61", "85", "99"]);
const MAIL_METHODS = ["4", "5", "6"];
const MAIL_METHOD_WEIGHTS = [5, 4, 1];
const CONFIRM_IDS = ["0", "1", "2"];
const CONFIRM_WEIGHTS = [88, 4, 8];
const CARD_IDS = ["1", "2", "3", "4", "5"];
const CARD_WEIGHTS = [45, 25, 20, 7, 3];
const INSTALMENTS = ["1", "3", "6", "12"];
const INSTALMENT_WEIGHTS = [94, 3, 2, 1];
const REOPENED: readonly OrderStatus[] = ["1", "2", "20"];
const COUPONS = [300, 500, 1000];
const WORK_NOTES = ["検品済", "再梱包", "要電話確認"];
/** Weights of DELIVERY_METHODS for parcels (store pick-up only without cash on delivery). */
const PARCEL_WEIGHTS = [52, 28, 18, 0, 0, 0, 0, 1.5];
const PARCEL_WEIGHTS_COD = [52, 28, 18, 0, 0, 0, 0, 0];

export interface OrderStats {
  orders: number;
  rows: number;
  statuses: Record<string, number>;
  cancelled: number;
}

export interface PendingRow {
  orderId: number;
  rowNo: number;
  goods: GoodsInfo;
  quantity: number;
  dateMs: number;
}

interface Customer {
  person: Person;
  address: Address;
  mail: string;
  orders: number;
}

export interface OrderContext {
  plan: CompanyPlan;
  random: Random;
  goods: readonly GoodsInfo[];
  wholesale: readonly WholesaleCustomer[];
  groupingTags: readonly GroupingTag[];
  nowMs: number;
  chunkSize: number;
  emit: (orders: LoadRow[], rows: LoadRow[]) => Promise<void>;
}

function statusForAge(random: Random, ageH: number): OrderStatus {
  if (ageH > 120) return random.weighted(ALL_STATUSES, [0.2, 0.3, 0.5, 0.6, 0.2, 0.7, 97.5]);
  if (ageH > 48) return random.weighted(ALL_STATUSES, [1, 4, 5, 10, 5, 15, 60]);
  return random.weighted(ALL_STATUSES, [5, 25, 22, 22, 6, 12, 8]);
}

function shopOrderNumber(shop: ShopPlan, seq: number, dateMs: number, random: Random): string {
  switch (shop.orderNumber) {
    case "rakuten":
      return `${284700 + shop.id}-${jstCompactDay(dateMs)}-${String(seq).padStart(10, "0")}`;
    case "yahoo":
      return `${shop.account}-${10_000_000 + seq}`;
    case "amazon":
      return `${random.int(249, 503)}-${random.digits(7)}-${random.digits(7)}`;
    case "aupay":
      return `${jstCompactDay(dateMs)}${String(seq).padStart(6, "0")}`;
    case "qoo10":
      return String(700_000_000 + seq * 7);
    case "own":
      return `#${1000 + seq}`;
    case "wholesale":
      return `B2B-${jstCompactDay(dateMs)}-${String(seq).padStart(4, "0")}`;
  }
}

export async function generateOrders(ctx: OrderContext): Promise<{ stats: OrderStats; pending: PendingRow[] }> {
  const { plan, random, goods, nowMs } = ctx;
  const total = plan.orders;
  const stats: OrderStats = { orders: 0, rows: 0, statuses: {}, cancelled: 0 };
  const pending: PendingRow[] = [];
  if (total === 0) return { stats, pending };

  const sellable = goods.filter((g) => g.merchandiseId === "0" || g.popularity > 0);
  const goodsTable = new WeightedTable(sellable, sellable.map((g) => g.popularity));
  const wholesaleGoods = goods.filter((g) => g.merchandiseId === "0" && g.typeId === "0");
  const shopTable = new WeightedTable(plan.shops, plan.shops.map((s) => s.weight));
  const paymentTables = new Map(plan.shops.map((s) => [s.id, new WeightedTable(s.payments.map(([id]) => id), s.payments.map(([, w]) => w))]));
  const activeWholesale = ctx.wholesale.slice(0, Math.max(1, ctx.wholesale.length - 1));
  const tagByName = new Map(ctx.groupingTags.map((t) => [t.name, t]));
  const hasTag = (n: string) => tagByName.has(n);
  const shopSeq = new Map<number, number>();
  const staff = plan.staff;
  const poolSize = Math.max(20, Math.min(200_000, Math.round(total * 0.55)));
  const customers: (Customer | undefined)[] = new Array<Customer | undefined>(poolSize);
  const customerAt = (i: number): Customer => {
    let c = customers[i];
    if (!c) {
      const p = person(random);
      c = { person: p, address: address(random), mail: mailAddress(random, p), orders: 0 };
      customers[i] = c;
    }
    return c;
  };

  const spanMs = 90 * DAY_MS;
  const startMs = nowMs - spanMs;
  // The newest orders take every status of 3.1 and one is cancelled, whatever the draw.
  const forced = new Map<number, OrderStatus>();
  if (total >= ALL_STATUSES.length) ALL_STATUSES.forEach((s, k) => forced.set(total - 1 - k, s));
  const forcedCancel = total >= ALL_STATUSES.length + 1 ? total - ALL_STATUSES.length - 1 : -1;

  let orderChunk: LoadRow[] = [];
  let rowChunk: LoadRow[] = [];
  const lineGoods: GoodsInfo[] = [];
  const lineQty: number[] = [];

  for (let i = 0; i < total; i++) {
    const orderId = i + 1;
    const dateMs = Math.min(nowMs - 2 * MINUTE_MS, startMs + Math.floor(((i + random.float()) / total) * spanMs));
    const ageH = (nowMs - dateMs) / HOUR_MS;
    const shop = shopTable.draw(random);
    const wholesaleOrder = shop.orderNumber === "wholesale";
    const seq = (shopSeq.get(shop.id) ?? 0) + 1;
    shopSeq.set(shop.id, seq);
    const cutFormId = shopOrderNumber(shop, seq, dateMs, random);

    let status: OrderStatus = forced.get(i) ?? statusForAge(random, ageH);
    const cancelled = i === forcedCancel || (!forced.has(i) && random.chance(0.03));
    if (cancelled && status === "50") status = random.pick(REOPENED);
    stats.statuses[status] = (stats.statuses[status] ?? 0) + 1;
    if (cancelled) stats.cancelled++;
    const active = !cancelled && status !== "50";

    // Buyer and recipient.
    let purchaserName: string;
    let purchaserKana: string;
    let purchaserAddr: Address;
    let purchaserMail: string;
    let customerTypeId = "0";
    let customerId: string | null = null;
    let wholesaleCustomer: WholesaleCustomer | null = null;
    let repeat = false;
    if (wholesaleOrder) {
      wholesaleCustomer = random.pick(activeWholesale);
      purchaserName = wholesaleCustomer.name;
      purchaserKana = wholesaleCustomer.kana;
      purchaserAddr = wholesaleCustomer.address;
      purchaserMail = wholesaleCustomer.mail;
      customerTypeId = "9";
      customerId = wholesaleCustomer.id;
    } else {
      const c = customerAt(Math.floor(poolSize * random.float() ** 1.6));
      c.orders++;
      repeat = c.orders >= 3;
      purchaserName = c.person.name;
      purchaserKana = c.person.kana;
      purchaserAddr = c.address;
      purchaserMail = c.mail;
    }
    const giftTo = !wholesaleOrder && random.chance(0.1);
    const consignee = giftTo ? person(random) : wholesaleCustomer ? { name: wholesaleCustomer.destinationName, kana: wholesaleCustomer.destinationKana } : null;
    const consigneeAddr = giftTo ? address(random) : wholesaleCustomer ? wholesaleCustomer.destination : purchaserAddr;

    // Rows: distinct goods.
    const lines = wholesaleOrder ? random.int(2, 5) : random.weightedIndex(ROW_COUNT_WEIGHTS) + 1;
    lineGoods.length = 0;
    lineQty.length = 0;
    for (let n = 0; n < lines; n++) {
      let g = wholesaleOrder ? random.pick(wholesaleGoods) : goodsTable.draw(random);
      for (let tries = 0; tries < 5 && lineGoods.includes(g); tries++) g = goodsTable.draw(random);
      if (lineGoods.includes(g)) continue;
      lineGoods.push(g);
      lineQty.push(wholesaleOrder ? random.int(1, 8) * 6 : (QUANTITIES[random.weightedIndex(QUANTITY_WEIGHTS)] as number));
    }

    // Payment and delivery.
    const paymentId = wholesaleCustomer ? wholesaleCustomer.paymentId : (paymentTables.get(shop.id) as WeightedTable<string>).draw(random);
    const cod = paymentId === "1" || paymentId === "22" || paymentId === "23" || paymentId === "24";
    const totalQty = lineQty.reduce((a, b) => a + b, 0);
    const mailable = !cod && !wholesaleOrder && totalQty <= 2 && lineGoods.every((g) => g.mail);
    let delivery: DeliveryMethod;
    if (wholesaleCustomer) delivery = deliveryMethod(wholesaleCustomer.deliveryId);
    else if (mailable && random.chance(0.6)) delivery = deliveryMethod(random.weighted(MAIL_METHODS, MAIL_METHOD_WEIGHTS));
    else if (paymentId === "22") delivery = deliveryMethod("3");
    else if (paymentId === "23") delivery = deliveryMethod("1");
    else if (paymentId === "24") delivery = deliveryMethod("2");
    else delivery = DELIVERY_METHODS[random.weightedIndex(cod ? PARCEL_WEIGHTS_COD : PARCEL_WEIGHTS)] as DeliveryMethod;

    // Times.
    const importMs = Math.min(nowMs, dateMs + random.int(2, 40) * MINUTE_MS);
    const clip = (ms: number) => Math.min(nowMs, ms);
    const rank = ALL_STATUSES.indexOf(status);
    const printInstructMs = rank >= 4 ? clip(importMs + random.int(30, 24 * 60) * MINUTE_MS) : null;
    const printMs = rank >= 5 && printInstructMs !== null ? clip(printInstructMs + random.int(5, 90) * MINUTE_MS) : null;
    const sendMs = rank >= 6 && printMs !== null ? clip(printMs + random.int(30, 8 * 60) * MINUTE_MS) : null;
    const cancelMs = cancelled ? clip(importMs + random.int(30, 3 * 24 * 60) * MINUTE_MS) : null;
    const pic = random.pick(staff);

    // Rows and amounts.
    let goodsAmount = 0;
    const byRate = new Map<number, number>();
    const ratio = wholesaleCustomer ? wholesaleCustomer.ratio / 10 : 10;
    const giftFlag = giftTo ? random.chance(0.6) : random.chance(0.03);
    let hasAdvance = false;
    let fragile = false;
    let temperature = "0";
    const orderRows: LoadRow[] = [];
    for (let n = 0; n < lineGoods.length; n++) {
      const g = lineGoods[n] as GoodsInfo;
      const qty = lineQty[n] as number;
      const no = n + 1;
      const rowCancelled = lineGoods.length > 1 && random.chance(0.02);
      const unit = random.chance(0.08) ? Math.round((g.price * 0.9) / 10) * 10 : g.price;
      const sub = Math.floor((unit * ratio * qty) / 10);
      if (!rowCancelled) {
        goodsAmount += sub;
        byRate.set(g.taxRate, (byRate.get(g.taxRate) ?? 0) + sub);
      }
      if (g.fragile) fragile = true;
      if (g.forwarding > temperature) temperature = g.forwarding;

      let alloc = 0;
      let advance = 0;
      const rowActive = active && !rowCancelled;
      if (status === "50" && !cancelled && !rowCancelled) {
        alloc = qty;
      } else if (rowActive && status !== "0") {
        if (g.typeId === "10" && (status === "1" || status === "2")) {
          advance = qty;
          hasAdvance = true;
        } else if (rank >= 3 || !g.short) {
          alloc = qty;
        } else {
          alloc = random.chance(0.3) ? Math.floor(qty / 2) : 0;
        }
      }
      if (rowActive) {
        g.allocated += alloc;
        g.advanceAllocated += advance;
        g.shortage += qty - alloc - advance;
        if (alloc + advance < qty && pending.length < 400) pending.push({ orderId, rowNo: no, goods: g, quantity: qty - alloc - advance, dateMs });
      }
      if (!cancelled && !rowCancelled) {
        if (dateMs < g.firstSoldMs) g.firstSoldMs = dateMs;
        if (dateMs > g.lastSoldMs) g.lastSoldMs = dateMs;
      }
      const returned = status === "50" && ageH > 24 * 7 && !rowCancelled && random.chance(0.015);
      const returnedBad = returned && random.chance(0.4);
      const reason = returned ? (returnedBad ? RETURN_REASONS[1] : random.pick(RETURN_REASONS)) : undefined;
      orderRows.push({
        receive_order_row_receive_order_id: orderId,
        receive_order_row_shop_cut_form_id: cutFormId,
        receive_order_row_no: no,
        receive_order_row_shop_row_no: String(no),
        receive_order_row_goods_id: g.id,
        receive_order_row_goods_name: g.name,
        receive_order_row_quantity: qty,
        receive_order_row_unit_price: unit,
        receive_order_row_received_time_first_cost: g.cost,
        receive_order_row_tax_rate: g.taxRate,
        receive_order_row_wholesale_retail_ratio: ratio,
        receive_order_row_sub_total_price: sub,
        receive_order_row_goods_option: giftFlag && n === 0 ? "ラッピング:希望する" : g.typeId === "20" ? `名入れ:${purchaserKana.split(" ")[0] ?? ""}` : null,
        receive_order_row_cancel_flag: rowCancelled ? "1" : "0",
        receive_order_row_stock_allocation_quantity: alloc,
        receive_order_row_advance_order_stock_allocation_quantity: advance,
        receive_order_row_stock_allocation_date: alloc + advance > 0 ? jst(clip(importMs + random.int(1, 30) * MINUTE_MS)) : null,
        receive_order_row_received_time_merchandise_id: g.merchandiseId,
        receive_order_row_received_time_merchandise_name: g.merchandiseName,
        receive_order_row_received_time_goods_type_id: g.typeId,
        receive_order_row_received_time_goods_type_name: g.typeName,
        receive_order_row_returned_good_quantity: returned && !returnedBad ? qty : 0,
        receive_order_row_returned_bad_quantity: returnedBad ? 1 : 0,
        receive_order_row_returned_reason_id: reason?.id ?? null,
        receive_order_row_returned_reason_name: reason?.ja ?? null,
        receive_order_row_org_row_no: no,
        receive_order_row_deleted_flag: "1",
      });
    }

    let tax = 0;
    for (const [rate, amount] of byRate) tax += Math.floor((amount * rate) / 100);
    const charge = cod ? (goodsAmount + tax >= 10_000 ? 440 : 330) : paymentId === "3" || paymentId === "31" ? 220 : 0;
    const fee = wholesaleOrder ? (goodsAmount >= 30_000 ? 0 : delivery.fee) : goodsAmount >= 5000 ? 0 : delivery.fee;
    const wrap = giftFlag ? 330 : 0;
    const coupon = !wholesaleOrder && random.chance(0.05) ? -Math.min(goodsAmount, random.pick(COUPONS)) : 0;
    const other = wrap + coupon;
    const subtotal = goodsAmount + tax + charge + fee + other;
    let point = 0;
    if (paymentId === "85") point = subtotal;
    else if ((shop.orderNumber === "rakuten" || shop.orderNumber === "yahoo") && random.chance(0.25)) point = Math.min(subtotal, random.int(1, 1500));
    const totalAmount = subtotal - point;

    // Deposit.
    const prepaid = PREPAID.has(paymentId);
    const instant = INSTANT.has(paymentId);
    let depositMs: number | null = null;
    if (!cancelled) {
      if (instant) depositMs = clip(importMs + random.int(1, 60) * MINUTE_MS);
      else if (prepaid && (rank >= 3 || random.chance(0.4))) depositMs = clip(importMs + random.int(60, 3 * 24 * 60) * MINUTE_MS);
      else if (sendMs !== null && nowMs - sendMs > 7 * DAY_MS && random.chance(0.9)) depositMs = clip(sendMs + random.int(3, 30) * DAY_MS);
    }
    if (depositMs !== null && printInstructMs !== null && prepaid && depositMs > printInstructMs) depositMs = printInstructMs - 10 * MINUTE_MS;
    const depositAmount = depositMs !== null ? totalAmount : 0;
    const depositType = depositMs !== null ? "2" : "0";

    // Slip-level delivery details.
    const service = delivery.services.length > 0 ? (delivery.services[temperature !== "0" && delivery.services.length > 1 ? 1 : 0] ?? null) : null;
    const hopeDate = random.chance(0.14) && delivery.slots.length > 0;
    const slot = delivery.slots.length > 0 && random.chance(0.3) ? random.pick(delivery.slots) : null;
    const invoice = delivery.invoices.length > 0 ? (delivery.invoices[cod && delivery.invoices.length > 1 ? 1 : 0] ?? null) : null;
    const temp = TEMPERATURES.find((t) => t.id === temperature) ?? (TEMPERATURES[0] as { id: string; name: string });
    const seal1 = fragile ? (SEALS[1] as { id: string; name: string }) : temperature !== "0" ? (SEALS[4] as { id: string; name: string }) : null;
    const officeStop = !delivery.mail && delivery.id !== "8" && random.chance(0.01);

    // Tags.
    const tags: string[] = [];
    if (giftFlag && hasTag("ギフト")) tags.push("ギフト");
    if (hasAdvance && hasTag("予約")) tags.push("予約");
    if (wholesaleOrder && hasTag("大口")) tags.push("大口");
    if (repeat && hasTag("リピーター") && random.chance(0.5)) tags.push("リピーター");
    if (active && random.chance(0.04) && hasTag("至急")) tags.push("至急");
    if (random.chance(0.02) && hasTag("要確認")) tags.push("要確認");
    if (paymentId === "3" && active && rank <= 2 && hasTag("後払い審査中")) tags.push("後払い審査中");

    const mail = status === "0" ? "" : `J${depositMs !== null && prepaid ? "N" : ""}${rank >= 5 ? "C" : ""}${sendMs !== null ? "H" : ""}${sendMs !== null && nowMs - sendMs > 10 * DAY_MS && random.chance(0.3) ? "F" : ""}`;
    const importType = status === "1" ? "0" : status === "2" || status === "0" ? (wholesaleOrder ? "2" : "1") : wholesaleOrder ? "2" : shop.orderNumber === "own" && random.chance(0.3) ? "0" : "1";
    const confirm = status === "0" ? "1" : random.weighted(CONFIRM_IDS, CONFIRM_WEIGHTS);
    const important = random.chance(0.01);
    const modifiedCandidates = [printInstructMs, printMs, sendMs, cancelMs, depositMs].filter((v): v is number => v !== null && v > importMs);
    let modifiedMs = modifiedCandidates.length > 0 ? Math.max(...modifiedCandidates) : null;
    if (modifiedMs === null && random.chance(0.35)) modifiedMs = clip(importMs + random.int(5, 600) * MINUTE_MS);
    const modifier: Staff = random.pick(staff);
    const created = jst(importMs);
    const modified = modifiedMs !== null ? jst(modifiedMs) : null;
    const sendPlanMs = dateMs + random.int(1, 3) * DAY_MS;
    const unpaidPrepaid = prepaid && depositMs === null && !cancelled && ageH > 24 * 5;
    const creditCard = paymentId === "0";
    const creditType = creditCard ? random.weighted(CARD_IDS, CARD_WEIGHTS) : null;
    const center = creditCard ? random.pick(CENTERS) : null;
    const related = i > 50 && random.chance(0.01) ? random.int(Math.max(1, orderId - 500), orderId - 1) : null;
    const relatedKind = related === null ? -1 : random.int(0, 3);
    const cancelType = cancelled ? random.pick(CANCEL_TYPES.slice(1)) : (CANCEL_TYPES[0] as { id: string; name: string });

    // The print-instruction date NextEngine's work queues read (lib/orders/work-queues.ts): a slip
    // at 20 gets the time it became printable, one in ten a later day it waits for (印刷日待ち);
    // a drafted slip holding reservation goods waits for their release day (発売日待ち). Derived
    // from the slip number, not drawn, so every other generated value stays as it was.
    const laterDayMs = nowMs + (1 + (orderId % 9)) * DAY_MS;
    let instructMs = printInstructMs;
    if (status === "20") instructMs = orderId % 6 === 3 ? laterDayMs : clip(importMs + (15 + (orderId % 600)) * MINUTE_MS);
    else if (status === "2" && (hasAdvance || orderId % 7 === 1)) instructMs = laterDayMs;
    // One drafted slip in four waits for a confirmation (確認待ち), likewise without a draw.
    const confirmCheck = status === "2" && orderId % 4 === 0 ? "1" : confirm;

    orderChunk.push({
      receive_order_shop_id: shop.id,
      receive_order_id: orderId,
      receive_order_shop_cut_form_id: cutFormId,
      receive_order_date: jst(dateMs),
      receive_order_import_date: created,
      receive_order_important_check_id: important ? "1" : "0",
      receive_order_important_check_name: important ? pic.name : null,
      receive_order_confirm_check_id: confirmCheck,
      receive_order_confirm_check_name: confirmCheck === "0" ? "確認不要" : confirmCheck === "1" ? "要確認" : "確認済",
      receive_order_confirm_ids: confirm === "0" ? (confirmCheck === "0" ? null : `${(orderId % 20) + 1}`) : random.chance(0.5) ? `${random.int(1, 20)}` : `${random.int(1, 20)}:${random.int(21, 40)}#1`,
      receive_order_mail_status: mail === "" ? null : mail,
      receive_order_gruoping_tag: tags.length > 0 ? tags.map((t) => `[${t}]`).join("") : null,
      receive_order_import_type_id: importType,
      receive_order_import_type_name: importType === "0" ? "メール" : importType === "1" ? "CSV" : "手入力",
      receive_order_cancel_type_id: cancelType.id,
      receive_order_cancel_type_name: cancelType.name,
      receive_order_cancel_date: cancelMs !== null ? jst(cancelMs) : null,
      receive_order_order_status_id: status,
      receive_order_order_status_name: STATUS_NAME.get(status) ?? status,
      receive_order_delivery_id: delivery.id,
      receive_order_delivery_name: delivery.name,
      receive_order_payment_method_id: paymentId,
      receive_order_payment_method_name: paymentName(paymentId),
      receive_order_total_amount: totalAmount,
      receive_order_tax_amount: tax,
      receive_order_charge_amount: charge,
      receive_order_delivery_fee_amount: fee,
      receive_order_other_amount: other,
      receive_order_point_amount: point,
      receive_order_goods_amount: goodsAmount,
      receive_order_deposit_amount: String(depositAmount),
      receive_order_deposit_type_id: depositType,
      receive_order_deposit_type_name: depositType === "2" ? "入金済" : "未入金",
      receive_order_deposit_date: depositMs !== null ? jst(depositMs) : null,
      receive_order_note: random.chance(0.1) ? random.pick(NOTES) : null,
      receive_order_include_possible_order_id: relatedKind === 0 ? related : null,
      receive_order_include_to_order_id: relatedKind === 1 ? related : null,
      receive_order_multi_delivery_parent_order_id: null,
      receive_order_divide_from_order_id: relatedKind === 2 ? related : null,
      receive_order_copy_from_order_id: relatedKind === 3 ? related : null,
      receive_order_multi_delivery_parent_flag: "0",
      receive_order_statement_delivery_instruct_printing_date: instructMs !== null ? jst(instructMs) : null,
      receive_order_statement_delivery_printing_date: printMs !== null ? jst(printMs) : null,
      receive_order_statement_delivery_text: random.chance(0.3) ? random.pick(STATEMENT_TEXTS) : null,
      receive_order_send_date: sendMs !== null ? jst(sendMs) : null,
      receive_order_send_plan_date: jstDate(sendPlanMs),
      receive_order_send_sequence: rank >= 4 ? String((orderId % 500) + 1) : null,
      receive_order_worker_text: random.chance(0.05) ? random.pick(WORK_NOTES) : null,
      receive_order_picking_instruct: random.chance(0.05) || giftFlag ? random.pick(PICKING) : null,
      receive_order_label_print_date: printMs !== null ? jst(clip(printMs + 3 * MINUTE_MS)) : null,
      receive_order_label_print_flag: rank >= 5 ? "2" : rank >= 3 ? "1" : "0",
      receive_order_hope_delivery_date: hopeDate ? jstDate(dateMs + random.int(3, 7) * DAY_MS) : null,
      receive_order_hope_delivery_time_slot_id: slot?.id ?? null,
      receive_order_hope_delivery_time_slot_name: slot?.name ?? null,
      receive_order_delivery_method_id: service?.id ?? null,
      receive_order_delivery_method_name: service?.name ?? null,
      receive_order_seal1_id: seal1?.id ?? null,
      receive_order_seal1_name: seal1?.name ?? null,
      receive_order_business_office_stop_id: delivery.mail || delivery.id === "8" ? null : officeStop ? "1" : "0",
      receive_order_business_office_stop_name: delivery.mail || delivery.id === "8" ? null : officeStop ? "営業所止め" : "利用しない",
      receive_order_invoice_id: invoice?.id ?? null,
      receive_order_invoice_name: invoice?.name ?? null,
      receive_order_temperature_id: delivery.mail ? null : temp.id,
      receive_order_temperature_name: delivery.mail ? null : temp.name,
      receive_order_business_office_name: officeStop ? `${purchaserAddr.prefecture}中央営業所` : null,
      receive_order_gift_flag: giftFlag ? "1" : "0",
      receive_order_delivery_cut_form_id: printMs !== null && delivery.trackingDigits > 0 ? `${random.int(1, 9)}${random.digits(delivery.trackingDigits - 1)}` : null,
      receive_order_delivery_cut_form_note: random.chance(0.03) ? "複数口" : null,
      receive_order_credit_type_id: creditType,
      receive_order_credit_type_name: creditType ? (CREDIT_NAME.get(creditType) ?? null) : null,
      receive_order_credit_approval_no: creditCard ? random.digits(7) : null,
      receive_order_credit_approval_amount: creditCard ? String(totalAmount) : null,
      receive_order_credit_approval_type_id: creditCard ? (cancelled ? "9" : status === "50" ? "2" : "1") : null,
      receive_order_credit_approval_type_name: creditCard ? (cancelled ? "取消済" : status === "50" ? "売上確定" : "オーソリ済") : null,
      receive_order_credit_approval_date: creditCard ? jst(clip(importMs + random.int(1, 10) * MINUTE_MS)) : null,
      receive_order_credit_approval_rate: null,
      receive_order_credit_number_payments: creditCard ? random.weighted(INSTALMENTS, INSTALMENT_WEIGHTS) : null,
      receive_order_credit_authorization_center_id: center?.[0] ?? null,
      receive_order_credit_authorization_center_name: center?.[1] ?? null,
      receive_order_credit_approval_fax_printing_date: null,
      receive_order_customer_type_id: customerTypeId,
      receive_order_customer_type_name: customerTypeId === "9" ? "卸" : "一般",
      receive_order_customer_id: customerId,
      receive_order_purchaser_name: purchaserName,
      receive_order_purchaser_kana: purchaserKana,
      receive_order_purchaser_zip_code: purchaserAddr.zip,
      receive_order_purchaser_address1: purchaserAddr.address1,
      receive_order_purchaser_address2: purchaserAddr.address2,
      receive_order_purchaser_tel: purchaserAddr.tel,
      receive_order_purchaser_fax: wholesaleOrder && random.chance(0.5) ? purchaserAddr.tel : null,
      receive_order_purchaser_mail_address: shop.orderNumber === "amazon" ? `${random.digits(8)}x@marketplace.example.jp` : purchaserMail,
      receive_order_consignee_name: consignee ? consignee.name : purchaserName,
      receive_order_consignee_kana: consignee ? consignee.kana : purchaserKana,
      receive_order_consignee_zip_code: consigneeAddr.zip,
      receive_order_consignee_address1: consigneeAddr.address1,
      receive_order_consignee_address2: consigneeAddr.address2,
      receive_order_consignee_tel: consigneeAddr.tel,
      receive_order_consignee_fax: null,
      receive_order_reminder_start_date: unpaidPrepaid ? jst(importMs + 3 * DAY_MS) : null,
      receive_order_reminder_last_date: unpaidPrepaid ? jst(Math.min(nowMs, importMs + 5 * DAY_MS)) : null,
      receive_order_reminder_count: unpaidPrepaid ? random.int(1, 3) : 0,
      receive_order_important_check_pic_id: important ? pic.id : null,
      receive_order_important_check_pic_name: important ? pic.name : null,
      receive_order_pic_id: pic.id,
      receive_order_pic_name: pic.name,
      receive_order_send_pic_id: sendMs !== null ? modifier.id : null,
      receive_order_send_pic_name: sendMs !== null ? modifier.name : null,
      receive_order_deleted_flag: "0",
      receive_order_creation_date: created,
      receive_order_last_modified_date: modified,
      receive_order_last_modified_null_safe_date: modified ?? created,
      receive_order_creator_id: pic.id,
      receive_order_creator_name: pic.name,
      receive_order_last_modified_by_id: modified ? modifier.id : null,
      receive_order_last_modified_by_null_safe_id: modified ? modifier.id : pic.id,
      receive_order_last_modified_by_name: modified ? modifier.name : null,
      receive_order_last_modified_by_null_safe_name: modified ? modifier.name : pic.name,
    });

    const newest = modified ?? created;
    for (const row of orderRows) {
      row.receive_order_row_last_modified_newest_date = newest;
      row.receive_order_row_creation_date = created;
      row.receive_order_row_last_modified_date = modified;
      row.receive_order_row_last_modified_null_safe_date = newest;
      row.receive_order_row_creator_id = pic.id;
      row.receive_order_row_creator_name = pic.name;
      row.receive_order_row_last_modified_by_id = modified ? modifier.id : null;
      row.receive_order_row_last_modified_by_null_safe_id = modified ? modifier.id : pic.id;
      row.receive_order_row_last_modified_by_name = modified ? modifier.name : null;
      row.receive_order_row_last_modified_by_null_safe_name = modified ? modifier.name : pic.name;
      rowChunk.push(row);
    }
    stats.orders++;
    stats.rows += orderRows.length;

    if (orderChunk.length >= ctx.chunkSize) {
      await ctx.emit(orderChunk, rowChunk);
      orderChunk = [];
      rowChunk = [];
    }
  }
  if (orderChunk.length > 0) await ctx.emit(orderChunk, rowChunk);
  return { stats, pending };
}
