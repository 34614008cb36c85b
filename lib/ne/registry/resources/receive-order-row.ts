// Order row (spec 2.6), `/api_v1_receiveorder_row/search` and `/count`.
//
// Naming: the spec's table gives suffixes that take the prefix `receive_order_row_`, "except those
// written with their full name". Two readings of that sentence meet the real API:
// - `receive_order_id` takes the prefix: `receive_order_row_receive_order_id` (the spec's own
//   condition example in section 4, and every public client).
// - `receive_order_include_from_order_id` / `receive_order_include_from_row_no` keep their full
//   name without the row prefix (public clients of the real API list them so).
// - `last_modified_newest_date` takes the prefix like the audit fields:
//   `receive_order_row_last_modified_newest_date` (public clients).
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG_ONE_VALID, auditFields, field, flag } from "../field";
import type { ResourceDef } from "../types";

const P = "receive_order_row_";

export const receiveOrderRow: ResourceDef = {
  key: "receiveOrderRow",
  label: { ja: "受注明細", en: "Order rows" },
  prefix: P,
  section: "2.6",
  primaryKey: [`${P}receive_order_id`, `${P}no`],
  titleField: `${P}goods_name`,
  fields: [
    field(`${P}receive_order_id`, "N", "伝票番号", "Slip number"),
    field(`${P}shop_cut_form_id`, "S", "受注番号", "Order number"),
    field(`${P}no`, "N", "明細行番号", "Row number"),
    field(`${P}shop_row_no`, "S", "受注明細行番号", "Shop row number"),
    field(`${P}goods_id`, "S", "商品コード", "Goods code"),
    field(`${P}goods_name`, "S", "商品名", "Goods name"),
    field(`${P}quantity`, "N", "受注数", "Quantity", { format: "quantity" }),
    field(`${P}unit_price`, "N", "単価", "Unit price", { format: "yen" }),
    field(`${P}received_time_first_cost`, "N", "受注時原価", "Cost at order time", { format: "yen" }),
    field(`${P}tax_rate`, "N", "消費税率", "Tax rate", { format: "percent" }),
    field(`${P}wholesale_retail_ratio`, "N", "掛率", "Rate (ratio)", {
      note: "Ratio in tenths: sub total = unit price x (ratio / 10) x quantity.",
    }),
    field(`${P}sub_total_price`, "N", "小計", "Sub total", { format: "yen" }),
    field(`${P}goods_option`, "S", "商品オプション", "Goods option"),
    field(`${P}cancel_flag`, "S", "キャンセル", "Canceled", {
      enum: flag("有効", "Valid", "キャンセル", "Canceled"),
      format: "flag",
    }),
    field("receive_order_include_from_order_id", "N", "同梱元伝票番号", "Bundled from slip", {
      note: "Written with its full name in the spec; the real API has no row prefix on it.",
    }),
    field("receive_order_include_from_row_no", "N", "同梱元明細行番号", "Bundled from row", {
      note: "Written with its full name in the spec; the real API has no row prefix on it.",
    }),
    field(`${P}multi_delivery_parent_order_id`, "N", "複数配送親伝票番号", "Multi-delivery parent slip"),
    field(`${P}divide_from_row_no`, "N", "分割元明細行番号", "Split from row"),
    field(`${P}copy_from_row_no`, "N", "複写元明細行番号", "Copied from row"),
    field(`${P}stock_allocation_quantity`, "N", "引当数", "Allocated quantity", { format: "quantity" }),
    field(`${P}advance_order_stock_allocation_quantity`, "N", "予約引当数", "Reserved allocated quantity", {
      format: "quantity",
    }),
    field(`${P}stock_allocation_date`, "D", "引当日", "Allocation date"),
    field(`${P}received_time_merchandise_id`, "S", "受注時取扱区分", "Handling class at order time", {
      choicesFrom: CHOICES.merchandise,
      format: "enum",
    }),
    field(`${P}received_time_merchandise_name`, "S", "受注時取扱区分名", "Handling class at order time (name)"),
    field(`${P}received_time_goods_type_id`, "S", "受注時商品区分", "Goods type at order time", {
      choicesFrom: CHOICES.goodsType,
      format: "enum",
    }),
    field(`${P}received_time_goods_type_name`, "S", "受注時商品区分名", "Goods type at order time (name)"),
    field(`${P}returned_good_quantity`, "N", "良品返品数", "Returned good quantity", { format: "quantity" }),
    field(`${P}returned_bad_quantity`, "N", "不良品返品数", "Returned defective quantity", { format: "quantity" }),
    field(`${P}returned_reason_id`, "S", "返品理由", "Return reason", {
      choicesFrom: CHOICES.returnedReason,
      format: "enum",
    }),
    field(`${P}returned_reason_name`, "S", "返品理由名", "Return reason name"),
    field(`${P}org_row_no`, "N", "元明細行番号", "Original row number"),
    field(`${P}deleted_flag`, "S", "有効フラグ", "Valid", {
      enum: DELETED_FLAG_ONE_VALID,
      format: "flag",
      note: "1 = valid, other = invalid (spec 2.6).",
    }),
    field(`${P}last_modified_newest_date`, "D", "最終更新日（伝票・明細の新しい方）", "Last modified (slip or row, newer)", {
      note: "The newer of the slip's and the row's last-modified dates. Takes the row prefix like the audit fields (public clients of the real API).",
    }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
