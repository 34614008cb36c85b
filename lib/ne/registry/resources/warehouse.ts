// Warehouse (base) master: an extension (DESIGN.md), `/api_v1_warehouse_base/search`.
// Feeds the warehouse choices of warehouse stock and names the warehouses of the stock upload.
import { DELETED_FLAG, field } from "../field";
import type { ResourceDef } from "../types";

const P = "warehouse_";

export const warehouse: ResourceDef = {
  key: "warehouse",
  label: { ja: "倉庫マスタ", en: "Warehouses" },
  prefix: P,
  section: "DESIGN.md",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "N", "倉庫ID", "Warehouse ID"),
    field(`${P}name`, "S", "倉庫名", "Warehouse name"),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
  ],
};
