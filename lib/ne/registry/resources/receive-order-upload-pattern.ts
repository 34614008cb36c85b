// Order bulk-upload patterns (spec 2.12), `/api_v1_receiveorder_uploadpattern/info`.
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG_ONE_VALID, auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "receive_order_upload_pattern_";

export const receiveOrderUploadPattern: ResourceDef = {
  key: "receiveOrderUploadPattern",
  label: { ja: "受注一括登録パターン", en: "Order bulk-upload patterns" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "N", "パターンID", "Pattern ID"),
    field(`${P}name`, "S", "パターン名", "Pattern name"),
    field(`${P}format_id`, "N", "フォーマットID", "Format ID"),
    field(`${P}shop_id`, "N", "店舗", "Shop", { choicesFrom: CHOICES.shop, format: "enum" }),
    field(`${P}deleted_flag`, "S", "有効フラグ", "Valid", {
      enum: DELETED_FLAG_ONE_VALID,
      format: "flag",
      note: "1 = valid (spec 2.12).",
    }),
    ...auditFields(P, { nullSafe: false }),
  ],
};
