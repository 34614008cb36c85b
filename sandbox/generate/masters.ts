// Master data of one company: malls, shops, warehouses, classification lists, delivery methods
// and their items, payment/delivery conversions, upload patterns, grouping tags, wholesale
// customers and suppliers.
import { classificationValues } from "../../lib/ne/registry";
import type { ResourceKey } from "../../lib/ne/registry/types";
import type { LoadRow } from "../loader";
import { audit, type Staff } from "./audit";
import { address, mailAddress, person, tradeName, type Address } from "./japan";
import { DAY_MS, jst } from "./jst";
import type { CompanyPlan } from "./plan";
import type { Random } from "./random";

export type Tables = Partial<Record<ResourceKey, LoadRow[]>>;

export const MALLS: readonly { id: number; name: string; kana: string; country: string; note: string | null }[] = [
  { id: 1, name: "楽天市場", kana: "ラクテンイチバ", country: "JP", note: "RMS連携" },
  { id: 2, name: "Yahoo!ショッピング", kana: "ヤフーショッピング", country: "JP", note: "ストアクリエイターPro連携" },
  { id: 3, name: "Amazon", kana: "アマゾン", country: "JP", note: "セラーセントラル連携" },
  { id: 4, name: "au PAY マーケット", kana: "エーユーペイマーケット", country: "JP", note: null },
  { id: 5, name: "Qoo10", kana: "キューテン", country: "JP", note: null },
  { id: 6, name: "ZOZOTOWN", kana: "ゾゾタウン", country: "JP", note: null },
  { id: 7, name: "自社サイト（Shopify）", kana: "ジシャサイト ショッピファイ", country: "JP", note: "自社ECサイト" },
  { id: 8, name: "MakeShop", kana: "メイクショップ", country: "JP", note: null },
  { id: 9, name: "Amazon.com", kana: "アマゾンドットコム", country: "US", note: "海外販売" },
  { id: 10, name: "その他（電話・FAX・卸）", kana: "ソノタ", country: "JP", note: "手入力の受注" },
];

export interface TimeSlot {
  id: string;
  name: string;
}

export interface DeliveryMethod {
  id: string;
  name: string;
  /** Delivery fee under the free-shipping threshold. */
  fee: number;
  /** Only small parcels (mail services). */
  mail: boolean;
  cashOnDelivery: boolean;
  services: readonly TimeSlot[];
  slots: readonly TimeSlot[];
  /** Waybill types: [normal, cash on delivery]. */
  invoices: readonly TimeSlot[];
  trackingDigits: number;
}

export const DELIVERY_METHODS: readonly DeliveryMethod[] = [
  {
    id: "1", name: "ヤマト運輸（宅急便）", fee: 880, mail: false, cashOnDelivery: true, trackingDigits: 12,
    services: [{ id: "0", name: "宅急便" }, { id: "8", name: "宅急便コンパクト" }],
    slots: [{ id: "0812", name: "午前中" }, { id: "1416", name: "14時～16時" }, { id: "1618", name: "16時～18時" }, { id: "1820", name: "18時～20時" }, { id: "1921", name: "19時～21時" }],
    invoices: [{ id: "0", name: "発払い" }, { id: "2", name: "コレクト" }],
  },
  {
    id: "2", name: "佐川急便（飛脚宅配便）", fee: 770, mail: false, cashOnDelivery: true, trackingDigits: 12,
    services: [{ id: "000", name: "飛脚宅配便" }, { id: "001", name: "飛脚クール便" }],
    slots: [{ id: "01", name: "午前中" }, { id: "12", name: "12時～14時" }, { id: "14", name: "14時～16時" }, { id: "16", name: "16時～18時" }, { id: "18", name: "18時～20時" }, { id: "19", name: "19時～21時" }],
    invoices: [{ id: "1", name: "元払" }, { id: "2", name: "e-コレクト" }],
  },
  {
    id: "3", name: "日本郵便（ゆうパック）", fee: 820, mail: false, cashOnDelivery: true, trackingDigits: 12,
    services: [{ id: "0", name: "ゆうパック" }, { id: "3", name: "チルドゆうパック" }],
    slots: [{ id: "51", name: "午前中" }, { id: "52", name: "12時頃～14時頃" }, { id: "53", name: "14時頃～16時頃" }, { id: "54", name: "16時頃～18時頃" }, { id: "55", name: "18時頃～20時頃" }, { id: "56", name: "19時頃～21時頃" }],
    invoices: [{ id: "0", name: "元払" }, { id: "1", name: "代金引換" }],
  },
  {
    id: "4", name: "ネコポス", fee: 385, mail: true, cashOnDelivery: false, trackingDigits: 12,
    services: [{ id: "7", name: "ネコポス" }], slots: [], invoices: [{ id: "7", name: "ネコポス" }],
  },
  {
    id: "5", name: "ゆうパケット", fee: 360, mail: true, cashOnDelivery: false, trackingDigits: 12,
    services: [{ id: "1", name: "ゆうパケット" }], slots: [], invoices: [{ id: "0", name: "元払" }],
  },
  {
    id: "6", name: "クリックポスト", fee: 185, mail: true, cashOnDelivery: false, trackingDigits: 16,
    services: [{ id: "0", name: "クリックポスト" }], slots: [], invoices: [],
  },
  {
    id: "7", name: "西濃運輸（カンガルー便）", fee: 1100, mail: false, cashOnDelivery: false, trackingDigits: 10,
    services: [{ id: "0", name: "カンガルー便" }], slots: [{ id: "01", name: "午前中" }, { id: "02", name: "午後" }], invoices: [{ id: "1", name: "元払" }],
  },
  {
    id: "8", name: "店頭受取", fee: 0, mail: false, cashOnDelivery: false, trackingDigits: 0,
    services: [], slots: [], invoices: [],
  },
];

export const TEMPERATURES: readonly TimeSlot[] = [
  { id: "0", name: "常温" },
  { id: "1", name: "冷蔵" },
  { id: "2", name: "冷凍" },
];
export const SEALS: readonly TimeSlot[] = [
  { id: "0", name: "指定なし" },
  { id: "1", name: "ワレモノ注意" },
  { id: "2", name: "天地無用" },
  { id: "3", name: "下積厳禁" },
  { id: "4", name: "なまもの" },
];
export const OFFICE_STOP: readonly TimeSlot[] = [
  { id: "0", name: "利用しない" },
  { id: "1", name: "営業所止め" },
];

export interface GroupingTag {
  id: number;
  name: string;
  color: string;
  strColor: string;
  memo: string | null;
}

export const GROUPING_TAGS: readonly GroupingTag[] = [
  { id: 1, name: "至急", color: "#e53935", strColor: "#ffffff", memo: "当日出荷が必要な受注" },
  { id: 2, name: "ギフト", color: "#d81b60", strColor: "#ffffff", memo: "のし・ラッピングを確認" },
  { id: 3, name: "要確認", color: "#fdd835", strColor: "#000000", memo: "住所・備考を確認してから処理" },
  { id: 4, name: "同梱", color: "#1e88e5", strColor: "#ffffff", memo: "同一購入者の受注を同梱" },
  { id: 5, name: "予約", color: "#8e24aa", strColor: "#ffffff", memo: "予約商品を含む" },
  { id: 6, name: "後払い審査中", color: "#fb8c00", strColor: "#000000", memo: null },
  { id: 7, name: "リピーター", color: "#43a047", strColor: "#ffffff", memo: "3回目以降の購入" },
  { id: 8, name: "大口", color: "#3949ab", strColor: "#ffffff", memo: "卸・法人の受注" },
  { id: 9, name: "クレーム対応", color: "#000000", strColor: "#ffeb3b", memo: "担当者が対応中" },
  { id: 10, name: "のし", color: "#ffffff", strColor: "#c62828", memo: "表書き・名入れを確認" },
];

export interface Supplier {
  id: string;
  name: string;
}

export interface WholesaleCustomer {
  id: string;
  name: string;
  kana: string;
  mail: string;
  address: Address;
  destination: Address;
  destinationName: string;
  destinationKana: string;
  ratio: number;
  paymentId: string;
  deliveryId: string;
}

export const CANCEL_TYPES: readonly TimeSlot[] = [
  { id: "0", name: "有効な受注です。" },
  { id: "1", name: "お客様都合によるキャンセル" },
  { id: "2", name: "欠品によるキャンセル" },
  { id: "3", name: "未入金によるキャンセル" },
  { id: "4", name: "重複注文によるキャンセル" },
  { id: "5", name: "いたずら注文" },
];

export function paymentName(id: string): string {
  return classificationValues.paymentMethod.find((p) => p.id === id)?.ja ?? id;
}

export function deliveryMethod(id: string): DeliveryMethod {
  const found = DELIVERY_METHODS.find((d) => d.id === id);
  if (!found) throw new Error(`unknown delivery method ${id}`);
  return found;
}

export interface Masters {
  tables: Tables;
  suppliers: Supplier[];
  wholesale: WholesaleCustomer[];
  groupingTags: readonly GroupingTag[];
}

/** Payment classifications hidden in the company's settings (payment_method_deleted_flag 1). */
const HIDDEN_PAYMENTS = new Set(["9", "10", "25", "51", "60", "91"]);

export function buildMasters(plan: CompanyPlan, random: Random, nowMs: number): Masters {
  const tables: Tables = {};
  const admin = plan.staff[0] as Staff;
  const other = plan.staff[1] ?? admin;
  const opened = nowMs - 900 * DAY_MS;
  const at = (daysAgo: number, minutes = 0) => jst(nowMs - daysAgo * DAY_MS + minutes * 60_000);

  tables.mall = MALLS.map((m) => ({
    mall_id: m.id,
    mall_name: m.name,
    mall_kana: m.kana,
    mall_note: m.note,
    mall_country_id: m.country,
    mall_deleted_flag: m.id === 8 ? "1" : "0",
  }));

  tables.shop = plan.shops.map((s, i) => ({
    shop_id: s.id,
    shop_name: s.name,
    shop_kana: s.kana,
    shop_abbreviated_name: s.abbreviated,
    shop_handling_goods_name: plan.index === 0 ? "生活雑貨・アパレル・食品" : "日本茶・和菓子",
    shop_close_date: null,
    shop_note: s.orderNumber === "wholesale" ? "電話・FAX・メールの受注を手入力" : `${s.account} で運営`,
    shop_mall_id: s.mallId,
    shop_authorization_type_id: s.orderNumber === "wholesale" ? "0" : "1",
    shop_authorization_type_name: s.orderNumber === "wholesale" ? "オーソリなし" : "自動オーソリ",
    shop_tax_id: "0",
    shop_tax_name: "税抜",
    shop_currency_unit_id: "1",
    shop_currency_unit_name: "円",
    shop_tax_calculation_sequence_id: s.orderNumber === "amazon" ? "1" : "0",
    shop_type_id: s.payments.some(([id]) => id === "3") ? "1" : null,
    shop_deleted_flag: "0",
    ...audit("shop_", jst(opened + i * 7 * DAY_MS), admin, i % 2 === 0 ? at(30 + i) : null, other),
  }));

  tables.warehouse = plan.warehouses.map((w) => ({ warehouse_id: w.id, warehouse_name: w.name }));

  // Classification lists, with the registry's values.
  for (const [key, list] of Object.entries(classificationValues) as [keyof typeof classificationValues, readonly { id: string; ja: string }[]][]) {
    const stem = {
      paymentMethod: "payment_method",
      creditType: "credit_type",
      returnedReason: "returned_reason",
      orderStatus: "order_status",
      socialInsurance: "social_insurance",
      forwardingMethod: "forwarding_method",
      merchandise: "merchandise",
      goodsType: "goods_type",
    }[key];
    tables[key] = list.map((v) => {
      const row: LoadRow = { [`${stem}_id`]: v.id, [`${stem}_name`]: v.ja };
      if (key === "paymentMethod") row.payment_method_deleted_flag = HIDDEN_PAYMENTS.has(v.id) ? 1 : 0;
      return row;
    });
  }

  // Delivery-method items (forwarding agents).
  const agents: LoadRow[] = [];
  const addItems = (deliveryId: string, type: string, items: readonly { id: string; name: string }[]) =>
    items.forEach((it, i) =>
      agents.push({
        forwarding_agent_id: deliveryId,
        forwarding_agent_type: type,
        forwarding_agent_type_id: it.id,
        forwarding_agent_type_name: it.name,
        forwarding_agent_display_order: i + 1,
        forwarding_agent_deleted_flag: "1",
      }),
    );
  for (const d of DELIVERY_METHODS) {
    addItems(d.id, "binsyu_kbn", d.services);
    addItems(d.id, "jikantaisitei_kbn", d.slots);
    addItems(d.id, "okurijyo_kbn", d.invoices);
    if (!d.mail && d.id !== "8") {
      addItems(d.id, "eigyosyo_dome_kbn", OFFICE_STOP);
      addItems(d.id, "ondo_kbn", d.id === "7" ? TEMPERATURES.slice(0, 1) : TEMPERATURES);
      addItems(d.id, "seal1_kbn", SEALS);
      addItems(d.id, "seal2_kbn", SEALS);
      if (d.id === "1") {
        addItems(d.id, "seal3_kbn", SEALS.slice(0, 3));
        addItems(d.id, "seal4_kbn", SEALS.slice(0, 2));
      }
    }
  }
  tables.forwardingAgent = agents;

  // Payment/delivery conversion: texts of imported orders → ids.
  const conv: [text: string, type: string, multi: string, delivery: string | null, valid: boolean][] = [
    ["クレジットカード決済", "siharai_kbn", "0", null, true],
    ["クレジットカード", "siharai_kbn", "0", null, true],
    ["代金引換", "siharai_kbn", "1", null, true],
    ["代引き", "siharai_kbn", "1", null, true],
    ["銀行振込", "siharai_kbn", "15", null, true],
    ["銀行振込（前払い）", "siharai_kbn", "15", null, true],
    ["後払い決済", "siharai_kbn", "3", null, true],
    ["後払い.com", "siharai_kbn", "3", null, false],
    ["楽天ペイ（オンライン決済）", "siharai_kbn", "5", null, true],
    ["PayPay残高払い", "siharai_kbn", "6", null, true],
    ["Amazon Pay", "siharai_kbn", "4", null, true],
    ["コンビニ決済", "siharai_kbn", "32", null, true],
    ["ポイント全額利用", "siharai_kbn", "85", null, true],
    ["宅配便", "hasou_kbn", "1", null, true],
    ["ヤマト運輸", "hasou_kbn", "1", null, true],
    ["佐川急便", "hasou_kbn", "2", null, true],
    ["ゆうパック", "hasou_kbn", "3", null, true],
    ["メール便", "hasou_kbn", "4", null, true],
    ["ネコポス", "hasou_kbn", "4", null, true],
    ["ゆうパケット", "hasou_kbn", "5", null, true],
    ["クリックポスト", "hasou_kbn", "6", null, true],
    ["VISA", "credit_kbn", "1", null, true],
    ["MASTER", "credit_kbn", "2", null, true],
    ["JCB", "credit_kbn", "3", null, true],
    ["AMEX", "credit_kbn", "4", null, true],
    ["DINERS", "credit_kbn", "5", null, true],
    ["入金済み", "nyukin_kbn", "2", null, true],
    ["未入金", "nyukin_kbn", "0", null, true],
    ["一部入金", "nyukin_kbn", "1", null, true],
  ];
  for (const d of DELIVERY_METHODS.slice(0, 3)) {
    for (const slot of d.slots) conv.push([slot.name, "jikantaisitei_kbn", slot.id, d.id, true]);
  }
  conv.push(["08:00-12:00", "jikantaisitei_kbn", "0812", "1", true], ["14:00-16:00", "jikantaisitei_kbn", "1416", "1", true]);
  tables.paymentDeliveryConvert = conv.map(([text, type, multi, delivery, valid], i) => ({
    payment_delivery_convert_text: text,
    payment_delivery_convert_type: type,
    payment_delivery_convert_multi_id: multi,
    payment_delivery_convert_delivery_id: delivery,
    payment_delivery_convert_deleted_flag: valid ? "1" : "0",
    ...audit("payment_delivery_convert_", jst(opened + i * 3_600_000), admin, i % 5 === 0 ? at(60 - i) : null, other),
  }));

  // Bulk-upload patterns.
  const FORMAT: Record<string, [number, string]> = {
    rakuten: [1, "楽天RMS 受注CSV"],
    yahoo: [2, "Yahoo!ストアクリエイターPro 注文CSV"],
    amazon: [3, "Amazon 注文レポート"],
    aupay: [4, "au PAY マーケット 受注CSV"],
    qoo10: [5, "Qoo10 配送CSV"],
    own: [6, "Shopify 注文エクスポート"],
    wholesale: [9, "汎用受注CSV（卸）"],
  };
  tables.receiveOrderUploadPattern = plan.shops.flatMap((s, i) => {
    const [format, label] = FORMAT[s.orderNumber] ?? [9, "汎用受注CSV"];
    const rows: LoadRow[] = [
      {
        receive_order_upload_pattern_id: i * 2 + 1,
        receive_order_upload_pattern_name: `${s.abbreviated} ${label}`,
        receive_order_upload_pattern_format_id: format,
        receive_order_upload_pattern_shop_id: s.id,
        receive_order_upload_pattern_deleted_flag: "1",
        ...audit("receive_order_upload_pattern_", jst(opened + i * DAY_MS), admin, null, null),
      },
    ];
    if (i % 3 === 0) {
      rows.push({
        receive_order_upload_pattern_id: i * 2 + 2,
        receive_order_upload_pattern_name: `${s.abbreviated} 旧フォーマット`,
        receive_order_upload_pattern_format_id: 90 + format,
        receive_order_upload_pattern_shop_id: s.id,
        receive_order_upload_pattern_deleted_flag: "0",
        ...audit("receive_order_upload_pattern_", jst(opened + i * DAY_MS), admin, at(200), other),
      });
    }
    return rows;
  });

  // Grouping tags.
  const groupingTags = plan.index === 0 ? GROUPING_TAGS : GROUPING_TAGS.filter((t) => [1, 2, 3, 8, 10].includes(t.id));
  tables.receiveOrderGroupingTag = groupingTags.map((t, i) => ({
    grouping_tag_id: t.id,
    grouping_tag_name: t.name,
    grouping_tag_color: t.color,
    grouping_tag_str_color: t.strColor,
    grouping_tag_memo: t.memo,
    ...audit("grouping_tag_", jst(opened + i * DAY_MS), admin, i % 3 === 1 ? at(40 + i) : null, other),
  }));

  // Suppliers (named in goods and supply slips).
  const suppliers: Supplier[] = [];
  const usedNames = new Set<string>();
  while (suppliers.length < plan.suppliers) {
    const t = tradeName(random);
    if (usedNames.has(t.name)) continue;
    usedNames.add(t.name);
    suppliers.push({ id: `S${String(suppliers.length + 1).padStart(4, "0")}`, name: t.name });
  }

  // Wholesale customers.
  const wholesale: WholesaleCustomer[] = [];
  const wholesaleRows: LoadRow[] = [];
  for (let i = 0; i < plan.wholesale; i++) {
    const t = tradeName(random);
    const contact = person(random);
    const addr = address(random);
    const dest = random.chance(0.3) ? address(random) : addr;
    const destPic = random.chance(0.3) ? person(random) : contact;
    const ratio = random.pick([50, 55, 60, 65, 70, 75, 80]);
    const paymentId = random.weighted(["95", "16", "70"], [6, 3, 1]);
    const deliveryId = random.weighted(["1", "2", "7"], [5, 3, 2]);
    const id = `W${String(i + 1).padStart(4, "0")}`;
    const mail = mailAddress(random, contact);
    wholesale.push({ id, name: t.name, kana: t.kana, mail, address: addr, destination: dest, destinationName: dest === addr ? t.name : destPic.name, destinationKana: dest === addr ? t.kana : destPic.kana, ratio, paymentId, deliveryId });
    const created = jst(opened + random.int(0, 700) * DAY_MS);
    wholesaleRows.push({
      wholesale_id: id,
      wholesale_name: t.name,
      wholesale_kana: t.kana,
      wholesale_post_name: random.pick(["購買部", "仕入課", "営業部", "商品部", "総務部", null]),
      wholesale_zip_code: addr.zip,
      wholesale_address1: addr.address1,
      wholesale_address2: addr.address2,
      wholesale_phone: addr.tel,
      wholesale_fax: random.chance(0.6) ? addr.tel.replace(/\d{4}$/, random.digits(4)) : null,
      wholesale_mail_address: mail,
      wholesale_destination_pic_name: destPic.name,
      wholesale_destination_pic_kana: destPic.kana,
      wholesale_destination_zip_code: dest.zip,
      wholesale_destination_address1: dest.address1,
      wholesale_destination_address2: dest.address2,
      wholesale_destination_phone: dest.tel,
      wholesale_delivery_id: deliveryId,
      wholesale_delivery_name: deliveryMethod(deliveryId).name,
      wholesale_payment_method_id: paymentId,
      wholesale_payment_method_name: paymentName(paymentId),
      wholesale_retail_ratio: ratio,
      wholesale_destination_no: dest === addr ? 0 : random.int(1, 3),
      wholesale_credit_line_price: random.pick([100_000, 300_000, 500_000, 1_000_000, 3_000_000]),
      wholesale_closing_day: random.pick([31, 20, 25, 15, 10]),
      wholesale_note: random.chance(0.3) ? random.pick(["月末締め翌月末払い", "納品書は金額なしで同梱", "午前着指定", "請求書は郵送"]) : null,
      wholesale_deleted_flag: i === plan.wholesale - 1 ? "1" : "0",
      ...audit("wholesale_", created, admin, random.chance(0.4) ? at(random.int(1, 80)) : null, other),
    });
  }
  tables.wholesale = wholesaleRows;

  return { tables, suppliers, wholesale, groupingTags };
}
