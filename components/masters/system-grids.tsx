"use client";
// Shops, malls, warehouses, wholesale customers and the upload queue (`/api_v1_master_shop`,
// `/api_v1_system_mall`, `/api_v1_warehouse_base`, `/api_v1_master_wholesale`, `/api_v1_system_que`).
// The queue's status is a labelled badge (registry enum); the grid has no sort, so rows come in the
// API's order (queue id ascending).
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { mall } from "@/lib/ne/registry/resources/mall";
import { shop } from "@/lib/ne/registry/resources/shop";
import { systemQue } from "@/lib/ne/registry/resources/system-que";
import { warehouse } from "@/lib/ne/registry/resources/warehouse";
import { wholesale } from "@/lib/ne/registry/resources/wholesale";
import { auditGroupFields } from "./audit";
import { masterSearch, masterTexts } from "./master-grid";

const SH = "shop_";
const M = "mall_";
const W = "warehouse_";
const WS = "wholesale_";
const Q = "que_";

export const shopsGrid = defineGrid({
  id: "shops",
  resource: shop,
  texts: masterTexts("shops"),
  defaultColumns: [`${SH}id`, `${SH}name`, `${SH}abbreviated_name`, `${SH}mall_id`, `${SH}currency_unit_name`, `${SH}close_date`, `${SH}deleted_flag`],
  quickFilters: [masterSearch(`${SH}name`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${SH}id`, `${SH}name`, `${SH}kana`, `${SH}abbreviated_name`, `${SH}handling_goods_name`, `${SH}mall_id`, `${SH}close_date`, `${SH}note`, `${SH}deleted_flag`] },
    { titleKey: "payment", fields: [`${SH}authorization_type_id`, `${SH}authorization_type_name`, `${SH}type_id`, `${SH}currency_unit_id`, `${SH}currency_unit_name`] },
    { titleKey: "amounts", fields: [`${SH}tax_id`, `${SH}tax_name`, `${SH}tax_calculation_sequence_id`] },
    { titleKey: "audit", fields: auditGroupFields(SH) },
  ],
});

export const ShopsScreen = gridScreen(shopsGrid);

export const mallsGrid = defineGrid({
  id: "malls",
  resource: mall,
  texts: masterTexts("malls"),
  defaultColumns: [`${M}id`, `${M}name`, `${M}kana`, `${M}country_id`, `${M}note`, `${M}deleted_flag`],
  quickFilters: [masterSearch(`${M}name`)],
  drawerGroups: [{ titleKey: "summary", fields: [`${M}id`, `${M}name`, `${M}kana`, `${M}country_id`, `${M}note`, `${M}deleted_flag`] }],
});

export const MallsScreen = gridScreen(mallsGrid);

export const warehousesGrid = defineGrid({
  id: "warehouses",
  resource: warehouse,
  texts: masterTexts("warehouses"),
  defaultColumns: [`${W}id`, `${W}name`, `${W}last_modified_date`],
  quickFilters: [masterSearch(`${W}name`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${W}id`, `${W}name`] },
    { titleKey: "audit", fields: auditGroupFields(W) },
  ],
});

export const WarehousesScreen = gridScreen(warehousesGrid);

export const wholesaleGrid = defineGrid({
  id: "wholesale",
  resource: wholesale,
  texts: masterTexts("wholesale"),
  defaultColumns: [`${WS}id`, `${WS}name`, `${WS}phone`, `${WS}payment_method_id`, `${WS}delivery_name`, `${WS}retail_ratio`, `${WS}closing_day`, `${WS}deleted_flag`],
  quickFilters: [masterSearch(`${WS}name`, `${WS}id`)],
  // The customer names its delivery method itself (the drawer shows the name, an export writes it).
  rowNames: { [`${WS}delivery_id`]: `${WS}delivery_name` },
  drawerGroups: [
    {
      titleKey: "summary",
      fields: [`${WS}id`, `${WS}name`, `${WS}kana`, `${WS}post_name`, `${WS}zip_code`, `${WS}address1`, `${WS}address2`, `${WS}phone`, `${WS}fax`, `${WS}mail_address`, `${WS}note`, `${WS}deleted_flag`],
    },
    {
      titleKey: "consignee",
      fields: [`${WS}destination_no`, `${WS}destination_pic_name`, `${WS}destination_pic_kana`, `${WS}destination_zip_code`, `${WS}destination_address1`, `${WS}destination_address2`, `${WS}destination_phone`],
    },
    { titleKey: "payment", fields: [`${WS}payment_method_id`, `${WS}payment_method_name`, `${WS}retail_ratio`, `${WS}credit_line_price`, `${WS}closing_day`] },
    { titleKey: "delivery", fields: [`${WS}delivery_id`, `${WS}delivery_name`] },
    { titleKey: "audit", fields: auditGroupFields(WS) },
  ],
});

export const WholesaleScreen = gridScreen(wholesaleGrid);

export const uploadQueueGrid = defineGrid({
  id: "upload-queue",
  resource: systemQue,
  texts: masterTexts("upload-queue"),
  defaultColumns: [`${Q}id`, `${Q}status_id`, `${Q}method_name`, `${Q}upload_name`, `${Q}client_file_name`, `${Q}message`, `${Q}creation_date`, `${Q}last_modified_date`],
  quickFilters: [masterSearch(`${Q}client_file_name`, `${Q}upload_name`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${Q}id`, `${Q}status_id`, `${Q}message`, `${Q}method_name`, `${Q}shop_id`, `${Q}upload_name`, `${Q}client_file_name`, `${Q}file_name`, `${Q}deleted_flag`] },
    { titleKey: "audit", fields: auditGroupFields(Q) },
  ],
});

export const UploadQueueScreen = gridScreen(uploadQueueGrid);
