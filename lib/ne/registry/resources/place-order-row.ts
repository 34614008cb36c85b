// Place-order (purchase order) rows (spec 2.12), `/api_v1_placeorder_row/search`.
// Names: the fields of the official page's sample request (./official/api_v1_placeorder_row_search.json,
// names only, no types); the three null_safe audit variants come from spec 2.4 (their notes say so).
import { CHOICES } from "../choice-sources";
import { auditFields, field, values } from "../field";
import type { ResourceDef } from "../types";

const P = "place_order_row_";

export const placeOrderRow: ResourceDef = {
  key: "placeOrderRow",
  label: { ja: "発注明細", en: "Place-order rows" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}place_order_id`, `${P}no`],
  titleField: `${P}goods_name`,
  fields: [
    field(`${P}place_order_id`, "N", "発注伝票番号", "Place-order slip"),
    field(`${P}no`, "N", "明細行番号", "Row number"),
    field(`${P}goods_id`, "S", "商品コード", "Goods code"),
    field(`${P}goods_type_id`, "S", "商品区分", "Goods type", { choicesFrom: CHOICES.goodsType, format: "enum" }),
    field(`${P}goods_type_name`, "S", "商品区分名", "Goods type name"),
    field(`${P}goods_name`, "S", "商品名", "Goods name"),
    field(`${P}goods_option`, "S", "商品オプション", "Goods option"),
    field(`${P}unit_price`, "N", "発注単価", "Unit price", { format: "yen" }),
    field(`${P}place_quantity`, "N", "発注数", "Ordered quantity", { format: "quantity" }),
    field(`${P}sub_total_price`, "N", "小計", "Sub total", { format: "yen" }),
    field(`${P}receive_order_id`, "N", "受注伝票番号", "Order slip"),
    field(`${P}receive_order_row_no`, "N", "受注明細行番号", "Order row number"),
    field(`${P}supply_quantity`, "N", "仕入数", "Received quantity", { format: "quantity" }),
    field(`${P}cancel_flag`, "S", "キャンセル", "Canceled", {
      enum: values(["0", "有効", "Not canceled"], ["1", "キャンセル", "Canceled"]),
      format: "flag",
      note: "1 = canceled, other = not (spec 2.12).",
    }),
    field(`${P}completed_flag`, "S", "完了", "Completed", {
      enum: values(["0", "未完了", "Not completed"], ["1", "完了", "Completed"]),
      format: "flag",
      note: "1 = completed, other = not (spec 2.12).",
    }),
    field(`${P}confirmed_flag`, "S", "確定", "Confirmed", {
      format: "flag",
      note: "Values not listed by the spec.",
    }),
    field(`${P}type_id`, "S", "発注区分", "Place-order type"),
    field(`${P}type_name`, "S", "発注区分名", "Place-order type name"),
    field(`${P}note`, "S", "備考", "Remarks"),
    field(`${P}delivery_date`, "D", "納品予定日", "Planned delivery date"),
    ...auditFields(P, { nullSafe: true }).map((f) =>
      f.name.includes("_null_safe_")
        ? {
            ...f,
            note: "Not among the names of the official page's sample request (./official); kept because spec 2.4 gives place_order_row_ the null_safe variants.",
          }
        : f,
    ),
  ],
};
