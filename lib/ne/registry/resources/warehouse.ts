// Warehouse (base) master: an extension (DESIGN.md), `/api_v1_warehouse_base/search`.
// Feeds the warehouse choices of warehouse stock and names the warehouses of the stock upload.
// Names and types: the 拠点 table that the official field list of the order row search shows
// (./official/api_v1_warehouse_base_search.json); no list of this operation itself was found.
// That table has no deletion flag, so the registry has none.
import { auditFields, field } from "../field";
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
    ...auditFields(P, { nullSafe: false }),
  ],
};
