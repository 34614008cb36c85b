// Goods stock (spec 2.8), `/api_v1_master_stock/search`.
import { DELETED_FLAG, auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "stock_";

export const stock: ResourceDef = {
  key: "stock",
  label: { ja: "在庫マスタ", en: "Stock" },
  prefix: P,
  section: "2.8",
  primaryKey: [`${P}goods_id`],
  titleField: `${P}goods_id`,
  fields: [
    field(`${P}goods_id`, "S", "商品コード", "Goods code"),
    field(`${P}quantity`, "N", "在庫数", "Stock quantity", { format: "quantity" }),
    field(`${P}allocation_quantity`, "N", "引当数", "Allocated quantity", { format: "quantity" }),
    field(`${P}defective_quantity`, "N", "不良在庫数", "Defective quantity", { format: "quantity" }),
    field(`${P}remaining_order_quantity`, "N", "発注残数", "Remaining order quantity", { format: "quantity" }),
    field(`${P}out_quantity`, "N", "欠品数", "Shortage", { format: "quantity" }),
    field(`${P}free_quantity`, "N", "フリー在庫数", "Free quantity", { format: "quantity" }),
    field(`${P}advance_order_quantity`, "N", "予約在庫数", "Reserved quantity", { format: "quantity" }),
    field(`${P}advance_order_allocation_quantity`, "N", "予約引当数", "Reserved allocated quantity", {
      format: "quantity",
    }),
    field(`${P}advance_order_free_quantity`, "N", "予約フリー在庫数", "Reserved free quantity", {
      format: "quantity",
    }),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
