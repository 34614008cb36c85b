// A small deterministic data set for both sandbox companies: every table resource gets rows, so
// every operation answers something, and the values are chosen for the engine's tests (nulls,
// ties, Japanese text, the same primary keys in both companies). The data generator
// (sandbox/generate/) takes over for realistic volumes.
import { classificationValues, ORDER_STATUS } from "../lib/ne/registry";
import type { ResourceKey } from "../lib/ne/registry/types";
import { SANDBOX_COMPANIES } from "./accounts";
import type { SandboxDb } from "./db";
import { loadRows, type LoadRow } from "./loader";
import type { RegistryIndex } from "./registry";

const [company1, company2] = SANDBOX_COMPANIES;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** Audit fields of spec 2.4 for a prefix (only those the resource has survive `fit`). */
export function auditValues(prefix: string, created: string, modified: string | null, creator = "佐藤 花子"): LoadRow {
  return {
    [`${prefix}creation_date`]: created,
    [`${prefix}last_modified_date`]: modified,
    [`${prefix}last_modified_null_safe_date`]: modified ?? created,
    [`${prefix}creator_id`]: 1,
    [`${prefix}creator_name`]: creator,
    [`${prefix}last_modified_by_id`]: modified ? 2 : null,
    [`${prefix}last_modified_by_null_safe_id`]: modified ? 2 : 1,
    [`${prefix}last_modified_by_name`]: modified ? "鈴木 一郎" : null,
    [`${prefix}last_modified_by_null_safe_name`]: modified ? "鈴木 一郎" : creator,
  };
}

const ORDER_STATUS_IDS = ["1", "2", "20", "30", "40", "50"] as const;
const PURCHASERS = ["山田 太郎", "田中 美咲", "伊藤 健太", "渡辺 由美", null, "中村 翔", "小林 さくら", "加藤 大輔", "吉田 愛", "山本 悠斗", "松本 陽菜", "井上 蓮"];

interface GoodsSeed {
  id: string;
  name: string;
  price: number;
  cost: number;
}

const GOODS_1: readonly GoodsSeed[] = [
  { id: "TSHIRT-WHT-M", name: "オーガニックTシャツ 白 M", price: 2980, cost: 1200 },
  { id: "TSHIRT-BLK-L", name: "オーガニックTシャツ 黒 L", price: 2980, cost: 1200 },
  { id: "MUG-001", name: "波佐見焼マグカップ", price: 1500, cost: 600 },
  { id: "TOWEL-002", name: "今治フェイスタオル", price: 2200, cost: 900 },
  { id: "SOCKS-003", name: "くつ下3足組", price: 990, cost: 350 },
];
const GOODS_2: readonly GoodsSeed[] = [
  { id: "TEA-001", name: "八女緑茶 80g", price: 1080, cost: 500 },
  { id: "TEA-002", name: "ほうじ茶 100g", price: 980, cost: 420 },
];

function orderStatusName(id: string): string {
  return ORDER_STATUS.find((s) => s.value === id)?.label.ja ?? id;
}

function paymentName(id: string): string {
  return classificationValues.paymentMethod.find((p) => p.id === id)?.ja ?? id;
}

interface CompanyPlan {
  neId: string;
  orders: number;
  goods: readonly GoodsSeed[];
  shops: readonly { id: number; name: string; mall: number }[];
  warehouses: readonly { id: number; name: string }[];
  purchaserPrefix: string;
}

const PLANS: readonly CompanyPlan[] = [
  {
    neId: company1.neId,
    orders: 12,
    goods: GOODS_1,
    shops: [
      { id: 1, name: "楽天市場店", mall: 1 },
      { id: 2, name: "Yahoo!ショッピング店", mall: 2 },
      { id: 3, name: "本店", mall: 3 },
    ],
    warehouses: [
      { id: 1, name: "基本拠点" },
      { id: 2, name: "東日本倉庫" },
      { id: 3, name: "西日本倉庫" },
    ],
    purchaserPrefix: "",
  },
  {
    neId: company2.neId,
    orders: 3,
    goods: GOODS_2,
    shops: [{ id: 1, name: "アナザー本店", mall: 3 }],
    warehouses: [{ id: 1, name: "基本拠点" }],
    purchaserPrefix: "別会社 ",
  },
];

function ordersOf(plan: CompanyPlan): { orders: LoadRow[]; rows: LoadRow[] } {
  const orders: LoadRow[] = [];
  const rows: LoadRow[] = [];
  for (let i = 1; i <= plan.orders; i++) {
    const shop = plan.shops[(i - 1) % plan.shops.length] ?? { id: 1, name: "", mall: 1 };
    const status = ORDER_STATUS_IDS[(i - 1) % ORDER_STATUS_IDS.length] ?? "1";
    const payment = ["0", "1", "15"][(i - 1) % 3] ?? "0";
    const date = `2024-01-${pad(i)} 10:${pad(i)}:00`;
    const imported = `2024-01-${pad(i)} 11:00:00`;
    const modified = i > 6 ? `2024-02-${pad(i)} 09:00:00` : null;
    const goodsAmount = i * 1000;
    const tax = i * 100;
    const fee = i % 2 === 1 ? 500 : 0;
    const point = i === 4 ? 100 : 0;
    const purchaser = PURCHASERS[i - 1] ?? null;
    orders.push({
      receive_order_shop_id: shop.id,
      receive_order_id: i,
      receive_order_shop_cut_form_id: `${["RK", "YH", "HS"][(shop.id - 1) % 3]}-2024-${pad(i, 4)}`,
      receive_order_date: date,
      receive_order_import_date: imported,
      receive_order_important_check_id: i === 2 ? "1" : "0",
      receive_order_confirm_check_id: "0",
      receive_order_mail_status: i % 2 === 0 ? "JH" : "J",
      receive_order_gruoping_tag: i === 3 ? "[至急][ギフト]" : null,
      receive_order_import_type_id: "1",
      receive_order_import_type_name: "CSV",
      receive_order_cancel_type_id: i === 6 ? "1" : "0",
      receive_order_cancel_type_name: i === 6 ? "キャンセル" : "有効な受注です。",
      receive_order_cancel_date: i === 6 ? `2024-01-${pad(i)} 15:00:00` : null,
      receive_order_order_status_id: status,
      receive_order_order_status_name: orderStatusName(status),
      receive_order_delivery_id: i % 2 === 1 ? "1" : "2",
      receive_order_delivery_name: i % 2 === 1 ? "ヤマト運輸" : "佐川急便",
      receive_order_payment_method_id: payment,
      receive_order_payment_method_name: paymentName(payment),
      receive_order_total_amount: goodsAmount + tax + fee - point,
      receive_order_tax_amount: tax,
      receive_order_charge_amount: 0,
      receive_order_delivery_fee_amount: fee,
      receive_order_other_amount: 0,
      receive_order_point_amount: point,
      receive_order_goods_amount: goodsAmount,
      receive_order_deposit_amount: payment === "15" ? String(goodsAmount + tax + fee - point) : "0",
      receive_order_note: i % 2 === 0 && i !== 12 ? `備考${i}` : null,
      receive_order_send_date: status === "50" ? `2024-01-${pad(i + 2)} 16:00:00` : null,
      receive_order_send_plan_date: `2024-01-${pad(i + 2)} 00:00:00`,
      receive_order_gift_flag: i === 3 ? "1" : "0",
      receive_order_credit_approval_rate: payment === "0" ? 3.5 : null,
      receive_order_purchaser_name: purchaser ? `${plan.purchaserPrefix}${purchaser}` : null,
      receive_order_purchaser_kana: purchaser ? "カナ" : null,
      receive_order_purchaser_mail_address: `buyer${i}@example.jp`,
      receive_order_purchaser_zip_code: "150-0001",
      receive_order_purchaser_address1: "東京都渋谷区神宮前",
      receive_order_consignee_name: purchaser ? `${plan.purchaserPrefix}${purchaser}` : null,
      receive_order_reminder_count: i === 9 ? 2 : 0,
      receive_order_pic_id: 1,
      receive_order_pic_name: "佐藤 花子",
      receive_order_deleted_flag: "0",
      ...auditValues("receive_order_", imported, modified),
    });
    const lines = ((i - 1) % 3) + 1;
    for (let no = 1; no <= lines; no++) {
      const g = plan.goods[(i + no) % plan.goods.length] ?? { id: "", name: "", price: 0, cost: 0 };
      rows.push({
        receive_order_row_receive_order_id: i,
        receive_order_row_shop_cut_form_id: `${["RK", "YH", "HS"][(shop.id - 1) % 3]}-2024-${pad(i, 4)}`,
        receive_order_row_no: no,
        receive_order_row_shop_row_no: String(no),
        receive_order_row_goods_id: g.id,
        receive_order_row_goods_name: g.name,
        receive_order_row_quantity: no,
        receive_order_row_unit_price: g.price,
        receive_order_row_received_time_first_cost: g.cost,
        receive_order_row_tax_rate: 10,
        receive_order_row_wholesale_retail_ratio: 100,
        receive_order_row_sub_total_price: g.price * no,
        receive_order_row_cancel_flag: "0",
        receive_order_row_stock_allocation_quantity: status === "1" ? 0 : no,
        receive_order_row_stock_allocation_date: status === "1" ? null : imported,
        receive_order_row_deleted_flag: "1", // 1 = valid (spec 2.6)
        receive_order_row_last_modified_newest_date: modified ?? imported,
        ...auditValues("receive_order_row_", imported, modified),
      });
    }
  }
  return { orders, rows };
}

function companyData(plan: CompanyPlan, registry: RegistryIndex): Partial<Record<ResourceKey, LoadRow[]>> {
  const created = "2023-04-01 09:00:00";
  const { orders, rows } = ordersOf(plan);
  const data: Partial<Record<ResourceKey, LoadRow[]>> = {
    receiveOrder: orders,
    receiveOrderRow: rows,
    shop: plan.shops.map((s) => ({
      shop_id: s.id,
      shop_name: s.name,
      shop_kana: "テンポ",
      shop_abbreviated_name: s.name.slice(0, 4),
      shop_mall_id: s.mall,
      shop_tax_id: "0",
      shop_tax_name: "税抜",
      shop_currency_unit_id: "1",
      shop_currency_unit_name: "円",
      shop_deleted_flag: "0",
      ...auditValues("shop_", created, null),
    })),
    mall: [
      { mall_id: 1, mall_name: "楽天市場", mall_kana: "ラクテンイチバ", mall_country_id: "1", mall_deleted_flag: "0" },
      { mall_id: 2, mall_name: "Yahoo!ショッピング", mall_kana: "ヤフーショッピング", mall_country_id: "1", mall_deleted_flag: "0" },
      { mall_id: 3, mall_name: "自社サイト", mall_kana: "ジシャサイト", mall_country_id: "1", mall_deleted_flag: "0" },
    ],
    warehouse: plan.warehouses.map((w) => ({ warehouse_id: w.id, warehouse_name: w.name })),
    goods: plan.goods.map((g, i) => ({
      goods_id: g.id,
      goods_name: g.name,
      goods_type_id: "0",
      goods_type_name: "通常商品",
      goods_merchandise_id: "0",
      goods_merchandise_name: "取扱中",
      goods_cost_price: g.cost,
      goods_selling_price: g.price,
      goods_display_price: g.price,
      goods_tax_rate: 10,
      goods_jan_code: `49000000000${i}`,
      supplier_name: "東京繊維商事",
      stock_quantity: 10 * (i + 1),
      goods_release_date: `2023-0${(i % 9) + 1}-01 00:00:00`,
      goods_deleted_flag: "0",
      ...auditValues("goods_", created, i === 0 ? "2024-03-01 12:00:00" : null),
    })),
    stock: plan.goods.map((g, i) => ({
      stock_goods_id: g.id,
      stock_quantity: 10 * (i + 1),
      stock_allocation_quantity: i,
      stock_defective_quantity: 0,
      stock_remaining_order_quantity: 0,
      stock_out_quantity: 0,
      stock_free_quantity: 10 * (i + 1) - i,
      stock_advance_order_quantity: 0,
      stock_advance_order_allocation_quantity: 0,
      stock_advance_order_free_quantity: 0,
      stock_deleted_flag: "0",
      ...auditValues("stock_", created, null),
    })),
    warehouseStock: plan.goods.flatMap((g, i) =>
      plan.warehouses
        .filter((w) => w.id === 1 || i % 2 === 0)
        .map((w) => ({
          warehouse_stock_warehouse_id: w.id,
          warehouse_stock_goods_id: g.id,
          warehouse_stock_quantity: w.id === 1 ? 10 * (i + 1) : 5,
          warehouse_stock_allocation_quantity: w.id === 1 ? i : 0,
          warehouse_stock_free_quantity: w.id === 1 ? 10 * (i + 1) - i : 5,
          ...auditValues("warehouse_stock_", created, null),
        })),
    ),
    goodsTag: plan.goods.slice(0, 2).map((g) => ({
      goods_tag_goods_id: g.id,
      goods_tag_name: "定番",
      goods_tag_deleted_flag: "0",
      ...auditValues("goods_tag_", created, null),
    })),
    goodsImage: plan.goods.slice(0, 2).map((g, i) => ({
      goods_image_id: i + 1,
      goods_image_goods_id: g.id,
      goods_image_file_name: `${g.id.toLowerCase()}.jpg`,
      goods_image_url_http: `http://img.sandbox.test/${g.id.toLowerCase()}.jpg`,
      goods_image_url_https: `https://img.sandbox.test/${g.id.toLowerCase()}.jpg`,
      goods_image_size: 120_000 + i,
      goods_image_width: 800,
      goods_image_height: 800,
      goods_image_alt: g.name,
      goods_image_convert_flg: 0,
      goods_image_display_order: String(i + 1),
      goods_image_status: 3,
      goods_image_deleted_flag: "0",
      ...auditValues("goods_image_", created, null),
      goods_image_tag_id: i + 1,
      goods_image_tag_goods_image_id: i + 1,
      goods_image_tag_image_tag_id: 1,
      goods_image_tag_deleted_flag: "0",
      ...auditValues("goods_image_tag_", created, null),
      image_tag_id: 1,
      image_tag_mall_id: 1,
      image_tag_text: "メイン画像",
      image_tag_display_order: 1,
      image_tag_deleted_flag: "0",
      ...auditValues("image_tag_", created, null),
    })),
    setGoods: plan.goods.slice(0, 2).map((g) => ({
      set_goods_id: "SET-001",
      set_goods_name: "お試しセット",
      set_goods_selling_price: 4500,
      set_goods_detail_goods_id: g.id,
      set_goods_detail_quantity: 1,
      set_goods_tax_rate: 10,
      set_goods_tax_id: 0,
      set_goods_gift_ok_flg: 1,
      ...auditValues("set_goods_", created, null),
    })),
    receiveOrderGroupingTag: [
      { grouping_tag_id: 1, grouping_tag_name: "至急", grouping_tag_color: "#ff0000", grouping_tag_str_color: "#ffffff", ...auditValues("grouping_tag_", created, null) },
      { grouping_tag_id: 2, grouping_tag_name: "ギフト", grouping_tag_color: "#00aa00", grouping_tag_str_color: "#ffffff", ...auditValues("grouping_tag_", created, null) },
    ],
    paymentDeliveryConvert: [
      { payment_delivery_convert_text: "クレジットカード決済", payment_delivery_convert_type: "siharai_kbn", payment_delivery_convert_multi_id: "0", payment_delivery_convert_deleted_flag: "1", ...auditValues("payment_delivery_convert_", created, null) },
      { payment_delivery_convert_text: "代金引換", payment_delivery_convert_type: "siharai_kbn", payment_delivery_convert_multi_id: "1", payment_delivery_convert_deleted_flag: "1", ...auditValues("payment_delivery_convert_", created, null) },
      { payment_delivery_convert_text: "午前中", payment_delivery_convert_type: "jikantaisitei_kbn", payment_delivery_convert_multi_id: "01", payment_delivery_convert_delivery_id: "1", payment_delivery_convert_deleted_flag: "1", ...auditValues("payment_delivery_convert_", created, null) },
    ],
    forwardingAgent: [
      { forwarding_agent_id: "1", forwarding_agent_type: "jikantaisitei_kbn", forwarding_agent_type_id: "01", forwarding_agent_type_name: "午前中", forwarding_agent_display_order: 1, forwarding_agent_deleted_flag: "1" },
      { forwarding_agent_id: "1", forwarding_agent_type: "jikantaisitei_kbn", forwarding_agent_type_id: "14", forwarding_agent_type_name: "14時～16時", forwarding_agent_display_order: 2, forwarding_agent_deleted_flag: "1" },
      { forwarding_agent_id: "2", forwarding_agent_type: "binsyu_kbn", forwarding_agent_type_id: "0", forwarding_agent_type_name: "飛脚宅配便", forwarding_agent_display_order: 1, forwarding_agent_deleted_flag: "1" },
    ],
    receiveOrderUploadPattern: [
      { receive_order_upload_pattern_id: 1, receive_order_upload_pattern_name: "汎用CSV", receive_order_upload_pattern_format_id: 1, receive_order_upload_pattern_shop_id: 1, receive_order_upload_pattern_deleted_flag: "1", ...auditValues("receive_order_upload_pattern_", created, null) },
    ],
    placeOrderRow: [1, 2].map((no) => ({
      place_order_row_place_order_id: 1,
      place_order_row_no: no,
      place_order_row_goods_id: plan.goods[no - 1]?.id ?? null,
      place_order_row_goods_name: plan.goods[no - 1]?.name ?? null,
      place_order_row_unit_price: plan.goods[no - 1]?.cost ?? null,
      place_order_row_place_quantity: 20,
      place_order_row_sub_total_price: (plan.goods[no - 1]?.cost ?? 0) * 20,
      place_order_row_supply_quantity: no === 1 ? 20 : 0,
      place_order_row_cancel_flag: "0",
      place_order_row_completed_flag: no === 1 ? "1" : "0",
      place_order_row_delivery_date: "2024-02-15 00:00:00",
      ...auditValues("place_order_row_", created, null),
    })),
    supplyOrder: [1, 2].map((id) => ({
      supply_order_id: id,
      supply_order_supplier_id: "SUP-01",
      supply_order_type_id: 1,
      supply_order_type_name: "仕入",
      supply_order_date: `2024-02-1${id} 10:00:00`,
      supply_order_correspond_order_id: 1,
      supply_order_amount: 24_000 * id,
      supply_order_status_id: "1",
      supply_order_status_name: "確定",
      supply_order_deleted_flag: "1",
      ...auditValues("supply_order_", created, null),
    })),
    wholesale: [
      { wholesale_id: "W001", wholesale_name: "株式会社みなと商会", wholesale_kana: "ミナトショウカイ", wholesale_retail_ratio: 60, wholesale_closing_day: 31, wholesale_credit_line_price: 500_000, wholesale_deleted_flag: "0", ...auditValues("wholesale_", created, null) },
      { wholesale_id: "W002", wholesale_name: "有限会社さくら屋", wholesale_kana: "サクラヤ", wholesale_retail_ratio: 65, wholesale_closing_day: 20, wholesale_credit_line_price: 200_000, wholesale_deleted_flag: "0", ...auditValues("wholesale_", created, null) },
    ],
  };
  // Classification lists from the registry's known values.
  for (const [key, list] of Object.entries(classificationValues) as [ResourceKey, readonly { id: string; ja: string }[]][]) {
    const resource = registry.findResource(key);
    const [idField, nameField] = resource?.fields ?? [];
    if (!idField || !nameField) continue;
    data[key] = list.map((v) => {
      const row: LoadRow = { [idField.name]: v.id, [nameField.name]: v.ja };
      if (key === "paymentMethod") row.payment_method_deleted_flag = 0;
      return row;
    });
  }
  return data;
}

/** Keeps the keys the resource has (the seed is written once for all registry versions). */
function fit(registry: RegistryIndex, key: ResourceKey, rows: readonly LoadRow[]): LoadRow[] {
  const names = new Set(registry.resource(key).fields.map((f) => f.name));
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => names.has(k))));
}

export async function seedMinimal(db: SandboxDb, registry: RegistryIndex): Promise<void> {
  for (const plan of PLANS) {
    const data = companyData(plan, registry);
    for (const [key, rows] of Object.entries(data) as [ResourceKey, LoadRow[]][]) {
      if (!registry.findResource(key)) continue;
      await loadRows(db, key, plan.neId, fit(registry, key, rows), { registry });
    }
  }
}
