// Supply (purchase receipt) slips (spec 2.12), `/api_v1_supplyorder_base/search`.
import { DELETED_FLAG_ONE_VALID, auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "supply_order_";

export const supplyOrder: ResourceDef = {
  key: "supplyOrder",
  label: { ja: "仕入伝票", en: "Supply slips" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`],
  titleField: `${P}id`,
  fields: [
    field(`${P}id`, "N", "仕入伝票番号", "Supply slip number"),
    field(`${P}supplier_id`, "S", "仕入先コード", "Supplier code"),
    field(`${P}type_id`, "N", "仕入区分", "Supply type"),
    field(`${P}type_name`, "S", "仕入区分名", "Supply type name"),
    field(`${P}date`, "D", "仕入日", "Supply date"),
    field(`${P}delivery_id`, "S", "納品書番号", "Delivery note number"),
    field(`${P}correspond_order_id`, "N", "対応発注伝票番号", "Related place-order slip"),
    field(`${P}original_order_id`, "N", "元伝票番号", "Original slip"),
    field(`${P}amount`, "N", "仕入金額", "Amount", { format: "yen" }),
    field(`${P}status_id`, "S", "仕入状態", "Status"),
    field(`${P}status_name`, "S", "仕入状態名", "Status name"),
    field(`${P}deleted_flag`, "S", "有効フラグ", "Valid", {
      enum: DELETED_FLAG_ONE_VALID,
      format: "flag",
      note: "1 = valid, other = invalid (spec 2.12).",
    }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
