// Order grouping tags (spec 2.12), `/api_v1_receiveorder_groupingtag/search`.
import { auditFields, field } from "../field";
import type { ResourceDef } from "../types";

const P = "grouping_tag_";

export const receiveOrderGroupingTag: ResourceDef = {
  key: "receiveOrderGroupingTag",
  label: { ja: "受注分類タグ", en: "Order grouping tags" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "N", "タグID", "Tag ID"),
    field(`${P}name`, "S", "タグ名", "Tag name"),
    field(`${P}color`, "S", "背景色", "Background color", { format: "color" }),
    field(`${P}str_color`, "S", "文字色", "Text color", { format: "color" }),
    field(`${P}memo`, "S", "メモ", "Memo"),
    ...auditFields(P, { nullSafe: true }),
  ],
};
