// The 20 order-slip fields the speed targets name ("order search with 20 fields"): one list for
// every benchmark that searches orders.
export const ORDER_FIELDS = [
  "receive_order_id", "receive_order_shop_id", "receive_order_shop_cut_form_id", "receive_order_date",
  "receive_order_order_status_id", "receive_order_order_status_name", "receive_order_payment_method_id",
  "receive_order_payment_method_name", "receive_order_delivery_id", "receive_order_delivery_name",
  "receive_order_total_amount", "receive_order_goods_amount", "receive_order_tax_amount",
  "receive_order_purchaser_name", "receive_order_purchaser_kana", "receive_order_purchaser_tel",
  "receive_order_consignee_name", "receive_order_consignee_address1", "receive_order_cancel_type_id",
  "receive_order_last_modified_date",
] as const;
