// Goods tags (spec 2.12), `/api_v1_master_goodstag/search`.
import { DELETED_FLAG, auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "goods_tag_";

export const goodsTag: ResourceDef = {
  key: "goodsTag",
  label: { ja: "商品分類タグ", en: "Goods tags" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}goods_id`, `${P}name`],
  titleField: `${P}name`,
  fields: [
    field(`${P}goods_id`, "S", "商品コード", "Goods code"),
    field(`${P}name`, "S", "タグ名", "Tag name"),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
