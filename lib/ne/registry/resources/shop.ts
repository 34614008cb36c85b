// Shops (spec 2.12), `/api_v1_master_shop/count` (and `/search`, an extension). Feeds the shop
// choices of order slips and upload patterns.
import { CHOICES } from "../choice-sources";
import { DELETED_FLAG, auditFields, field, values } from "../field";
import type { ResourceDef } from "../types";

const P = "shop_";

export const shop: ResourceDef = {
  key: "shop",
  label: { ja: "店舗マスタ", en: "Shops" },
  prefix: P,
  section: "2.12",
  primaryKey: [`${P}id`],
  titleField: `${P}name`,
  fields: [
    field(`${P}id`, "N", "店舗コード", "Shop code"),
    field(`${P}name`, "S", "店舗名", "Shop name"),
    field(`${P}kana`, "S", "店舗名カナ", "Shop name (kana)"),
    field(`${P}abbreviated_name`, "S", "店舗略称", "Short name"),
    field(`${P}handling_goods_name`, "S", "取扱商品名", "Goods handled"),
    field(`${P}close_date`, "D", "閉店日", "Closing date"),
    field(`${P}note`, "S", "備考", "Remarks"),
    field(`${P}mall_id`, "N", "モール", "Mall", { choicesFrom: CHOICES.mall, format: "enum" }),
    field(`${P}authorization_type_id`, "S", "オーソリ区分", "Authorization type"),
    field(`${P}authorization_type_name`, "S", "オーソリ区分名", "Authorization type name"),
    field(`${P}tax_id`, "S", "税区分", "Tax", { note: "Values not listed by the spec for shops." }),
    field(`${P}tax_name`, "S", "税区分名", "Tax name"),
    field(`${P}currency_unit_id`, "S", "通貨単位", "Currency"),
    field(`${P}currency_unit_name`, "S", "通貨単位名", "Currency name"),
    field(`${P}tax_calculation_sequence_id`, "S", "税計算順序", "Tax calculation", {
      enum: values(["0", "商品合計に課税", "Tax on goods total"], ["1", "単価ごとに課税", "Tax from unit price"]),
    }),
    field(`${P}type_id`, "S", "後払い決済サイトID", "Deferred-payment site ID"),
    field(`${P}deleted_flag`, "S", "削除フラグ", "Deleted", { enum: DELETED_FLAG, format: "flag" }),
    ...auditFields(P, { nullSafe: true }),
  ],
};
