"use client";
// Order settings: payment/delivery conversions, delivery-method items and order grouping tags
// (`/api_v1_receiveorder_paymentdeliveryconvert`, `_forwardingagent`, `_groupingtag`).
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { forwardingAgent } from "@/lib/ne/registry/resources/forwarding-agent";
import { paymentDeliveryConvert } from "@/lib/ne/registry/resources/payment-delivery-convert";
import { receiveOrderGroupingTag } from "@/lib/ne/registry/resources/receive-order-grouping-tag";
import { auditGroupFields } from "./audit";
import { masterSearch, masterTexts } from "./master-grid";

const C = "payment_delivery_convert_";
const F = "forwarding_agent_";
const G = "grouping_tag_";

export const paymentDeliveryConversionsGrid = defineGrid({
  id: "payment-delivery-conversions",
  resource: paymentDeliveryConvert,
  texts: masterTexts("payment-delivery-conversions"),
  defaultColumns: [`${C}text`, `${C}type`, `${C}multi_id`, `${C}delivery_id`, `${C}deleted_flag`, `${C}last_modified_date`],
  quickFilters: [masterSearch(`${C}text`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${C}text`, `${C}type`, `${C}multi_id`, `${C}delivery_id`, `${C}deleted_flag`] },
    { titleKey: "audit", fields: auditGroupFields(C) },
  ],
});

export const PaymentDeliveryConversionsScreen = gridScreen(paymentDeliveryConversionsGrid);

export const forwardingAgentsGrid = defineGrid({
  id: "forwarding-agents",
  resource: forwardingAgent,
  texts: masterTexts("forwarding-agents"),
  defaultColumns: [`${F}id`, `${F}type`, `${F}type_id`, `${F}type_name`, `${F}display_order`, `${F}deleted_flag`],
  quickFilters: [masterSearch(`${F}type_name`, `${F}id`)],
  drawerGroups: [{ titleKey: "summary", fields: [`${F}id`, `${F}type`, `${F}type_id`, `${F}type_name`, `${F}display_order`, `${F}deleted_flag`] }],
});

export const ForwardingAgentsScreen = gridScreen(forwardingAgentsGrid);

export const groupingTagsGrid = defineGrid({
  id: "grouping-tags",
  resource: receiveOrderGroupingTag,
  texts: masterTexts("grouping-tags"),
  defaultColumns: [`${G}id`, `${G}name`, `${G}color`, `${G}str_color`, `${G}memo`],
  quickFilters: [masterSearch(`${G}name`)],
  drawerGroups: [
    { titleKey: "summary", fields: [`${G}id`, `${G}name`, `${G}color`, `${G}str_color`, `${G}memo`] },
    { titleKey: "audit", fields: auditGroupFields(G) },
  ],
});

export const GroupingTagsScreen = gridScreen(groupingTagsGrid);
