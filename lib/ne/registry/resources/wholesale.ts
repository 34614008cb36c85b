// Wholesale customers (spec 2.12), `/api_v1_master_wholesale/count` (and `/search`, an extension).
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG, auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "wholesale_";

export const wholesale: ResourceDef = {
  key: "wholesale",
  label: { ja: "卸先マスタ", en: "Wholesale customers" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "S", "卸先コード", "Customer code"),
    field(`${P}name`, "S", "卸先名", "Customer name"),
    field(`${P}kana`, "S", "卸先カナ", "Customer name (kana)"),
    field(`${P}post_name`, "S", "部署名", "Department"),
    field(`${P}zip_code`, "S", "郵便番号", "Postal code"),
    field(`${P}address1`, "S", "住所1", "Address 1"),
    field(`${P}address2`, "S", "住所2", "Address 2"),
    field(`${P}phone`, "S", "電話番号", "Phone"),
    field(`${P}fax`, "S", "FAX", "Fax"),
    field(`${P}mail_address`, "S", "メールアドレス", "Email"),
    field(`${P}destination_pic_name`, "S", "送り先担当者名", "Destination contact"),
    field(`${P}destination_pic_kana`, "S", "送り先担当者カナ", "Destination contact (kana)"),
    field(`${P}destination_zip_code`, "S", "送り先郵便番号", "Destination postal code"),
    field(`${P}destination_address1`, "S", "送り先住所1", "Destination address 1"),
    field(`${P}destination_address2`, "S", "送り先住所2", "Destination address 2"),
    field(`${P}destination_phone`, "S", "送り先電話番号", "Destination phone"),
    field(`${P}delivery_id`, "S", "発送方法", "Delivery method"),
    field(`${P}delivery_name`, "S", "発送方法名", "Delivery method name"),
    field(`${P}payment_method_id`, "S", "支払方法", "Payment method", {
      choicesFrom: CHOICES.paymentMethod,
      format: "enum",
    }),
    field(`${P}payment_method_name`, "S", "支払方法名", "Payment method name"),
    field(`${P}retail_ratio`, "N", "掛率", "Retail ratio"),
    field(`${P}destination_no`, "N", "送り先番号", "Destination number"),
    field(`${P}credit_line_price`, "N", "与信限度額", "Credit line", { format: "yen" }),
    field(`${P}closing_day`, "N", "締日", "Closing day"),
    field(`${P}note`, "S", "備考", "Remarks"),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
