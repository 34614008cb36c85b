"use client";
// The filters shop staff use every day, one click away: order status (spec 3.1, several at
// once), shop, order date range, payment method, delivery method, cancel state, and a search of
// purchaser name or order number. They write the same URL filters as the filter builder.
import { useTranslations } from "next-intl";
import { useId } from "react";
import { ChoiceFilter } from "@/components/catalog/choice-filter";
import { KeywordFilter } from "@/components/catalog/keyword-filter";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { OrderStatusDot } from "./order-status-dot";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { filterKey, filterValues, findFilter, validateFilter, type GridFilter } from "@/lib/grid/filters";
import type { Choice } from "@/lib/query/choices";
import type { ChoicesSource } from "@/lib/query/choice-types";
import { CHOICES } from "@/lib/ne/registry/choice-sources";
import { ORDER_STATUS, receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import type { Operator } from "@/lib/ne/registry/types";

const P = "receive_order_";
const STATUS = `${P}order_status_id`;
const SHOP = `${P}shop_id`;
const DATE = `${P}date`;
const PAYMENT = `${P}payment_method_id`;
const DELIVERY = `${P}delivery_id`;
const CANCEL = `${P}cancel_type_id`;
const KEYWORD_FIELDS = [`${P}purchaser_name`, `${P}shop_cut_form_id`] as const;

/** Delivery methods: ids from the delivery-method items, named by their service types. */
export const DELIVERY_CHOICES: ChoicesSource = {
  path: "/api_v1_receiveorder_forwardingagent/search",
  valueField: "forwarding_agent_id",
  labelField: "forwarding_agent_type_name",
  conditions: [{ field: "forwarding_agent_type", op: "eq", value: "binsyu_kbn" }],
};

const key = (field: string, op: Operator) => filterKey({ field, op });
const valid = (f: GridFilter) => validateFilter(receiveOrder, f);

export function OrderQuickFilters({ filters, setFilters, locale }: QuickFiltersProps) {
  const t = useTranslations("orders.quick");
  // Orders' choice panels are a little wider: shop and delivery names run long.
  const shared = { resource: receiveOrder, filters, setFilters, panelClassName: "w-80" };
  const statusChoices: Choice[] = ORDER_STATUS.map((s) => ({ value: s.value, label: s.label[locale], userContent: false }));
  return (
    <div role="group" aria-label={t("label")} className="flex flex-wrap items-center gap-2">
      <ChoiceFilter
        {...shared}
        label={t("status")}
        field={STATUS}
        staticChoices={statusChoices}
        decorate={(c) => <OrderStatusDot status={c.value} />}
        locale={locale}
      />
      <ChoiceFilter {...shared} label={t("shop")} field={SHOP} source={CHOICES.shop} locale={locale} />
      <DateRange filters={filters} setFilters={setFilters} />
      <ChoiceFilter {...shared} label={t("payment")} field={PAYMENT} source={CHOICES.paymentMethod} locale={locale} />
      <ChoiceFilter {...shared} label={t("delivery")} field={DELIVERY} source={DELIVERY_CHOICES} locale={locale} />
      <CancelFilter filters={filters} setFilters={setFilters} />
      <KeywordFilter
        resource={receiveOrder}
        targets={[
          { field: KEYWORD_FIELDS[0], label: t("purchaser") },
          { field: KEYWORD_FIELDS[1], label: t("orderNumber") },
        ]}
        label={t("keyword")}
        filters={filters}
        setFilters={setFilters}
      />
    </div>
  );
}

type Setter = Pick<QuickFiltersProps, "filters" | "setFilters">;

function dayOf(filter: GridFilter | undefined): string {
  const v = filterValues(filter)[0] ?? "";
  return /^\d{4}-\d{2}-\d{2}/.test(v) ? v.slice(0, 10) : "";
}

function DateRange({ filters, setFilters }: Setter) {
  const t = useTranslations("orders.quick");
  const id = useId();
  const from = dayOf(findFilter(filters, DATE, "gte"));
  const to = dayOf(findFilter(filters, DATE, "lte"));
  const set = (op: "gte" | "lte", day: string) => {
    const next = day ? valid({ field: DATE, op, value: day }) : null;
    setFilters([key(DATE, op)], next ? [next] : []);
  };
  const input = "h-7 rounded bg-transparent px-1 text-sm tabular-nums dark:[color-scheme:dark]";
  return (
    <fieldset className="flex h-8 items-center gap-1 rounded-md border border-ink-200 bg-ink-0 pr-1 pl-2.5 shadow-xs dark:border-ink-700 dark:bg-ink-850">
      <legend className="sr-only">{t("date")}</legend>
      <span aria-hidden="true" className="text-xs font-medium whitespace-nowrap text-ink-800 dark:text-ink-100">
        {t("date")}
      </span>
      <label htmlFor={`${id}-from`} className="sr-only">
        {t("dateFrom")}
      </label>
      <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => set("gte", e.target.value)} className={input} />
      <span aria-hidden="true" className="text-ink-600 dark:text-ink-300">
        –
      </span>
      <label htmlFor={`${id}-to`} className="sr-only">
        {t("dateTo")}
      </label>
      <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => set("lte", e.target.value)} className={input} />
    </fieldset>
  );
}

type CancelState = "all" | "valid" | "canceled";

function CancelFilter({ filters, setFilters }: Setter) {
  const t = useTranslations("orders.quick");
  const state: CancelState = findFilter(filters, CANCEL, "eq")?.value === "0" ? "valid" : findFilter(filters, CANCEL, "neq")?.value === "0" ? "canceled" : "all";
  return (
    <ToggleGroup<CancelState>
      label={t("cancel")}
      value={state}
      options={[
        { value: "all", label: t("cancelAll") },
        { value: "valid", label: t("cancelValid") },
        { value: "canceled", label: t("cancelCanceled") },
      ]}
      onValueChange={(next) => {
        const keys = [key(CANCEL, "eq"), key(CANCEL, "neq")];
        if (next === "all") setFilters(keys, []);
        else setFilters(keys, [{ field: CANCEL, op: next === "valid" ? "eq" : "neq", value: "0" }]);
      }}
    />
  );
}

