"use client";
// The filters shop staff use every day, one click away: order status (spec 3.1, several at
// once), shop, order date range, payment method, delivery method, cancel state, and a search of
// purchaser name or order number. They write the same URL filters as the filter builder.
import { ChevronDown, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { ChoiceList } from "@/components/data-grid/choice-list";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { Popover } from "@/components/data-grid/popover";
import { TONES, ORDER_STATUS_TONES } from "@/components/data-grid/badge-tones";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { filterKey, filterValues, findFilter, validateFilter, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { useChoices, type Choice } from "@/lib/query/choices";
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
  const statusChoices: Choice[] = ORDER_STATUS.map((s) => ({ value: s.value, label: s.label[locale], userContent: false }));
  return (
    <div role="group" aria-label={t("label")} className="flex flex-wrap items-center gap-2">
      <ChoiceFilter
        label={t("status")}
        field={STATUS}
        filters={filters}
        setFilters={setFilters}
        staticChoices={statusChoices}
        decorate={(c) => <span aria-hidden="true" className={cn("size-2.5 shrink-0 rounded-full ring-1", TONES[ORDER_STATUS_TONES[c.value] ?? "slate"])} />}
        locale={locale}
      />
      <ChoiceFilter label={t("shop")} field={SHOP} filters={filters} setFilters={setFilters} source={CHOICES.shop} locale={locale} />
      <DateRange filters={filters} setFilters={setFilters} />
      <ChoiceFilter label={t("payment")} field={PAYMENT} filters={filters} setFilters={setFilters} source={CHOICES.paymentMethod} locale={locale} />
      <ChoiceFilter label={t("delivery")} field={DELIVERY} filters={filters} setFilters={setFilters} source={DELIVERY_CHOICES} locale={locale} />
      <CancelFilter filters={filters} setFilters={setFilters} />
      <KeywordFilter key={KEYWORD_FIELDS.map((f) => filterValues(findFilter(filters, f, "like")).join()).join("|")} filters={filters} setFilters={setFilters} />
    </div>
  );
}

type Setter = Pick<QuickFiltersProps, "filters" | "setFilters">;

function ChoiceFilter({
  label,
  field,
  filters,
  setFilters,
  source,
  staticChoices,
  decorate,
  locale,
}: Setter & {
  label: string;
  field: string;
  source?: ChoicesSource;
  staticChoices?: Choice[];
  decorate?: (choice: Choice) => ReactNode;
  locale: GridLocale;
}) {
  const t = useTranslations("orders.quick");
  const current = filterValues(findFilter(filters, field, "in"));
  const [opened, setOpened] = useState(false);
  const fetched = useChoices(source, locale, opened);
  const choices = staticChoices ?? fetched.choices;
  const [draft, setDraft] = useState<string[]>(current);
  return (
    <Popover
      button={
        <>
          {label}
          {current.length ? (
            <span className="rounded-full bg-brand-600 px-1.5 text-[11px] leading-4 font-semibold text-white dark:bg-brand-400 dark:text-ink-950">{current.length}</span>
          ) : null}
          <ChevronDown aria-hidden="true" />
        </>
      }
      buttonLabel={current.length ? t("withCount", { label, count: current.length }) : undefined}
      pressed={current.length > 0}
      panelLabel={label}
      panelClassName="w-80"
      onOpenChange={(open) => {
        if (open) {
          setOpened(true);
          setDraft(current);
        }
      }}
    >
      {(close) => (
        <div className="flex flex-col gap-3">
          <ChoiceList legend={label} choices={choices} selected={draft} onChange={setDraft} isLoading={!staticChoices && fetched.isLoading} isError={!staticChoices && fetched.isError} decorate={decorate} />
          <div className="flex justify-between gap-2">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                setFilters([key(field, "in")], []);
                close();
              }}
            >
              {t("clear")}
            </Button>
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                const next = draft.length ? valid({ field, op: "in", value: draft }) : null;
                setFilters([key(field, "in"), key(field, "eq")], next ? [next] : []);
                close();
              }}
            >
              {t("apply")}
            </Button>
          </div>
        </div>
      )}
    </Popover>
  );
}

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

function KeywordFilter({ filters, setFilters }: Setter) {
  const t = useTranslations("orders.quick");
  const id = useId();
  const active = KEYWORD_FIELDS.find((f) => findFilter(filters, f, "like"));
  const activeValue = active ? (filterValues(findFilter(filters, active, "like"))[0] ?? "") : "";
  const [target, setTarget] = useState<(typeof KEYWORD_FIELDS)[number]>(active ?? KEYWORD_FIELDS[0]);
  const [text, setText] = useState(activeValue.replace(/^%|%$/g, ""));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const keys = KEYWORD_FIELDS.map((f) => key(f, "like"));
    const next = text.trim() ? valid({ field: target, op: "like", value: text.trim() }) : null;
    setFilters(keys, next ? [next] : []);
  };
  return (
    <form role="search" aria-label={t("keyword")} onSubmit={submit} className="flex items-center">
      <label htmlFor={`${id}-target`} className="sr-only">
        {t("keywordTarget")}
      </label>
      <select
        id={`${id}-target`}
        value={target}
        onChange={(e) => setTarget(e.target.value as (typeof KEYWORD_FIELDS)[number])}
        className="h-8 rounded-l-md border border-ink-300 bg-ink-50 px-2 text-xs font-medium text-ink-800 dark:border-ink-600 dark:bg-ink-800 dark:text-ink-100"
      >
        <option value={KEYWORD_FIELDS[0]}>{t("purchaser")}</option>
        <option value={KEYWORD_FIELDS[1]}>{t("orderNumber")}</option>
      </select>
      <label htmlFor={`${id}-text`} className="sr-only">
        {t("keyword")}
      </label>
      <input
        id={`${id}-text`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={t("keyword")}
        className="h-8 w-40 border-y border-ink-300 bg-ink-0 px-2 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400"
      />
      <Button type="submit" size="icon" aria-label={t("search")} className="rounded-l-none">
        <Search aria-hidden="true" />
      </Button>
    </form>
  );
}
