// Warehouse stock (spec 2.9), `/api_v1_warehouse_stock/search` and `/upload`.
import { CHOICES } from "../choice-sources";
import { auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "warehouse_stock_";

export const warehouseStock: ResourceDef = {
  key: "warehouseStock",
  label: { ja: "倉庫別在庫", en: "Warehouse stock" },
  prefix: P,
  section: "2.9",
  primaryKey: [`${P}warehouse_id`, `${P}goods_id`],
  titleField: `${P}goods_id`,
  fields: [
    field(`${P}warehouse_id`, "N", "倉庫", "Warehouse", { choicesFrom: CHOICES.warehouse, format: "enum" }),
    field(`${P}goods_id`, "S", "商品コード", "Goods code"),
    field(`${P}quantity`, "N", "在庫数", "Stock quantity", { format: "quantity" }),
    field(`${P}allocation_quantity`, "N", "引当数", "Allocated quantity", { format: "quantity" }),
    field(`${P}free_quantity`, "N", "フリー在庫数", "Free quantity", { format: "quantity" }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
