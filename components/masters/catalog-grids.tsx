"use client";
// Goods-side masters: set goods (`/api_v1_master_setgoods`) and goods tags (`/api_v1_master_goodstag`).
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { goodsTag } from "@/lib/ne/registry/resources/goods-tag";
import { setGoods } from "@/lib/ne/registry/resources/set-goods";
import { auditGroupFields } from "./audit";
import { masterSearch, masterTexts } from "./master-grid";

const S = "set_goods_";
const T = "goods_tag_";

export const setGoodsGrid = defineGrid({
  id: "set-goods",
  resource: setGoods,
  texts: masterTexts("set-goods"),
  defaultColumns: [`${S}id`, `${S}name`, `${S}detail_goods_id`, `${S}detail_quantity`, `${S}selling_price`, `${S}representation_id`, `${S}tax_id`, `${S}last_modified_date`],
  quickFilters: [masterSearch(`${S}name`, `${S}id`, `${S}detail_goods_id`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${S}id`, `${S}name`, `${S}representation_id`, `${S}jan_code`, `${S}model_number`, `${S}foreign_name`] },
    { titleKey: "goods", fields: [`${S}detail_goods_id`, `${S}detail_quantity`, `${S}brand_name`, `${S}maker_name`, `${S}maker_model_number`, `${S}color`, `${S}size`, `${S}location`, `${S}condition_id`, `${S}condition_description`] },
    { titleKey: "amounts", fields: [`${S}selling_price`, `${S}display_price`, `${S}tax_id`, `${S}tax_rate`] },
    { titleKey: "delivery", fields: [`${S}width`, `${S}length`, `${S}height`, `${S}weight`, `${S}same_day_delivery_id`, `${S}option_noshi_id`, `${S}gift_ok_flg`] },
    { titleKey: "audit", fields: [`${S}first_time_sold_date`, `${S}last_time_sold_date`, ...auditGroupFields(S)] },
  ],
});

export const SetGoodsScreen = gridScreen(setGoodsGrid);

export const goodsTagsGrid = defineGrid({
  id: "goods-tags",
  resource: goodsTag,
  texts: masterTexts("goods-tags"),
  defaultColumns: [`${T}goods_id`, `${T}name`, `${T}deleted_flag`, `${T}last_modified_date`],
  quickFilters: [masterSearch(`${T}name`, `${T}goods_id`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${T}goods_id`, `${T}name`, `${T}deleted_flag`] },
    { titleKey: "audit", fields: auditGroupFields(T) },
  ],
});

export const GoodsTagsScreen = gridScreen(goodsTagsGrid);
