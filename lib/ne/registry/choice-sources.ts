// Where enum-like fields take their choices at run time: one info or search operation each.
// Every path here is an operation of operations.ts (a test checks it).
import { choices } from "./field";

export const CHOICES = {
  // Cells show the shop's abbreviation (official shop list: `shop_abbreviated_name`), the name on hover.
  shop: { ...choices("/api_v1_master_shop/search", "shop_id", "shop_name"), shortLabelField: "shop_abbreviated_name" },
  mall: choices("/api_v1_system_mall/search", "mall_id", "mall_name"),
  warehouse: choices("/api_v1_warehouse_base/search", "warehouse_id", "warehouse_name"),
  paymentMethod: choices("/api_v1_system_paymentmethod/info", "payment_method_id", "payment_method_name"),
  orderStatus: choices("/api_v1_system_orderstatus/info", "order_status_id", "order_status_name"),
  creditType: choices("/api_v1_system_credittype/info", "credit_type_id", "credit_type_name"),
  returnedReason: choices("/api_v1_system_returnedreason/info", "returned_reason_id", "returned_reason_name"),
  merchandise: choices("/api_v1_system_merchandise/info", "merchandise_id", "merchandise_name"),
  goodsType: choices("/api_v1_system_goodstype/info", "goods_type_id", "goods_type_name"),
  forwardingMethod: choices("/api_v1_system_forwardingmethod/info", "forwarding_method_id", "forwarding_method_name"),
  socialInsurance: choices("/api_v1_system_socialinsurance/info", "social_insurance_id", "social_insurance_name"),
  wholesale: choices("/api_v1_master_wholesale/search", "wholesale_id", "wholesale_name"),
  uploadPattern: choices("/api_v1_receiveorder_uploadpattern/info", "receive_order_upload_pattern_id", "receive_order_upload_pattern_name"),
  groupingTag: choices("/api_v1_receiveorder_groupingtag/search", "grouping_tag_id", "grouping_tag_name"),
} as const;
