// Goods master (spec 2.7), `/api_v1_master_goods/search`.
//
// The spec lists meanings but shows only goods_id, goods_name, stock_quantity and supplier_name.
// Naming choices:
// - Names used by public clients of the real API (the Laravel and PHP clients and scripts that
//   call /api_v1_master_goods/search), kept verbatim even where odd:
//   goods_representation_id, goods_foreign_name, goods_type_id/_name, goods_merchandise_id/_name,
//   goods_forwarding_method_id/_name, goods_status_id/_name, goods_delivery_id/_name,
//   goods_supplier_id, goods_jan_code, goods_maker_name/_kana/_address/_zip_code,
//   goods_model_number, goods_color, goods_mall_category, goods_shop_category, goods_cost_price,
//   goods_display_price, goods_selling_price, goods_foreign_selling_price, goods_tax_rate,
//   goods_wholesale_retail_ratio, goods_weight/_width/_length/_height, goods_release_date,
//   goods_first_time_sold_date, goods_last_time_sold_date, goods_first_time_supplied_date,
//   goods_last_time_supplied_date, goods_stock_constant, goods_order_point, goods_lot,
//   goods_publication_date, goods_stock_management_flag, goods_note, goods_visible_flag, goods_tag,
//   goods_location, goods_delivery_mail_flag, goods_delivery_mail_maximum_quality (sic),
//   goods_gift_ok_flg, goods_size, goods_maker_model_number, goods_stock_alert_mail_threshold,
//   goods_wholesale_mortgage_threshold, goods_shipping_base_id, goods_mail_tag_id,
//   goods_1_item..goods_20_item, goods_1_select_id/_name..goods_10_select_id/_name,
//   goods_publication_pic_id/_name, goods_stock_wholesale_quantity, goods_description_text/_html,
//   goods_spec_text/_html, goods_caution_text/_html, goods_condition_description,
//   goods_condition_id, goods_hit_syohin_alert_quantity, goods_delivery_date_id,
//   goods_designated_delivery_date, goods_deleted_flag, audit fields with null_safe variants.
// - Not found in any public client, so chosen here (each field's `note` says so):
//   goods_invoice_commodity_name and goods_hs_code (from the upload columns invoice_commodity_name
//   and hs_code), goods_package_height/_width/_length/_weight (package size; `_length` for depth as
//   in goods_length), goods_sale_start_date/_end_date, goods_tax_id, goods_brand_name,
//   goods_same_day_delivery_id (as set_goods_ has them), goods_origin, goods_ingredients,
//   goods_storage_method, goods_warranty_id, goods_gift_wrapping_id.
// - stock_quantity and supplier_name are joined fields the spec names as selectable.
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG, SAME_DAY_DELIVERY, TAX_ID, auditFields, field, flag, values } from "../field";
import type { FieldDef, ResourceDef } from "../types";

const P = "goods_";
const CHOSEN = "Name chosen here: not shown by the spec nor found in public clients of the real API.";

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
    field(`${P}invoice_commodity_name`, "S", "インボイス品名", "Invoice item name", {
      note: `${CHOSEN} From the upload column invoice_commodity_name.`,
    }),
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
      note: "Joined from the supplier master; named by the spec as a selectable field.",
    }),
    field(`${P}jan_code`, "S", "JANコード", "JAN code"),
    field(`${P}maker_name`, "S", "メーカー名", "Maker name"),
    field(`${P}maker_kana`, "S", "メーカーカナ", "Maker name (kana)"),
    field(`${P}maker_address`, "S", "メーカー住所", "Maker address"),
    field(`${P}maker_zip_code`, "S", "メーカー郵便番号", "Maker postal code"),
    field(`${P}model_number`, "S", "型番", "Model number"),
    field(`${P}hs_code`, "S", "HSコード", "HS code", { note: `${CHOSEN} From the upload column hs_code.` }),
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
    field(`${P}delivery_mail_maximum_quality`, "N", "メール便最大数", "Mail service maximum quantity", {
      format: "quantity",
      note: "Spelled `quality` by the real API (public clients).",
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
    field(`${P}designated_delivery_date`, "D", "納期指定日", "Delivery date", {
      note: "Valid only when the delivery period id means a date.",
    }),
    field(`${P}package_height`, "N", "梱包サイズ高さ(cm)", "Package height (cm)", { note: CHOSEN }),
    field(`${P}package_width`, "N", "梱包サイズ幅(cm)", "Package width (cm)", { note: CHOSEN }),
    field(`${P}package_length`, "N", "梱包サイズ奥行き(cm)", "Package depth (cm)", {
      note: `${CHOSEN} _length for depth as in goods_length.`,
    }),
    field(`${P}package_weight`, "N", "梱包重量(g)", "Package weight (g)", { note: CHOSEN }),
    field(`${P}sale_start_date`, "D", "販売開始日", "Sale start date", { note: CHOSEN }),
    field(`${P}sale_end_date`, "D", "販売終了日", "Sale end date", { note: CHOSEN }),
    field(`${P}tax_id`, "N", "税区分", "Tax", { enum: TAX_ID, note: `${CHOSEN} As set_goods_tax_id.` }),
    field(`${P}brand_name`, "S", "ブランド名", "Brand name", { note: `${CHOSEN} As set_goods_brand_name.` }),
    field(`${P}origin`, "S", "原産地", "Origin", { note: CHOSEN }),
    field(`${P}ingredients`, "S", "原材料", "Ingredients", { note: CHOSEN }),
    field(`${P}storage_method`, "S", "保存方法", "Storage method", { note: CHOSEN }),
    field(`${P}warranty_id`, "N", "保証書", "Warranty", {
      enum: values(["0", "なし", "None"], ["1", "あり", "Present"]),
      note: CHOSEN,
    }),
    field(`${P}gift_wrapping_id`, "N", "ギフト包装", "Gift wrapping", {
      enum: values(["0", "不可", "No"], ["1", "可", "Yes"]),
      note: CHOSEN,
    }),
    field(`${P}same_day_delivery_id`, "N", "即日発送", "Same/next-day delivery", {
      enum: SAME_DAY_DELIVERY,
      note: `${CHOSEN} As set_goods_same_day_delivery_id.`,
    }),
    field("stock_quantity", "N", "在庫数", "Stock quantity", {
      format: "quantity",
      note: "Joined from the stock master; named by the spec as a selectable field.",
    }),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
