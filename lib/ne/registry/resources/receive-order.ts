// Order slip (spec 2.5), `/api_v1_receiveorder_base/search`.
//
// Names and types: the official field list of the order-slip search (its 受注伝票 table,
// ./official/api_v1_receiveorder_base_search.json) has every field here with the same type, except
// the reminder fields and receive_order_deleted_flag, which spec 2.5 lists and a public client of
// the real API asks for; their notes say so (official.test.ts knows the exception).
// Names the spec does not show, taken from the official list:
// - `receive_order_mail_status` holds the mail send state (letters J B C H N F, no separator).
// - The placement-delivery flag and the designated place are left out: the official list does
//   not name them, and a guessed name would make the sandbox answer a field the real API lacks.
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG, auditFields, field, flag, values } from "../field";
import type { ResourceDef } from "../types";

const P = "receive_order_";
const NOT_LISTED =
  "Not in the official order-slip list (./official); kept because spec 2.5 lists it and a public client of the real API asks for it in its order fields";

/** Order status, spec 3.1 (also the values of `/api_v1_system_orderstatus/info`). */
export const ORDER_STATUS = values(
  ["0", "取込情報不足", "Import information insufficient"],
  ["1", "受注メール取込済", "Order mail imported"],
  ["2", "起票済(CSV/手入力)", "Drafted (CSV/manual input)"],
  ["20", "納品書印刷待ち", "Awaiting statement printing"],
  ["30", "納品書印刷中", "Statement printing"],
  ["40", "納品書印刷済", "Statement printed"],
  ["50", "出荷確定済（完了）", "Shipment confirmed (complete)"],
);

/** Letters of `receive_order_mail_status` (spec 2.5). */
export const MAIL_STATUS_LETTERS = values(
  ["J", "受注確認メール", "Order confirmation"],
  ["B", "印刷日待ち案内メール", "Print-date-waiting notice"],
  ["C", "印刷後案内メール", "Post-print notice"],
  ["H", "発送メール", "Shipment mail"],
  ["N", "入金確認メール", "Deposit confirmation"],
  ["F", "フォローメール", "Follow-up"],
);

export const receiveOrder: ResourceDef = {
  key: "receiveOrder",
  label: { ja: "受注伝票", en: "Order slips" },
  prefix: P,
  section: "2.5",
  primaryKey: [`${P}id`],
  titleField: `${P}id`,
  fields: [
    field(`${P}shop_id`, "N", "店舗", "Shop", { choicesFrom: CHOICES.shop, format: "enum" }),
    field(`${P}id`, "N", "伝票番号", "Slip number"),
    field(`${P}shop_cut_form_id`, "S", "受注番号", "Order number"),
    field(`${P}date`, "D", "受注日", "Order date"),
    field(`${P}import_date`, "D", "取込日", "Import date"),
    field(`${P}important_check_id`, "S", "重要チェック", "Important check", {
      enum: flag("通常", "Normal", "重要", "Important"),
    }),
    field(`${P}important_check_name`, "S", "重要チェック者名", "Important check by"),
    field(`${P}confirm_check_id`, "S", "確認チェック", "Confirmation check", {
      enum: values(["0", "確認不要", "Not needed"], ["1", "要確認", "Needed"], ["2", "確認済", "Confirmed"]),
    }),
    field(`${P}confirm_check_name`, "S", "確認チェック名", "Confirmation check name"),
    field(`${P}confirm_ids`, "S", "受注確認内容", "Confirmation contents", {
      note: "Ids separated by colons; a row confirmation has # and the row number appended.",
    }),
    field(`${P}mail_status`, "S", "メール送信状態", "Mail send state", {
      note: "Letters without separator: J order confirmation, B print-date-waiting notice, C post-print notice, H shipment mail, N deposit confirmation, F follow-up. Name from the official list; the spec does not show it.",
    }),
    field(`${P}gruoping_tag`, "S", "受注分類タグ", "Grouping tags", {
      searchable: false,
      note: "Spelled so by the API. Tag names each in square brackets; cannot be searched (spec 2.3).",
    }),
    field(`${P}import_type_id`, "S", "取込種類", "Import type", {
      enum: values(["0", "メール", "Mail"], ["1", "CSV", "CSV"], ["2", "手入力", "Manual input"]),
    }),
    field(`${P}import_type_name`, "S", "取込種類名", "Import type name"),
    field(`${P}cancel_type_id`, "S", "受注キャンセル区分", "Cancel type", {
      note: "Values not listed by the spec; 0 reads as a valid (not canceled) order.",
    }),
    field(`${P}cancel_type_name`, "S", "受注キャンセル名", "Cancel type name"),
    field(`${P}cancel_date`, "D", "受注キャンセル日", "Cancel date"),
    field(`${P}order_status_id`, "S", "受注状態", "Order status", {
      enum: ORDER_STATUS,
      choicesFrom: CHOICES.orderStatus,
    }),
    field(`${P}order_status_name`, "S", "受注状態名", "Order status name"),
    field(`${P}delivery_id`, "S", "発送方法", "Delivery method"),
    field(`${P}delivery_name`, "S", "発送方法名", "Delivery method name"),
    field(`${P}payment_method_id`, "S", "支払方法", "Payment method", {
      choicesFrom: CHOICES.paymentMethod,
      format: "enum",
    }),
    field(`${P}payment_method_name`, "S", "支払方法名", "Payment method name"),
    field(`${P}total_amount`, "N", "総合計", "Total", {
      format: "yen",
      note: "Goods total + tax + charge + delivery fee + other amount - points.",
    }),
    field(`${P}tax_amount`, "N", "税金", "Tax", { format: "yen" }),
    field(`${P}charge_amount`, "N", "手数料", "Charge", { format: "yen" }),
    field(`${P}delivery_fee_amount`, "N", "発送代", "Delivery fee", { format: "yen" }),
    field(`${P}other_amount`, "N", "他費用", "Other amount", { format: "yen" }),
    field(`${P}point_amount`, "N", "ポイント数", "Points", { format: "yen" }),
    field(`${P}goods_amount`, "N", "商品計", "Goods total", { format: "yen" }),
    field(`${P}deposit_amount`, "S", "入金額", "Deposited amount", { format: "yen" }),
    field(`${P}deposit_type_id`, "S", "入金状況", "Deposit status"),
    field(`${P}deposit_type_name`, "S", "入金状況名", "Deposit status name"),
    field(`${P}deposit_date`, "D", "入金日", "Deposit date"),
    field(`${P}note`, "S", "備考", "Remarks"),
    field(`${P}include_possible_order_id`, "N", "同梱候補伝票番号", "Bundling candidate slip"),
    field(`${P}include_to_order_id`, "N", "同梱先伝票番号", "Bundled into slip"),
    field(`${P}multi_delivery_parent_order_id`, "N", "複数配送親伝票番号", "Multi-delivery parent slip"),
    field(`${P}divide_from_order_id`, "N", "分割元伝票番号", "Split from slip"),
    field(`${P}copy_from_order_id`, "N", "複写元伝票番号", "Copied from slip"),
    field(`${P}multi_delivery_parent_flag`, "S", "複数配送親フラグ", "Multi-delivery parent", {
      enum: flag("いいえ", "No", "はい", "Yes"),
      format: "flag",
    }),
    field(`${P}statement_delivery_instruct_printing_date`, "D", "納品書印刷指示日", "Statement print instruction date"),
    field(`${P}statement_delivery_printing_date`, "D", "納品書発行日", "Statement printed date"),
    field(`${P}statement_delivery_text`, "S", "納品書特記事項", "Statement notes"),
    field(`${P}send_date`, "D", "出荷確定日", "Shipment confirmed date"),
    field(`${P}send_plan_date`, "D", "出荷予定日", "Planned shipment date"),
    field(`${P}send_sequence`, "S", "出荷順序", "Shipment sequence"),
    field(`${P}worker_text`, "S", "作業用欄", "Work field"),
    field(`${P}picking_instruct`, "S", "ピッキング指示", "Picking instructions"),
    field(`${P}label_print_date`, "D", "ラベル発行日", "Label issue date"),
    field(`${P}label_print_flag`, "S", "ラベル発行フラグ", "Label print flag", {
      enum: values(["0", "発行対象外", "Not a print target"], ["1", "発行対象", "Print target"], ["2", "発行済", "Issued"]),
    }),
    field(`${P}hope_delivery_date`, "D", "配達希望日", "Desired delivery date"),
    field(`${P}hope_delivery_time_slot_id`, "S", "配達希望時間帯", "Desired time slot"),
    field(`${P}hope_delivery_time_slot_name`, "S", "配達希望時間帯名", "Desired time slot name"),
    field(`${P}delivery_method_id`, "S", "便種", "Service type"),
    field(`${P}delivery_method_name`, "S", "便種名", "Service type name"),
    ...[1, 2, 3, 4].flatMap((n) => [
      field(`${P}seal${n}_id`, "S", `シール${n}`, `Seal ${n}`),
      field(`${P}seal${n}_name`, "S", `シール${n}名`, `Seal ${n} name`),
    ]),
    field(`${P}business_office_stop_id`, "S", "営業所止め", "Hold at office"),
    field(`${P}business_office_stop_name`, "S", "営業所止め名", "Hold at office name"),
    field(`${P}invoice_id`, "S", "送り状区分", "Waybill type"),
    field(`${P}invoice_name`, "S", "送り状名", "Waybill type name"),
    field(`${P}temperature_id`, "S", "温度帯", "Temperature zone"),
    field(`${P}temperature_name`, "S", "温度帯名", "Temperature zone name"),
    field(`${P}business_office_name`, "S", "営業所名", "Office name"),
    field(`${P}gift_flag`, "S", "ギフト", "Gift", {
      enum: flag("ギフトではない", "Not a gift", "ギフト", "Gift"),
      format: "flag",
    }),
    field(`${P}delivery_cut_form_id`, "S", "発送伝票番号", "Tracking number"),
    field(`${P}delivery_cut_form_note`, "S", "発送伝票備考", "Delivery slip remarks"),
    field(`${P}credit_type_id`, "S", "クレジット種類", "Credit card type", {
      choicesFrom: CHOICES.creditType,
      format: "enum",
    }),
    field(`${P}credit_type_name`, "S", "クレジット種類名", "Credit card type name"),
    field(`${P}credit_approval_no`, "S", "クレジット承認番号", "Approval number"),
    field(`${P}credit_approval_amount`, "S", "クレジット承認額", "Approval amount", { format: "yen" }),
    field(`${P}credit_approval_type_id`, "S", "クレジット承認区分", "Approval type"),
    field(`${P}credit_approval_type_name`, "S", "クレジット承認区分名", "Approval type name"),
    field(`${P}credit_approval_date`, "D", "クレジット承認日", "Approval date"),
    field(`${P}credit_approval_rate`, "N", "クレジット承認時レート", "Rate at approval"),
    field(`${P}credit_number_payments`, "S", "クレジット支払回数", "Number of payments"),
    field(`${P}credit_authorization_center_id`, "S", "クレジット承認センター", "Approval center"),
    field(`${P}credit_authorization_center_name`, "S", "クレジット承認センター名", "Approval center name"),
    field(`${P}credit_approval_fax_printing_date`, "D", "クレジット承認FAX印刷日", "Approval FAX print date"),
    field(`${P}customer_type_id`, "S", "顧客区分", "Customer type", {
      note: "9 = wholesale (then customer_id holds the wholesale-customer code); other values not listed by the spec.",
    }),
    field(`${P}customer_type_name`, "S", "顧客区分名", "Customer type name"),
    field(`${P}customer_id`, "S", "顧客コード", "Customer code", {
      note: "Wholesale-customer code when the customer type is 9.",
    }),
    field(`${P}purchaser_name`, "S", "購入者名", "Purchaser name"),
    field(`${P}purchaser_kana`, "S", "購入者カナ", "Purchaser name (kana)"),
    field(`${P}purchaser_zip_code`, "S", "購入者郵便番号", "Purchaser postal code"),
    field(`${P}purchaser_address1`, "S", "購入者住所1", "Purchaser address 1"),
    field(`${P}purchaser_address2`, "S", "購入者住所2", "Purchaser address 2"),
    field(`${P}purchaser_tel`, "S", "購入者電話番号", "Purchaser phone"),
    field(`${P}purchaser_fax`, "S", "購入者FAX", "Purchaser fax"),
    field(`${P}purchaser_mail_address`, "S", "購入者メールアドレス", "Purchaser email"),
    field(`${P}consignee_name`, "S", "送り先名", "Recipient name"),
    field(`${P}consignee_kana`, "S", "送り先カナ", "Recipient name (kana)"),
    field(`${P}consignee_zip_code`, "S", "送り先郵便番号", "Recipient postal code"),
    field(`${P}consignee_address1`, "S", "送り先住所1", "Recipient address 1"),
    field(`${P}consignee_address2`, "S", "送り先住所2", "Recipient address 2"),
    field(`${P}consignee_tel`, "S", "送り先電話番号", "Recipient phone"),
    field(`${P}consignee_fax`, "S", "送り先FAX", "Recipient fax"),
    field(`${P}reminder_start_date`, "D", "督促開始日", "Reminder start date", { note: `${NOT_LISTED} (督促開始日).` }),
    field(`${P}reminder_last_date`, "D", "最終督促日", "Last reminder date", { note: `${NOT_LISTED} (最終督促日).` }),
    field(`${P}reminder_count`, "N", "督促回数", "Reminder count", { note: `${NOT_LISTED} (督促回数).` }),
    field(`${P}important_check_pic_id`, "N", "重要チェック担当者ID", "Important check person ID"),
    field(`${P}important_check_pic_name`, "S", "重要チェック担当者名", "Important check person"),
    field(`${P}pic_id`, "N", "受注担当者ID", "Order person in charge ID"),
    field(`${P}pic_name`, "S", "受注担当者名", "Order person in charge"),
    field(`${P}send_pic_id`, "N", "出荷担当者ID", "Shipment person in charge ID"),
    field(`${P}send_pic_name`, "S", "出荷担当者名", "Shipment person in charge"),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", {
      enum: DELETED_FLAG,
      format: "flag",
      note: `${NOT_LISTED} (削除フラグ).`,
    }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
