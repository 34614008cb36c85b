// The columns each upload accepts (spec 4), with the labels of the registry field they write, a
// guide sentence for the template, and the kind of value the checks expect. Kinds and limits
// mirror the sandbox's upload rules (sandbox/uploads/goods.ts, warehouse-stock.ts) so that a file
// the client passes is not refused by the queue for a cell value.
import { goods } from "@/lib/ne/registry/resources/goods";
import { classificationValues } from "@/lib/ne/registry/resources/classifications";
import { GOODS_CONDITION } from "@/lib/ne/registry/resources/goods";
import { warehouse } from "@/lib/ne/registry/resources/warehouse";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";
import type { EnumValue, FieldDef } from "@/lib/ne/registry/types";
import type { Bilingual, UploadKind } from "./types";

/**
 * What a cell must hold. text: at most `max` characters. quantity: a whole number 0..max (1..max
 * for the stock operations). number: a decimal ≥ 0, thousands commas allowed, ≤ max. date:
 * YYYY-MM-DD or YYYY/MM/DD, optionally with a time. flag: 0 or 1. choice: one of `choices`.
 * code: up to `max` half-width characters (goods codes, delivery method codes). jan: 8 or
 * 12–14 digits. url: http(s) URL. tags: `[name][name]` or one bare name. operation: the warehouse
 * stock's one-letter operation columns (`choices` holds the one allowed letter).
 */
export type ColumnKind = "text" | "quantity" | "number" | "date" | "flag" | "choice" | "code" | "jan" | "url" | "tags" | "operation";

export interface ColumnChoice {
  value: string;
  label: Bilingual;
}

export interface UploadColumn {
  /** CSV column name (e.g. "kasan_su"). */
  name: string;
  label: Bilingual;
  /** Japanese guide text for the template's column guide. */
  guide: string;
  required: boolean;
  /** Registry field the column writes, when there is one (for labels and choices). */
  field?: string;
  /** The kind of value the checks expect (always set in UPLOAD_COLUMNS). */
  kind?: ColumnKind;
  /** Upper bound: characters for text and code, value for quantity and number. */
  max?: number;
  /** Lower bound of a quantity (1 for kasan_su and gensan_su). */
  min?: number;
  /** Allowed values of a choice, flag or operation column. */
  choices?: readonly ColumnChoice[];
}

/** A column as the checks use it: kind always known. */
export type CheckedColumn = UploadColumn & { kind: ColumnKind };

/** Largest stock quantity the sandbox accepts (sandbox MAX_QUANTITY). */
export const MAX_QUANTITY = 9_999_999;
const LONG = 65_535;
const MONEY = 999_999_999;
const SIZE = 999_999;

const goodsFields = new Map(goods.fields.map((f) => [f.name, f]));
const fieldOf = (name: string): FieldDef => {
  const f = goodsFields.get(name) ?? warehouse.fields.find((x) => x.name === name) ?? warehouseStock.fields.find((x) => x.name === name);
  if (!f) throw new Error(`lib/csv/columns: no registry field ${name}`);
  return f;
};
const choicesOf = (values: readonly EnumValue[]): ColumnChoice[] => values.map((v) => ({ value: v.value, label: v.label }));
const classification = (list: readonly { id: string; ja: string; en: string }[]): ColumnChoice[] =>
  list.map((v) => ({ value: v.id, label: { ja: v.ja, en: v.en } }));
const FLAG: ColumnChoice[] = [
  { value: "0", label: { ja: "いいえ", en: "No" } },
  { value: "1", label: { ja: "はい", en: "Yes" } },
];
/** Goods status: the registry has no values for goods_status_id; these are the sandbox's. */
const GOODS_STATUS: ColumnChoice[] = [
  { value: "0", label: { ja: "準備中", en: "In preparation" } },
  { value: "1", label: { ja: "販売中", en: "On sale" } },
  { value: "2", label: { ja: "販売終了", en: "Sale ended" } },
];

type Spec = Omit<CheckedColumn, "name" | "label" | "required"> & { label?: Bilingual; required?: boolean };

/** A column writing a registry field: its label is the field's. */
function col(name: string, field: string, spec: Omit<Spec, "field">): CheckedColumn {
  const def = fieldOf(field);
  const fromEnum = def.enum && (spec.kind === "flag" || spec.kind === "choice") && !spec.choices ? { choices: choicesOf(def.enum) } : {};
  return { name, label: spec.label ?? def.label, required: spec.required ?? false, field, ...fromEnum, ...spec };
}
/** A column that writes no single registry field. */
function own(name: string, label: Bilingual, spec: Spec): CheckedColumn {
  return { name, label, required: false, ...spec };
}
const text = (max = 255) => ({ kind: "text" as const, max });

const WAREHOUSE_STOCK: readonly CheckedColumn[] = [
  col("kyoten_mei", "warehouse_name", { ...text(), required: true, guide: "倉庫マスタに登録されている倉庫名をそのまま入力します（必須）。" }),
  col("syohin_code", "warehouse_stock_goods_id", { kind: "code", max: 50, required: true, guide: "在庫を増減する商品の商品コードです（必須）。商品マスタにある商品だけ指定できます。" }),
  own("kasan_su", { ja: "加算数", en: "Quantity to add" }, { kind: "quantity", min: 1, max: MAX_QUANTITY, guide: "在庫に足す数を1以上の半角整数で入力します。1行に操作は1つだけです。" }),
  own("gensan_su", { ja: "減算数", en: "Quantity to subtract" }, { kind: "quantity", min: 1, max: MAX_QUANTITY, guide: "在庫から引く数を1以上の半角整数で入力します。1行に操作は1つだけです。" }),
  own("nyusyukko_riyu", { ja: "入出庫理由", en: "Reason for the movement" }, { ...text(), guide: "入出庫の理由を255文字以内で入力します（任意）。" }),
  own("kyoten_syohin_himoduke", { ja: "倉庫と商品の紐付け", en: "Link goods to warehouse" }, {
    kind: "operation",
    choices: [{ value: "a", label: { ja: "紐付ける", en: "Link" } }],
    guide: "a と入力すると、在庫を変えずに商品を倉庫に紐付けます。",
  }),
  own("kyoten_syohin_sakujyo", { ja: "紐付けの削除", en: "Unlink and delete" }, {
    kind: "operation",
    choices: [{ value: "d", label: { ja: "削除する", en: "Delete" } }],
    guide: "d と入力すると、紐付けと倉庫在庫を削除します。引当数が0のときだけ削除できます。",
  }),
];

const orgSelects = Array.from({ length: 10 }, (_, i) =>
  col(`org_select${i + 1}`, `goods_${i + 1}_select_id`, { kind: "quantity", max: MAX_QUANTITY, guide: `選択肢ID${i + 1}を半角整数で入力します。` }),
);
const orgItems = Array.from({ length: 20 }, (_, i) => col(`org${i + 1}`, `goods_${i + 1}_item`, { ...text(LONG), guide: `自由項目${i + 1}の内容です。` }));

const GOODS: readonly CheckedColumn[] = [
  col("syohin_code", "goods_id", { kind: "code", max: 50, required: true, guide: "商品コードです（必須）。半角英数字・記号50文字以内で、ファイルの中で重複できません。" }),
  col("sire_code", "goods_supplier_id", { ...text(50), guide: "仕入先コードを50文字以内で入力します。" }),
  col("jan_code", "goods_jan_code", { kind: "jan", guide: "JANコードを8桁または13桁の半角数字で入力します。" }),
  col("maker_name", "goods_maker_name", { ...text(), guide: "メーカー名です。" }),
  col("maker_kana", "goods_maker_kana", { ...text(), guide: "メーカー名のカナです。" }),
  col("maker_jyusyo", "goods_maker_address", { ...text(), guide: "メーカーの住所です。" }),
  col("maker_yubin_bangou", "goods_maker_zip_code", { ...text(10), guide: "メーカーの郵便番号を10文字以内で入力します。" }),
  col("kataban", "goods_model_number", { ...text(), guide: "型番です。" }),
  own("hs_code", { ja: "HSコード", en: "HS code" }, { ...text(20), guide: "HSコードを20文字以内で入力します。" }),
  col("iro", "goods_color", { ...text(), guide: "色です。" }),
  col("syohin_name", "goods_name", { ...text(), guide: "商品名です。新しい商品を登録するときは必須です。" }),
  col("gaikoku_syohin_name", "goods_foreign_name", { ...text(), guide: "英語の商品名です。" }),
  own("invoice_commodity_name", { ja: "インボイス品名", en: "Invoice item name" }, { ...text(), guide: "輸出インボイスに印字する品名です。" }),
  col("syohin_kbn", "goods_type_id", { kind: "choice", choices: classification(classificationValues.goodsType), guide: "商品区分を番号で入力します（0 通常商品、10 予約商品、20 受注生産商品）。" }),
  col("toriatukai_kbn", "goods_merchandise_id", { kind: "choice", choices: classification(classificationValues.merchandise), guide: "取扱区分を番号で入力します（0 取扱中、1 取扱中止、2 メーカー取扱中止）。" }),
  col("genka_tnk", "goods_cost_price", { kind: "number", max: MONEY, guide: "原価を半角数字で入力します。" }),
  col("hyoji_tnk", "goods_display_price", { kind: "number", max: MONEY, guide: "定価を半角数字で入力します。" }),
  col("baika_tnk", "goods_selling_price", { kind: "number", max: MONEY, guide: "売価を半角数字で入力します。" }),
  col("gaikoku_baika_tnk", "goods_foreign_selling_price", { kind: "number", max: MONEY, guide: "外国売価を半角数字で入力します。" }),
  col("kake_ritu", "goods_wholesale_retail_ratio", { kind: "number", max: 1000, guide: "掛率を半角数字で入力します。" }),
  col("omosa", "goods_weight", { kind: "number", max: SIZE, guide: "重さを半角数字で入力します。" }),
  col("haba", "goods_width", { kind: "number", max: SIZE, guide: "幅を半角数字で入力します。" }),
  col("okuyuki", "goods_length", { kind: "number", max: SIZE, guide: "奥行きを半角数字で入力します。" }),
  col("takasa", "goods_height", { kind: "number", max: SIZE, guide: "高さを半角数字で入力します。" }),
  col("yusou_kbn", "goods_forwarding_method_id", { kind: "choice", choices: classification(classificationValues.forwardingMethod), guide: "輸送方法を番号で入力します（0 常温、1 冷蔵、2 冷凍）。" }),
  col("syohin_status_kbn", "goods_status_id", { kind: "choice", choices: GOODS_STATUS, guide: "商品ステータスを番号で入力します（0 準備中、1 販売中、2 販売終了）。" }),
  col("hatubai_bi", "goods_release_date", { kind: "date", guide: "発売日を YYYY-MM-DD または YYYY/MM/DD で入力します。" }),
  col("zaiko_teisu", "goods_stock_constant", { kind: "quantity", max: MAX_QUANTITY, guide: "在庫定数を半角整数で入力します。" }),
  col("hachu_ten", "goods_order_point", { kind: "quantity", max: MAX_QUANTITY, guide: "発注点を半角整数で入力します。" }),
  col("lot", "goods_lot", { kind: "quantity", max: MAX_QUANTITY, guide: "ロットを半角整数で入力します。" }),
  col("keisai_tantou", "goods_publication_pic_name", { ...text(), guide: "掲載担当者の名前です。" }),
  col("keisai_bi", "goods_publication_date", { kind: "date", guide: "掲載日を YYYY-MM-DD または YYYY/MM/DD で入力します。" }),
  col("bikou", "goods_note", { ...text(LONG), guide: "備考です。" }),
  col("daihyo_syohin_code", "goods_representation_id", { ...text(50), guide: "代表商品コードを50文字以内で入力します。" }),
  col("visible_flg", "goods_visible_flag", { kind: "flag", guide: "表示するなら1、しないなら0です。" }),
  col("mail_tag", "goods_mail_tag_id", { ...text(), guide: "メールタグです。" }),
  col("tag", "goods_tag", { kind: "tags", guide: "商品分類タグを [タグ名][タグ名] の形で入力します。今のタグは置き換わります。" }),
  col("location", "goods_location", { ...text(), guide: "ロケーションです。" }),
  col("mail_send_flg", "goods_delivery_mail_flag", { kind: "flag", guide: "メール便で送れるなら1、送れないなら0です。" }),
  col("mail_send_num", "goods_delivery_mail_maximum_quality", { kind: "quantity", max: MAX_QUANTITY, guide: "メール便で送れる最大数を半角整数で入力します。" }),
  col("gift_ok_flg", "goods_gift_ok_flg", { kind: "flag", guide: "ギフト対応なら1、不可なら0です。" }),
  col("size", "goods_size", { ...text(), guide: "サイズです。" }),
  ...orgSelects,
  ...orgItems,
  col("maker_kataban", "goods_maker_model_number", { ...text(), guide: "メーカー型番です。" }),
  col("zaiko_threshold", "goods_stock_alert_mail_threshold", { kind: "quantity", max: MAX_QUANTITY, guide: "在庫アラートメールを送る在庫数を半角整数で入力します。" }),
  col("orosi_threshold", "goods_wholesale_mortgage_threshold", { kind: "quantity", max: MAX_QUANTITY, guide: "卸引当閾値を半角整数で入力します。" }),
  col("hasou_houhou_kbn", "goods_delivery_id", { kind: "code", max: 10, guide: "発送方法のコードを半角10文字以内で入力します。" }),
  col("hasoumoto_code", "goods_shipping_base_id", { ...text(50), guide: "発送元コードを50文字以内で入力します。" }),
  own("zaiko_su", { ja: "在庫数", en: "Stock quantity" }, { kind: "quantity", max: MAX_QUANTITY, guide: "在庫数を半角整数で入力します。差分は基本拠点の在庫になります。" }),
  own("yoyaku_zaiko_su", { ja: "予約在庫数", en: "Reserved stock" }, { kind: "quantity", max: MAX_QUANTITY, guide: "予約在庫数を半角整数で入力します。" }),
  own("nyusyukko_riyu", { ja: "入出庫理由", en: "Reason for the movement" }, { ...text(), guide: "在庫数を変えるときの入出庫理由です。" }),
  col("hit_syohin_alert_quantity", "goods_hit_syohin_alert_quantity", { kind: "quantity", max: MAX_QUANTITY, guide: "ヒット商品お知らせ個数を半角整数で入力します。" }),
  col("nouki_kbn", "goods_delivery_date_id", { ...text(10), guide: "納期IDを10文字以内で入力します。" }),
  col("nouki_sitei_bi", "goods_designated_delivery_date", { kind: "date", guide: "納期指定日を YYYY-MM-DD または YYYY/MM/DD で入力します。" }),
  col("syohin_setumei_html", "goods_description_html", { ...text(LONG), guide: "商品説明（HTML）です。" }),
  col("syohin_setumei_text", "goods_description_text", { ...text(LONG), guide: "商品説明（テキスト）です。" }),
  col("spec_html", "goods_spec_html", { ...text(LONG), guide: "仕様（HTML）です。" }),
  col("spec_text", "goods_spec_text", { ...text(LONG), guide: "仕様（テキスト）です。" }),
  col("chui_jiko_html", "goods_caution_html", { ...text(LONG), guide: "注意事項（HTML）です。" }),
  col("chui_jiko_text", "goods_caution_text", { ...text(LONG), guide: "注意事項（テキスト）です。" }),
  col("syohin_jyotai_kbn", "goods_condition_id", { kind: "choice", choices: choicesOf(GOODS_CONDITION), guide: "商品状態を番号で入力します（01 新品、10 中古、99 その他）。" }),
  col("syohin_jyotai_setumei", "goods_condition_description", { ...text(LONG), guide: "商品状態の説明です。" }),
  col("category_code_auc", "goods_mall_category", { ...text(), guide: "オークションモールのカテゴリコードです。" }),
  col("category_text", "goods_shop_category", { ...text(), guide: "店舗カテゴリです。" }),
  own("image_url_http", { ja: "画像URL", en: "Image URL" }, { kind: "url", max: 2000, guide: "取り込む画像のURLを http:// か https:// で入力します。" }),
  own("image_alt", { ja: "画像の代替テキスト", en: "Image alt text" }, { ...text(), guide: "画像の代替テキストです。image_url_http と一緒に指定します。" }),
];

// flag columns take the registry's labels for 0 and 1 (col() fills them from the field's enum);
// a flag field without an enum falls back to yes/no.
for (const c of GOODS) if (c.kind === "flag" && !c.choices) c.choices = FLAG;

/** The columns each kind accepts, in the spec's order. */
export const UPLOAD_COLUMNS: Record<UploadKind, readonly CheckedColumn[]> = {
  "warehouse-stock": WAREHOUSE_STOCK,
  goods: GOODS,
};

const byName: Record<UploadKind, ReadonlyMap<string, CheckedColumn>> = {
  "warehouse-stock": new Map(WAREHOUSE_STOCK.map((c) => [c.name, c])),
  goods: new Map(GOODS.map((c) => [c.name, c])),
};

/** The column of a kind by its CSV name. */
export function uploadColumn(kind: UploadKind, name: string): CheckedColumn | undefined {
  return byName[kind].get(name);
}
