"use client";
// The goods master grid (/goods, `/api_v1_master_goods/search`, spec 2.7): code, name, type and
// handling class (translated classification names), prices, stock and supplier; quick filters (a
// search by code or name, either by default, or by JAN code, type, handling class, shown or
// hidden); a drawer grouping the master's fields with the goods' tags below, fetched when the
// drawer opens, and links to the goods' stock, stock by warehouse and images.
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { lazyComponent } from "@/components/ui/lazy-component";
import { filteredHref } from "@/lib/grid/links";
import { goods } from "@/lib/ne/registry/resources/goods";
import { goodsImage } from "@/lib/ne/registry/resources/goods-image";
import { stock } from "@/lib/ne/registry/resources/stock";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";

import { goodsImagesJoinQuery } from "@/components/stock/goods-join";
import { TWO_LINE_ROW_HEIGHT, goodsNameCell } from "./goods-name-cell";

const GoodsTagsSection = lazyComponent(() => import("./goods-tags-section"));

const P = "goods_";

export const goodsGrid = defineGrid({
  id: "goods",
  resource: goods,
  texts: "goods",
  // The stock and images of the goods shown: a goods code filter carries as it is, any other
  // (name, type...) as the codes of this page or of the rows selected.
  links: [
    { href: "/stock", label: "goods.toStock", carry: { target: stock, fields: { [`${P}id`]: "stock_goods_id" }, key: { from: `${P}id`, to: "stock_goods_id" } } },
    {
      href: "/images",
      label: "goods.toImages",
      carry: { target: goodsImage, fields: { [`${P}id`]: "goods_image_goods_id" }, key: { from: `${P}id`, to: "goods_image_goods_id" } },
    },
  ],
  // One goods' stock, stock by warehouse and images.
  drawerLinks: (record) => {
    const code = record[`${P}id`];
    if (!code) return [];
    return [
      { href: filteredHref("/stock", stock, [{ field: "stock_goods_id", op: "eq", value: code }]), label: "goods.toStock" },
      { href: filteredHref("/stock/warehouses", warehouseStock, [{ field: "warehouse_stock_goods_id", op: "eq", value: code }]), label: "goods.toWarehouseStock" },
      { href: filteredHref("/images", goodsImage, [{ field: "goods_image_goods_id", op: "eq", value: code }]), label: "goods.toImages" },
    ];
  },
  defaultColumns: [
    `${P}id`,
    `${P}name`,
    `${P}type_id`,
    `${P}merchandise_id`,
    `${P}status_name`,
    `${P}selling_price`,
    `${P}cost_price`,
    `${P}display_price`,
    "stock_quantity",
    "supplier_name",
    `${P}visible_flag`,
  ],
  // The name over two lines beside the goods' first image: one image search per page, once the
  // rows are in (the names are the rows' own).
  cells: { [`${P}name`]: goodsNameCell },
  pageJoin: { query: goodsImagesJoinQuery(`${P}id`) },
  rowHeight: TWO_LINE_ROW_HEIGHT,
  // A phone's card: the goods code, its name and price.
  summary: [`${P}name`, `${P}selling_price`],
  quickFilters: [
    {
      kind: "keyword",
      label: "goods.quick.keyword",
      // A person types a code, a name or a JAN: by default the search finds any of them.
      anyOf: { label: "goods.quick.codeOrName", fields: [`${P}id`, `${P}name`, `${P}jan_code`] },
      targets: [
        { field: `${P}id`, label: "goods.quick.goodsId" },
        { field: `${P}name`, label: "goods.quick.goodsName" },
        { field: `${P}jan_code`, label: "goods.quick.janCode" },
      ],
    },
    { kind: "choice", field: `${P}type_id`, label: "goods.quick.type" },
    { kind: "choice", field: `${P}merchandise_id`, label: "goods.quick.merchandise" },
    {
      kind: "toggle",
      field: `${P}visible_flag`,
      label: "goods.quick.visible",
      options: [
        { value: "all", label: "catalog.quick.all", filter: null },
        { value: "shown", label: "goods.quick.shown", filter: { op: "eq", value: "1" } },
        { value: "hidden", label: "goods.quick.hidden", filter: { op: "eq", value: "0" } },
      ],
    },
  ],
  drawerGroups: [
    {
      titleKey: "summary",
      fields: [`${P}id`, `${P}representation_id`, `${P}name`, `${P}foreign_name`, `${P}type_id`, `${P}merchandise_id`, `${P}status_name`, `${P}condition_id`, `${P}visible_flag`, `${P}note`, `${P}deleted_flag`],
    },
    {
      titleKey: "amounts",
      fields: [`${P}selling_price`, `${P}cost_price`, `${P}display_price`, `${P}foreign_selling_price`, `${P}tax_rate`, `${P}tax_id`, `${P}wholesale_retail_ratio`],
    },
    {
      titleKey: "stock",
      fields: ["stock_quantity", `${P}stock_management_flag`, `${P}stock_constant`, `${P}order_point`, `${P}lot`, `${P}stock_wholesale_quantity`, `${P}stock_alert_mail_threshold`, `${P}location`],
    },
    {
      titleKey: "maker",
      fields: [`${P}supplier_id`, "supplier_name", `${P}maker_name`, `${P}maker_kana`, `${P}brand_name`, `${P}model_number`, `${P}maker_model_number`, `${P}jan_code`, `${P}color`, `${P}size`],
    },
    {
      titleKey: "delivery",
      fields: [`${P}delivery_name`, `${P}forwarding_method_id`, `${P}delivery_mail_flag`, `${P}delivery_mail_maximum_quality`, `${P}gift_ok_flg`, `${P}option_noshi_id`, `${P}same_day_delivery_id`, `${P}weight`, `${P}width`, `${P}length`, `${P}height`],
    },
    {
      titleKey: "dates",
      fields: [`${P}release_date`, `${P}publication_date`, `${P}first_available_date`, `${P}last_available_date`, `${P}first_time_sold_date`, `${P}last_time_sold_date`, `${P}first_time_supplied_date`, `${P}last_time_supplied_date`],
    },
    { titleKey: "audit", fields: [`${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`] },
  ],
  // The tags once: as the tags section's chips (the goods tag master), not also as the master's
  // bracketed `goods_tag` text.
  drawerOmit: [`${P}tag`],
  drawerExtra: GoodsTagsSection,
});

export const GoodsScreen = gridScreen(goodsGrid);
