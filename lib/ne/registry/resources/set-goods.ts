// Set goods (spec 2.10), `/api_v1_master_setgoods/search` and `/count`.
// One row a component: the set code repeats for each detail_goods_id.
import { SAME_DAY_DELIVERY, TAX_ID, auditFields, field, values } from "../field";
import type { ResourceDef } from "../types";

const P = "set_goods_";

/** Set goods condition (spec 2.10). */
export const SET_GOODS_CONDITION = values(
  ["01", "新品", "New"],
  ["02", "中古", "Used"],
  ["03", "その他", "Other"],
  ["04", "未使用に近い", "Nearly unused"],
  ["05", "目立った傷や汚れなし", "No notable damage"],
  ["06", "やや傷や汚れあり", "Slight damage"],
  ["07", "傷や汚れあり", "Damaged"],
  ["08", "全体的に状態が悪い", "Poor overall"],
);

export const setGoods: ResourceDef = {
  key: "setGoods",
  label: { ja: "セット商品マスタ", en: "Set goods" },
  prefix: P,
  section: "2.10",
  primaryKey: [`${P}id`, `${P}detail_goods_id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "S", "セット商品コード", "Set goods code"),
    field(`${P}name`, "S", "セット商品名", "Set goods name"),
    field(`${P}selling_price`, "N", "セット販売価格", "Set unit price", { format: "yen" }),
    field(`${P}detail_goods_id`, "S", "構成商品コード", "Component goods code"),
    field(`${P}detail_quantity`, "N", "構成数量", "Component quantity", { format: "quantity" }),
    field(`${P}representation_id`, "S", "代表商品コード", "Representative goods code"),
    field(`${P}tax_rate`, "N", "消費税率", "Tax rate", { format: "percent" }),
    field(`${P}jan_code`, "S", "JANコード", "JAN code"),
    field(`${P}foreign_name`, "S", "英語商品名", "English name"),
    field(`${P}model_number`, "S", "型番", "Model number"),
    field(`${P}location`, "S", "ロケーション", "Location"),
    field(`${P}size`, "S", "サイズ", "Size"),
    field(`${P}maker_model_number`, "S", "メーカー型番", "Maker model number"),
    field(`${P}color`, "S", "色", "Color"),
    field(`${P}brand_name`, "S", "ブランド名", "Brand name"),
    field(`${P}maker_name`, "S", "メーカー名", "Maker name"),
    field(`${P}display_price`, "N", "定価", "List price", { format: "yen" }),
    field(`${P}tax_id`, "N", "税区分", "Tax", { enum: TAX_ID }),
    field(`${P}gift_ok_flg`, "N", "ギフト可", "Gift allowed", {
      enum: values(["0", "不可", "Not allowed"], ["1", "可", "Allowed"]),
      format: "flag",
    }),
    field(`${P}condition_id`, "S", "商品状態", "Condition", { enum: SET_GOODS_CONDITION }),
    field(`${P}condition_description`, "S", "商品状態説明", "Condition description"),
    field(`${P}width`, "N", "梱包サイズ幅", "Package width"),
    field(`${P}length`, "N", "梱包サイズ奥行き", "Package depth"),
    field(`${P}height`, "N", "梱包サイズ高さ", "Package height"),
    field(`${P}weight`, "N", "梱包重量", "Package weight"),
    field(`${P}same_day_delivery_id`, "N", "即日発送", "Same/next-day delivery", { enum: SAME_DAY_DELIVERY }),
    field(`${P}option_noshi_id`, "N", "のし対応", "Noshi wrapping", {
      enum: values(["0", "非対応", "Not supported"], ["1", "対応", "Supported"]),
    }),
    field(`${P}first_time_sold_date`, "D", "販売開始日", "Sale start date"),
    field(`${P}last_time_sold_date`, "D", "販売終了日", "Sale end date"),
    ...auditFields(P, { nullSafe: false }),
  ],
};
