// Payment/delivery conversion (spec 2.12), `/api_v1_receiveorder_paymentdeliveryconvert/search`:
// how a text found in an imported order maps to a payment, delivery, credit, deposit or time slot id.
import { DELETED_FLAG_ONE_VALID, auditFields, field, values } from "../field";
import type { ResourceDef } from "../types";

const P = "payment_delivery_convert_";

export const PAYMENT_DELIVERY_CONVERT_TYPE = values(
  ["siharai_kbn", "支払区分", "Payment method"],
  ["hasou_kbn", "発送方法区分", "Delivery method"],
  ["credit_kbn", "クレジット区分", "Credit card type"],
  ["nyukin_kbn", "入金区分", "Deposit"],
  ["jikantaisitei_kbn", "時間帯指定区分", "Time slot"],
);

export const paymentDeliveryConvert: ResourceDef = {
  key: "paymentDeliveryConvert",
  label: { ja: "支払・発送方法変換", en: "Payment/delivery conversion" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}type`, `${P}text`],
  titleField: `${P}text`,
  fields: [
    field(`${P}text`, "S", "変換元文字列", "Source text", { note: "Text of an order before import." }),
    field(`${P}type`, "S", "変換種類", "Conversion type", { enum: PAYMENT_DELIVERY_CONVERT_TYPE }),
    field(`${P}multi_id`, "S", "変換先ID", "Target id", { note: "Id in the classification named by type." }),
    field(`${P}delivery_id`, "S", "発送方法", "Delivery method", {
      note: "Only when type is jikantaisitei_kbn.",
    }),
    field(`${P}deleted_flag`, "S", "有効フラグ", "Valid", {
      enum: DELETED_FLAG_ONE_VALID,
      format: "flag",
      note: "1 = valid (spec 2.12).",
    }),
    ...auditFields(P, { nullSafe: false }),
  ],
};
