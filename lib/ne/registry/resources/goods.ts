// Goods master (spec 2.7), `/api_v1_master_goods/search`.
//
// Names and types: the official field list of the goods search (developer site,
// https://developer.next-engine.com/api/api_v1_master_goods/search/, read from the public copy
// kept in ./official/api_v1_master_goods_search.json, with the repository, commit and path it came
// from). The spec lists the fields by meaning only; the list decided every name here:
// - its own table 商品マスタ gives every goods_ field, e.g. goods_first_available_date /
//   goods_last_available_date (販売開始日/終了日), goods_origin_place (原産地), goods_raw_materials
//   (原材料), goods_preservation_method (保存方法), goods_warranty (保証書の有無),
//   goods_option_noshi_id (のし対応: the spec's "gift wrapping"), goods_package_* (パッケージ込みの…),
//   goods_tax_id, goods_brand_name, goods_same_day_delivery_id, and the odd ones kept verbatim:
//   goods_delivery_mail_maximum_quality (sic, 文字列型), goods_designated_delivery_date (文字列型),
//   goods_gift_ok_flg, goods_hit_syohin_alert_quantity;
// - the joined tables 在庫マスタ and 仕入先マスタ give stock_quantity and supplier_name (the spec
//   names them as selectable); the list also shows goods_image_*, the other stock_* and supplier_*
//   fields and delivery_date_*, which this registry does not offer on the goods search;
// - the spec's invoice item name and HS code are upload columns (invoice_commodity_name, hs_code)
//   that no search field shows, so the registry has no field for them;
// - goods_deleted_flag is the one name the list does not show, kept because public clients of the
//   real API search with goods_deleted_flag-neq=1 (its note says so; official.test.ts knows it).
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG, SAME_DAY_DELIVERY, TAX_ID, auditFields, field, flag, values } from "../field";
import type { FieldDef, ResourceDef } from "../types";

const P = "goods_";

/** Goods condition (spec 2.7). */
export const GOODS_CONDITION = values(["01", "新品", "New"], ["10", "中古", "Used"], ["99", "その他", "Other"]);

const items: FieldDef[] = Array.from({ length: 20 }, (_, i) =>
  field(`${P}${i + 1}_item`, "S", `項目${i + 1}`, `Item ${i + 1}`),
);
const selects: FieldDef[] = Array.from({ length: 10 }, (_, i) => [
  field(`${P}${i + 1}_select_id`, "N", `選択肢ID${i + 1}`, `Option ID ${i + 1}`),
  field(`${P}${i + 1}_select_name`, "S", `選択肢名${i + 1}`, `Option name ${i + 1}`),
]).flat();

export const goods: ResourceDef = {
  key: "goods",
  label: { ja: "商品マスタ", en: "Goods" },
  prefix: P,
  section: "2.7",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "S", "商品コード", "Goods code"),
    field(`${P}representation_id`, "S", "代表商品コード", "Representative goods code"),
    field(`${P}name`, "S", "商品名", "Goods name"),
    field(`${P}foreign_name`, "S", "英語商品名", "English name"),
    field(`${P}type_id`, "S", "商品区分", "Goods type", { choicesFrom: CHOICES.goodsType, format: "enum" }),
    field(`${P}type_name`, "S", "商品区分名", "Goods type name"),
    field(`${P}merchandise_id`, "S", "取扱区分", "Handling class", {
      choicesFrom: CHOICES.merchandise,
      format: "enum",
    }),
    field(`${P}merchandise_name`, "S", "取扱区分名", "Handling class name"),
    field(`${P}forwarding_method_id`, "S", "輸送方法指定", "Transport method", {
      choicesFrom: CHOICES.forwardingMethod,
      format: "enum",
    }),
    field(`${P}forwarding_method_name`, "S", "輸送方法指定名", "Transport method name"),
    field(`${P}status_id`, "S", "商品ステータス", "Goods status"),
    field(`${P}status_name`, "S", "商品ステータス名", "Goods status name"),
    field(`${P}delivery_id`, "S", "発送方法", "Delivery method"),
    field(`${P}delivery_name`, "S", "発送方法名", "Delivery method name"),
    field(`${P}supplier_id`, "S", "仕入先コード", "Supplier code"),
    field("supplier_name", "S", "仕入先名", "Supplier name", {
      note: "Joined from the supplier master (the official list's 仕入先マスタ table); named by the spec as a selectable field.",
    }),
    field(`${P}jan_code`, "S", "JANコード", "JAN code"),
    field(`${P}maker_name`, "S", "メーカー名", "Maker name"),
    field(`${P}maker_kana`, "S", "メーカーカナ", "Maker name (kana)"),
    field(`${P}maker_address`, "S", "メーカー住所", "Maker address"),
    field(`${P}maker_zip_code`, "S", "メーカー郵便番号", "Maker postal code"),
    field(`${P}model_number`, "S", "型番", "Model number"),
    field(`${P}color`, "S", "色", "Color"),
    field(`${P}mall_category`, "S", "モールカテゴリ", "Mall category"),
    field(`${P}shop_category`, "S", "店舗カテゴリ", "Shop category"),
    field(`${P}cost_price`, "N", "原価", "Cost", { format: "yen" }),
    field(`${P}display_price`, "N", "定価", "List price", { format: "yen" }),
    field(`${P}selling_price`, "N", "売価", "Selling price", { format: "yen" }),
    field(`${P}foreign_selling_price`, "N", "外国売価", "Foreign selling price", { format: "number" }),
    field(`${P}tax_rate`, "N", "消費税率", "Tax rate", { format: "percent" }),
    field(`${P}wholesale_retail_ratio`, "N", "掛率", "Ratio"),
    field(`${P}weight`, "N", "重さ", "Weight"),
    field(`${P}width`, "N", "幅", "Width"),
    field(`${P}length`, "N", "奥行き", "Depth"),
    field(`${P}height`, "N", "高さ", "Height"),
    field(`${P}release_date`, "D", "発売日", "Release date"),
    field(`${P}first_time_sold_date`, "D", "初回販売日", "First sale date"),
    field(`${P}last_time_sold_date`, "D", "最終販売日", "Last sale date"),
    field(`${P}first_time_supplied_date`, "D", "初回仕入日", "First purchase date"),
    field(`${P}last_time_supplied_date`, "D", "最終仕入日", "Last purchase date"),
    field(`${P}stock_constant`, "N", "在庫定数", "Stock constant", { format: "quantity" }),
    field(`${P}order_point`, "N", "発注点", "Reorder point", { format: "quantity" }),
    field(`${P}lot`, "N", "ロット", "Lot", { format: "quantity" }),
    field(`${P}publication_date`, "D", "掲載日", "Listing date"),
    field(`${P}stock_management_flag`, "S", "在庫管理", "Stock managed", {
      enum: flag("管理しない", "Not managed", "管理する", "Managed"),
      format: "flag",
    }),
    field(`${P}note`, "S", "備考", "Remarks"),
    field(`${P}visible_flag`, "S", "表示", "Visible", {
      enum: flag("非表示", "Hidden", "表示", "Shown"),
      format: "flag",
    }),
    field(`${P}tag`, "S", "商品分類タグ", "Goods tags", { note: "Tag names, each in square brackets." }),
    field(`${P}location`, "S", "ロケーション", "Location"),
    field(`${P}delivery_mail_flag`, "N", "メール便可", "Mail service allowed", {
      enum: flag("不可", "Not allowed", "可", "Allowed"),
      format: "flag",
    }),
    field(`${P}delivery_mail_maximum_quality`, "S", "メール便最大数量", "Mail service maximum quantity", {
      note: "Spelled `quality` and typed 文字列型 by the official list.",
    }),
    field(`${P}gift_ok_flg`, "N", "ギフト可", "Gift allowed", {
      enum: flag("不可", "Not allowed", "可", "Allowed"),
      format: "flag",
    }),
    field(`${P}size`, "S", "サイズ", "Size"),
    field(`${P}maker_model_number`, "S", "メーカー型番", "Maker model number"),
    field(`${P}stock_alert_mail_threshold`, "N", "在庫アラートメール閾値", "Stock alert mail threshold", {
      format: "quantity",
    }),
    field(`${P}wholesale_mortgage_threshold`, "N", "卸引当閾値", "Wholesale allocation threshold", {
      format: "quantity",
    }),
    field(`${P}shipping_base_id`, "S", "発送元コード", "Shipping origin code"),
    field(`${P}mail_tag_id`, "S", "メールタグ", "Mail tag"),
    ...items,
    ...selects,
    field(`${P}publication_pic_id`, "N", "掲載担当者ID", "Listing person ID"),
    field(`${P}publication_pic_name`, "S", "掲載担当者名", "Listing person"),
    field(`${P}stock_wholesale_quantity`, "N", "卸在庫数", "Wholesale stock quantity", { format: "quantity" }),
    field(`${P}description_text`, "S", "商品説明（テキスト）", "Description (text)"),
    field(`${P}description_html`, "S", "商品説明（HTML）", "Description (HTML)"),
    field(`${P}spec_text`, "S", "仕様（テキスト）", "Spec (text)"),
    field(`${P}spec_html`, "S", "仕様（HTML）", "Spec (HTML)"),
    field(`${P}caution_text`, "S", "注意事項（テキスト）", "Notes (text)"),
    field(`${P}caution_html`, "S", "注意事項（HTML）", "Notes (HTML)"),
    field(`${P}condition_description`, "S", "商品状態説明", "Condition description"),
    field(`${P}condition_id`, "S", "商品状態", "Condition", { enum: GOODS_CONDITION }),
    field(`${P}hit_syohin_alert_quantity`, "N", "ヒット商品お知らせ個数", "Hit-goods notice quantity", {
      format: "quantity",
    }),
    field(`${P}delivery_date_id`, "S", "納期ID", "Delivery period ID"),
    field(`${P}designated_delivery_date`, "S", "納期指定日", "Delivery date", {
      note: "文字列型 in the official list; valid only when the delivery period id is 'date'.",
    }),
    field(`${P}package_height`, "N", "パッケージ込みの高さ(cm)", "Package height (cm)"),
    field(`${P}package_width`, "N", "パッケージ込みの幅(cm)", "Package width (cm)"),
    field(`${P}package_length`, "N", "パッケージ込みの奥行き(cm)", "Package depth (cm)"),
    field(`${P}package_weight`, "N", "パッケージ込みの重さ(g)", "Package weight (g)"),
    field(`${P}first_available_date`, "D", "販売開始日", "Sale start date"),
    field(`${P}last_available_date`, "D", "販売終了日", "Sale end date"),
    field(`${P}tax_id`, "N", "消費税", "Tax", { enum: TAX_ID }),
    field(`${P}brand_name`, "S", "ブランド名", "Brand name"),
    field(`${P}origin_place`, "S", "原産地", "Place of origin"),
    field(`${P}raw_materials`, "S", "原材料", "Raw materials"),
    field(`${P}preservation_method`, "S", "保存方法", "Preservation method"),
    field(`${P}warranty`, "N", "保証書の有無", "Warranty", {
      enum: values(["0", "なし", "None"], ["1", "あり", "Present"]),
    }),
    field(`${P}option_noshi_id`, "N", "のし対応", "Noshi wrapping", {
      enum: values(["0", "対応しない", "Not supported"], ["1", "対応する", "Supported"]),
    }),
    field(`${P}same_day_delivery_id`, "N", "当日・翌日配送", "Same/next-day delivery", { enum: SAME_DAY_DELIVERY }),
    field("stock_quantity", "N", "在庫数", "Stock quantity", {
      format: "quantity",
      note: "Joined from the stock master (the official list's 在庫マスタ table); named by the spec as a selectable field.",
    }),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", {
      enum: DELETED_FLAG,
      format: "flag",
      note: "Not in the official goods list; public clients of the real API search with goods_deleted_flag-neq=1.",
    }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
