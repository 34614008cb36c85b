// Classification lists (spec 2.12), each read with an `/api_v1_system_*/info` operation, and
// their known values as data: the sandbox seeds its tables from `classificationValues`, and the
// filters fall back to them before the info answer arrives.
import { field, values } from "../field";
import type { FieldDef, ResourceDef, ResourceKey } from "../types";
import { ORDER_STATUS } from "./receive-order";

export interface ClassificationValue {
  id: string;
  ja: string;
  en: string;
}

function list(...triples: ReadonlyArray<readonly [string, string, string]>): readonly ClassificationValue[] {
  return triples.map(([id, ja, en]) => ({ id, ja, en }));
}

/**
 * Payment classifications. The spec says the sample answers 47 and names 13 of them (0, 1, 15, 16,
 * 20, 21, 32, 85, 90, 91, 95, 96, 99, kept with their meanings); the other 34 are plausible
 * names made up for the sandbox.
 */
const PAYMENT_METHODS = list(
  ["0", "クレジットカード", "Credit card"],
  ["1", "代金引換", "Cash on delivery"],
  ["2", "ペイジー", "Pay-easy"],
  ["3", "後払い決済", "Deferred payment"],
  ["4", "Amazon Pay", "Amazon Pay"],
  ["5", "楽天ペイ", "Rakuten Pay"],
  ["6", "PayPay", "PayPay"],
  ["7", "d払い", "d Payment"],
  ["8", "auかんたん決済", "au Easy Payment"],
  ["9", "ソフトバンクまとめて支払い", "SoftBank carrier billing"],
  ["10", "キャリア決済", "Carrier billing"],
  ["11", "電子マネー", "E-money"],
  ["12", "Apple Pay", "Apple Pay"],
  ["13", "Google Pay", "Google Pay"],
  ["14", "LINE Pay", "LINE Pay"],
  ["15", "銀行振込(前払い)", "Bank transfer (prepaid)"],
  ["16", "銀行振込(後払い)", "Bank transfer (postpaid)"],
  ["17", "ゆうちょ銀行振込", "Japan Post Bank transfer"],
  ["18", "ネットバンク決済", "Online banking"],
  ["19", "口座振替", "Direct debit"],
  ["20", "郵便振替", "Postal transfer"],
  ["21", "現金書留", "Registered cash mail"],
  ["22", "ゆうパック代金引換", "Yu-Pack cash on delivery"],
  ["23", "ヤマト代金引換", "Yamato cash on delivery"],
  ["24", "佐川代金引換", "Sagawa cash on delivery"],
  ["25", "郵便為替", "Postal money order"],
  ["30", "コンビニ前払い", "Convenience store (prepaid)"],
  ["31", "コンビニ後払い", "Convenience store (postpaid)"],
  ["32", "コンビニ決済", "Convenience store"],
  ["33", "セブン-イレブン決済", "7-Eleven payment"],
  ["34", "ローソン決済", "Lawson payment"],
  ["35", "ファミリーマート決済", "FamilyMart payment"],
  ["40", "ポイント併用", "Points combined"],
  ["41", "クーポン払い", "Coupon"],
  ["42", "ギフト券払い", "Gift certificate"],
  ["50", "分割払い", "Installments"],
  ["51", "リボ払い", "Revolving"],
  ["60", "楽天Edy", "Rakuten Edy"],
  ["61", "交通系電子マネー", "Transit e-money"],
  ["70", "請求書払い", "Invoice"],
  ["80", "月末締め掛売", "On account (month-end)"],
  ["85", "全額ポイント払い", "Full payment by points"],
  ["90", "サンプル・貸出", "Sample/loan"],
  ["91", "海外", "International"],
  ["95", "売掛", "On account"],
  ["96", "その他", "Other"],
  ["99", "支払済", "Paid"],
);

/** Credit types: ids 0 to 9 (spec 2.12), 0 = none; the card names are the sandbox's. */
const CREDIT_TYPES = list(
  ["0", "なし", "None"],
  ["1", "VISA", "VISA"],
  ["2", "MasterCard", "MasterCard"],
  ["3", "JCB", "JCB"],
  ["4", "AMEX", "AMEX"],
  ["5", "Diners", "Diners"],
  ["6", "DISCOVER", "DISCOVER"],
  ["7", "銀聯", "UnionPay"],
  ["8", "その他", "Other"],
  ["9", "不明", "Unknown"],
);

export const classificationValues = {
  paymentMethod: PAYMENT_METHODS,
  creditType: CREDIT_TYPES,
  returnedReason: list(
    ["0", "受注キャンセル", "Order cancel"],
    ["10", "商品不良", "Defective goods"],
    ["20", "受取拒否", "Refused"],
    ["30", "長期不在", "Long absence"],
    ["40", "クレーム", "Complaint"],
    ["50", "誤配送", "Misdelivery"],
    ["60", "発送遅延", "Shipment delay"],
    ["70", "住所不明", "Unknown address"],
  ),
  orderStatus: ORDER_STATUS.map((v) => ({ id: v.value, ja: v.label.ja, en: v.label.en })),
  socialInsurance: list(
    ["0", "労災保険", "Workers' accident insurance"],
    ["10", "雇用保険", "Employment insurance"],
    ["20", "健康保険", "Health insurance"],
    ["30", "厚生年金保険", "Welfare pension insurance"],
    ["40", "国民健康保険", "National health insurance"],
  ),
  forwardingMethod: list(["0", "常温", "Ambient"], ["1", "冷蔵", "Chilled"], ["2", "冷凍", "Frozen"]),
  merchandise: list(["0", "取扱中", "Handled"], ["1", "取扱中止", "Discontinued"], ["2", "メーカー取扱中止", "Discontinued by maker"]),
  goodsType: list(["0", "通常商品", "Normal"], ["10", "予約商品", "Reservation"], ["20", "受注生産商品", "Made to order"]),
} as const satisfies Partial<Record<ResourceKey, readonly ClassificationValue[]>>;

export type ClassificationKey = keyof typeof classificationValues;

function toEnum(values_: readonly ClassificationValue[]) {
  return values(...values_.map((v) => [v.id, v.ja, v.en] as const));
}

function classification(
  key: ClassificationKey,
  stem: string,
  ja: string,
  en: string,
  extra: FieldDef[] = [],
): ResourceDef {
  return {
    key,
    label: { ja, en },
    prefix: "",
    section: "2.12",
    primaryKey: [`${stem}_id`],
    titleField: `${stem}_name`,
    fields: [
      field(`${stem}_id`, "S", `${ja}ID`, `${en} ID`, { enum: toEnum(classificationValues[key]) }),
      field(`${stem}_name`, "S", `${ja}名`, `${en} name`),
      ...extra,
    ],
  };
}

export const paymentMethod = classification("paymentMethod", "payment_method", "支払区分", "Payment method", [
  field("payment_method_deleted_flag", "N", "非表示", "Hidden", {
    enum: values(["0", "表示", "Shown"], ["1", "非表示", "Hidden"]),
    format: "flag",
    note: "1 = hidden, 0 = shown (spec 2.12).",
  }),
]);
export const creditType = classification("creditType", "credit_type", "クレジット種類", "Credit card type");
export const returnedReason = classification("returnedReason", "returned_reason", "返品理由", "Return reason");
export const orderStatus = classification("orderStatus", "order_status", "受注状態", "Order status");
export const socialInsurance = classification("socialInsurance", "social_insurance", "社会保険区分", "Social insurance");
export const forwardingMethod = classification("forwardingMethod", "forwarding_method", "輸送区分", "Transport class");
export const merchandise = classification("merchandise", "merchandise", "取扱区分", "Handling class");
export const goodsType = classification("goodsType", "goods_type", "商品区分", "Goods type");
