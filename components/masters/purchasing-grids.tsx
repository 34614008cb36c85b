"use client";
// Purchasing: supply slips (`/api_v1_supplyorder_base`) and place-order rows (`/api_v1_placeorder_row`).
import type { GridPreferences } from "@/lib/grid/preferences";
import { placeOrderRow } from "@/lib/ne/registry/resources/place-order-row";
import { supplyOrder } from "@/lib/ne/registry/resources/supply-order";
import { auditGroupFields } from "./audit";
import { MasterGrid, masterGrid } from "./master-grid";

const S = "supply_order_";
const P = "place_order_row_";

const grids = {
  "supply-orders": masterGrid({
    id: "supply-orders",
    resource: supplyOrder,
    base: "/api_v1_supplyorder_base",
    defaultColumns: [`${S}id`, `${S}date`, `${S}supplier_id`, `${S}type_name`, `${S}delivery_id`, `${S}correspond_order_id`, `${S}amount`, `${S}status_name`, `${S}deleted_flag`],
    quickFields: [`${S}supplier_id`, `${S}delivery_id`],
    drawerGroups: [
      { titleKey: "summary", fields: [`${S}id`, `${S}date`, `${S}supplier_id`, `${S}type_id`, `${S}type_name`, `${S}status_id`, `${S}status_name`, `${S}deleted_flag`] },
      { titleKey: "delivery", fields: [`${S}delivery_id`, `${S}correspond_order_id`, `${S}original_order_id`] },
      { titleKey: "amounts", fields: [`${S}amount`] },
      { titleKey: "audit", fields: auditGroupFields(S) },
    ],
  }),
  "place-order-rows": masterGrid({
    id: "place-order-rows",
    resource: placeOrderRow,
    base: "/api_v1_placeorder_row",
    defaultColumns: [`${P}place_order_id`, `${P}no`, `${P}goods_id`, `${P}goods_name`, `${P}place_quantity`, `${P}supply_quantity`, `${P}unit_price`, `${P}sub_total_price`, `${P}delivery_date`, `${P}completed_flag`, `${P}cancel_flag`],
    quickFields: [`${P}goods_name`, `${P}goods_id`],
    drawerGroups: [
      { titleKey: "summary", fields: [`${P}place_order_id`, `${P}no`, `${P}type_id`, `${P}type_name`, `${P}receive_order_id`, `${P}receive_order_row_no`, `${P}note`] },
      { titleKey: "goods", fields: [`${P}goods_id`, `${P}goods_name`, `${P}goods_option`, `${P}goods_type_id`, `${P}goods_type_name`] },
      { titleKey: "amounts", fields: [`${P}unit_price`, `${P}place_quantity`, `${P}sub_total_price`, `${P}supply_quantity`] },
      { titleKey: "flags", fields: [`${P}cancel_flag`, `${P}completed_flag`, `${P}confirmed_flag`] },
      { titleKey: "delivery", fields: [`${P}delivery_date`] },
      { titleKey: "audit", fields: auditGroupFields(P) },
    ],
  }),
};

export function PurchasingGrid({ slug, initialPreferences }: { slug: keyof typeof grids; initialPreferences: GridPreferences | null }) {
  return <MasterGrid slug={slug} definition={grids[slug]} initialPreferences={initialPreferences} />;
}
