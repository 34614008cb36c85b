// Malls (spec 2.12), `/api_v1_system_mall/search`.
import { DELETED_FLAG, field } from "../field";
import type { ResourceDef } from "../types";

const P = "mall_";

export const mall: ResourceDef = {
  key: "mall",
  label: { ja: "モール", en: "Malls" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "N", "モールID", "Mall ID"),
    field(`${P}name`, "S", "モール名", "Mall name"),
    field(`${P}kana`, "S", "モール名カナ", "Mall name (kana)"),
    field(`${P}note`, "S", "備考", "Remarks"),
    field(`${P}country_id`, "S", "国", "Country"),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
  ],
};
