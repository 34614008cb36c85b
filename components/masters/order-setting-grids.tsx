"use client";
// Order settings: payment/delivery conversions, delivery-method items and order grouping tags
// (`/api_v1_receiveorder_paymentdeliveryconvert`, `_forwardingagent`, `_groupingtag`).
import type { GridPreferences } from "@/lib/grid/preferences";
import { forwardingAgent } from "@/lib/ne/registry/resources/forwarding-agent";
import { paymentDeliveryConvert } from "@/lib/ne/registry/resources/payment-delivery-convert";
import { receiveOrderGroupingTag } from "@/lib/ne/registry/resources/receive-order-grouping-tag";
import { auditGroupFields } from "./audit";
import { MasterGrid, masterGrid } from "./master-grid";

const C = "payment_delivery_convert_";
const F = "forwarding_agent_";
const G = "grouping_tag_";

const grids = {
  "payment-delivery-conversions": masterGrid({
    id: "payment-delivery-conversions",
    resource: paymentDeliveryConvert,
    base: "/api_v1_receiveorder_paymentdeliveryconvert",
    defaultColumns: [`${C}text`, `${C}type`, `${C}multi_id`, `${C}delivery_id`, `${C}deleted_flag`, `${C}last_modified_date`],
    quickFields: [`${C}text`],
    drawerGroups: [
      { titleKey: "summary", fields: [`${C}text`, `${C}type`, `${C}multi_id`, `${C}delivery_id`, `${C}deleted_flag`] },
      { titleKey: "audit", fields: auditGroupFields(C) },
    ],
  }),
  "forwarding-agents": masterGrid({
    id: "forwarding-agents",
    resource: forwardingAgent,
    base: "/api_v1_receiveorder_forwardingagent",
    defaultColumns: [`${F}id`, `${F}type`, `${F}type_id`, `${F}type_name`, `${F}display_order`, `${F}deleted_flag`],
    quickFields: [`${F}type_name`, `${F}id`],
    drawerGroups: [{ titleKey: "summary", fields: [`${F}id`, `${F}type`, `${F}type_id`, `${F}type_name`, `${F}display_order`, `${F}deleted_flag`] }],
  }),
  "grouping-tags": masterGrid({
    id: "grouping-tags",
    resource: receiveOrderGroupingTag,
    base: "/api_v1_receiveorder_groupingtag",
    defaultColumns: [`${G}id`, `${G}name`, `${G}color`, `${G}str_color`, `${G}memo`],
    quickFields: [`${G}name`],
    drawerGroups: [
      { titleKey: "summary", fields: [`${G}id`, `${G}name`, `${G}color`, `${G}str_color`, `${G}memo`] },
      { titleKey: "audit", fields: auditGroupFields(G) },
    ],
  }),
};

export function OrderSettingGrid({ slug, initialPreferences }: { slug: keyof typeof grids; initialPreferences: GridPreferences | null }) {
  return <MasterGrid slug={slug} definition={grids[slug]} initialPreferences={initialPreferences} />;
}
