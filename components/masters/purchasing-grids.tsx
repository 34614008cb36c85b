"use client";
// Purchasing: supply slips (`/api_v1_supplyorder_base`) and place-order rows (`/api_v1_placeorder_row`).
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { placeOrderRow } from "@/lib/ne/registry/resources/place-order-row";
import { supplyOrder } from "@/lib/ne/registry/resources/supply-order";
import { auditGroupFields } from "./audit";
import { masterSearch, masterTexts } from "./master-grid";

const S = "supply_order_";
const P = "place_order_row_";

export const supplyOrdersGrid = defineGrid({
  id: "supply-orders",
  resource: supplyOrder,
  texts: masterTexts("supply-orders"),
  defaultColumns: [`${S}id`, `${S}date`, `${S}supplier_id`, `${S}type_name`, `${S}delivery_id`, `${S}correspond_order_id`, `${S}amount`, `${S}status_name`, `${S}deleted_flag`],
  quickFilters: [masterSearch(`${S}supplier_id`, `${S}delivery_id`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${S}id`, `${S}date`, `${S}supplier_id`, `${S}type_id`, `${S}type_name`, `${S}status_id`, `${S}status_name`, `${S}deleted_flag`] },
    { titleKey: "delivery", fields: [`${S}delivery_id`, `${S}correspond_order_id`, `${S}original_order_id`] },
    { titleKey: "amounts", fields: [`${S}amount`] },
    { titleKey: "audit", fields: auditGroupFields(S) },
  ],
});

export const SupplyOrdersScreen = gridScreen(supplyOrdersGrid);

export const placeOrderRowsGrid = defineGrid({
  id: "place-order-rows",
  resource: placeOrderRow,
  texts: masterTexts("place-order-rows"),
  defaultColumns: [`${P}place_order_id`, `${P}no`, `${P}goods_id`, `${P}goods_name`, `${P}place_quantity`, `${P}supply_quantity`, `${P}unit_price`, `${P}sub_total_price`, `${P}delivery_date`, `${P}completed_flag`, `${P}cancel_flag`],
  quickFilters: [masterSearch(`${P}goods_name`, `${P}goods_id`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${P}place_order_id`, `${P}no`, `${P}type_id`, `${P}type_name`, `${P}receive_order_id`, `${P}receive_order_row_no`, `${P}note`] },
    { titleKey: "goods", fields: [`${P}goods_id`, `${P}goods_name`, `${P}goods_option`, `${P}goods_type_id`, `${P}goods_type_name`] },
    { titleKey: "amounts", fields: [`${P}unit_price`, `${P}place_quantity`, `${P}sub_total_price`, `${P}supply_quantity`] },
    { titleKey: "flags", fields: [`${P}cancel_flag`, `${P}completed_flag`, `${P}confirmed_flag`] },
    { titleKey: "delivery", fields: [`${P}delivery_date`] },
    { titleKey: "audit", fields: auditGroupFields(P) },
  ],
});

export const PlaceOrderRowsScreen = gridScreen(placeOrderRowsGrid);
