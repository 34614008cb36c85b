"use client";
// The order slips grid (/orders): spec 2.5 fields from the registry, quick filters (status, shop,
// order date, payment and delivery method, cancel state, one forgiving search box for customers and
// orders), grouping tag
// chips, a cancel badge, and a drawer grouping the slip's fields with its rows below.
import { defineGrid } from "@/components/data-grid/define-grid";
import { gridScreen } from "@/components/data-grid/grid-screen";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { ChoicesSource } from "@/lib/query/choice-types";
import { ORDER_SEARCH_KEYS } from "@/lib/grid/forgiving-keys";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import { WORK_QUEUES, queueFilters, withQueue } from "@/lib/orders/work-queues";
import { CancelCell, cancelText } from "./cancel-cell";
import { GroupingTagChips } from "./grouping-tag-chips";
import { MailStatusCell, mailStatusText } from "./mail-status-cell";
import { OrderStatusDot } from "./order-status-dot";
import { orderRowsQueries } from "./order-rows-queries";

const OrderRowsSection = lazyComponent(() => import("./order-rows-section"));

const P = "receive_order_";

/** Delivery methods: ids from the delivery-method items, named by their service types. */
const DELIVERY_CHOICES: ChoicesSource = {
  path: "/api_v1_receiveorder_forwardingagent/search",
  valueField: "forwarding_agent_id",
  labelField: "forwarding_agent_type_name",
  conditions: [{ field: "forwarding_agent_type", op: "eq", value: "binsyu_kbn" }],
};

export const ordersGrid = defineGrid({
  id: "orders",
  resource: receiveOrder,
  texts: "orders",
  // The rows of the slips shown: the slip and order numbers carry as they are; any other filter
  // (shop, status, date...) as the slip numbers of this page or of the rows selected.
  links: [
    {
      href: "/order-rows",
      label: "orders.toRows",
      carry: {
        target: receiveOrderRow,
        fields: { [`${P}id`]: "receive_order_row_receive_order_id", [`${P}shop_cut_form_id`]: "receive_order_row_shop_cut_form_id" },
        key: { from: `${P}id`, to: "receive_order_row_receive_order_id" },
      },
    },
  ],
  // What staff read first, fitting a 1440 px screen without sideways scrolling in Japanese and
  // English (e2e/columns-words): the order number, grouping tags, payment and delivery methods are
  // a column-chooser click away and in the drawer; the order number is found by the search box.
  defaultColumns: [`${P}id`, `${P}date`, `${P}shop_id`, `${P}order_status_id`, `${P}purchaser_name`, `${P}total_amount`, `${P}cancel_type_id`],
  // A phone's card: the slip number and its status, then date, purchaser and total.
  summary: [`${P}date`, `${P}purchaser_name`, `${P}total_amount`],
  status: `${P}order_status_id`,
  cells: {
    [`${P}gruoping_tag`]: { render: GroupingTagChips },
    [`${P}cancel_type_id`]: { render: CancelCell, needs: [`${P}cancel_type_name`], text: cancelText },
    [`${P}mail_status`]: { render: MailStatusCell, text: mailStatusText },
  },
  // The slip names its delivery method and cancel type itself: every method, those without items
  // in the delivery-method list (8, pick-up at the shop) too.
  rowNames: { [`${P}delivery_id`]: `${P}delivery_name`, [`${P}cancel_type_id`]: `${P}cancel_type_name` },
  choices: { [`${P}delivery_id`]: DELIVERY_CHOICES },
  // NextEngine's work queues (lib/orders/work-queues.ts) as the first row of tabs: `?queue=kakunin`.
  tabs: {
    label: "workQueues.label",
    allLabel: "workQueues.all",
    note: "workQueues.countsNote",
    items: WORK_QUEUES.map((q) => ({ id: q.id, label: q.label, filters: (now: Date) => queueFilters(q, now) })),
    merge: withQueue,
  },
  // Orders' choice panels are wider: shop and delivery names run long.
  quickFilters: [
    { kind: "choice", field: `${P}order_status_id`, label: "orders.quick.status", decorate: (c) => <OrderStatusDot status={c.value} />, wide: true },
    { kind: "choice", field: `${P}shop_id`, label: "orders.quick.shop", wide: true },
    { kind: "dateRange", field: `${P}date` },
    { kind: "choice", field: `${P}payment_method_id`, label: "orders.quick.payment", wide: true },
    { kind: "choice", field: `${P}delivery_id`, label: "orders.quick.delivery", wide: true },
    {
      kind: "toggle",
      field: `${P}cancel_type_id`,
      label: "orders.quick.cancel",
      options: [
        { value: "all", label: "orders.quick.cancelAll", filter: null },
        { value: "valid", label: "orders.quick.cancelValid", filter: { op: "eq", value: "0" } },
        { value: "canceled", label: "orders.quick.cancelCanceled", filter: { op: "neq", value: "0" } },
      ],
    },
    // One box for customers and orders: slip and order numbers, names with or without a space,
    // kana, phones with or without hyphens, email (lib/grid/forgiving-search.ts).
    { kind: "forgiving", label: "forgivingSearch.orders.label", placeholder: "forgivingSearch.orders.placeholder", search: "orders", keys: ORDER_SEARCH_KEYS },
  ],
  extensionExecutionId: true,
  drawerGroups: [
    {
      titleKey: "summary",
      fields: [`${P}id`, `${P}shop_id`, `${P}shop_cut_form_id`, `${P}date`, `${P}import_date`, `${P}order_status_id`, `${P}gruoping_tag`, `${P}cancel_type_id`, `${P}cancel_date`, `${P}note`],
    },
    {
      titleKey: "amounts",
      fields: [`${P}goods_amount`, `${P}tax_amount`, `${P}charge_amount`, `${P}delivery_fee_amount`, `${P}other_amount`, `${P}point_amount`, `${P}total_amount`],
    },
    {
      titleKey: "payment",
      fields: [`${P}payment_method_id`, `${P}deposit_amount`, `${P}deposit_type_name`, `${P}deposit_date`, `${P}credit_type_id`, `${P}credit_approval_no`, `${P}credit_approval_amount`, `${P}credit_approval_date`, `${P}credit_number_payments`],
    },
    {
      titleKey: "delivery",
      fields: [`${P}delivery_id`, `${P}delivery_name`, `${P}delivery_method_name`, `${P}hope_delivery_date`, `${P}hope_delivery_time_slot_name`, `${P}send_plan_date`, `${P}send_date`, `${P}delivery_cut_form_id`, `${P}temperature_name`, `${P}business_office_stop_name`, `${P}invoice_name`, `${P}picking_instruct`],
    },
    {
      titleKey: "purchaser",
      fields: [`${P}purchaser_name`, `${P}purchaser_kana`, `${P}purchaser_zip_code`, `${P}purchaser_address1`, `${P}purchaser_address2`, `${P}purchaser_tel`, `${P}purchaser_mail_address`, `${P}customer_type_name`, `${P}customer_id`],
    },
    {
      titleKey: "consignee",
      fields: [`${P}consignee_name`, `${P}consignee_kana`, `${P}consignee_zip_code`, `${P}consignee_address1`, `${P}consignee_address2`, `${P}consignee_tel`],
    },
    {
      titleKey: "flags",
      fields: [`${P}important_check_id`, `${P}confirm_check_id`, `${P}gift_flag`, `${P}label_print_flag`, `${P}multi_delivery_parent_flag`, `${P}import_type_id`, `${P}mail_status`, `${P}deleted_flag`],
    },
    {
      titleKey: "audit",
      fields: [`${P}pic_name`, `${P}send_pic_name`, `${P}creation_date`, `${P}creator_name`, `${P}last_modified_date`, `${P}last_modified_by_name`],
    },
  ],
  drawerExtra: OrderRowsSection,
  drawerQueries: (slip) => Object.values(orderRowsQueries(slip)),
});

export const OrdersScreen = gridScreen(ordersGrid);
