"use client";
// Quick filters of the order rows: goods (code or name), slip number, allocation and cancel.
import { Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useState, type FormEvent } from "react";
import type { QuickFiltersProps } from "@/components/data-grid/grid-definition";
import { Button } from "@/components/ui/button";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { filterKey, filterValues, findFilter, validateFilter } from "@/lib/grid/filters";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";

const R = "receive_order_row_";
const GOODS_FIELDS = [`${R}goods_id`, `${R}goods_name`] as const;
const SLIP = `${R}receive_order_id`;
const ALLOCATED = `${R}stock_allocation_quantity`;
const CANCEL = `${R}cancel_flag`;

type Tri = "all" | "yes" | "no";
const input = "h-8 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400";

export function OrderRowQuickFilters({ filters, setFilters }: QuickFiltersProps) {
  const t = useTranslations("orderRows.quick");
  const allocation: Tri = findFilter(filters, ALLOCATED, "gt")?.value === "0" ? "yes" : findFilter(filters, ALLOCATED, "eq")?.value === "0" ? "no" : "all";
  const cancel: Tri = findFilter(filters, CANCEL, "eq")?.value === "1" ? "yes" : findFilter(filters, CANCEL, "neq")?.value === "1" ? "no" : "all";
  const signature = [...GOODS_FIELDS, SLIP].map((f) => filterValues(findFilter(filters, f, f === SLIP ? "eq" : "like")).join()).join("|");
  return (
    <div role="group" aria-label={t("label")} className="flex flex-wrap items-center gap-2">
      <TextFilters key={signature} filters={filters} setFilters={setFilters} />
      <ToggleGroup<Tri>
        label={t("allocation")}
        value={allocation}
        options={[
          { value: "all", label: t("all") },
          { value: "yes", label: t("allocated") },
          { value: "no", label: t("unallocated") },
        ]}
        onValueChange={(v) =>
          setFilters(
            [filterKey({ field: ALLOCATED, op: "gt" }), filterKey({ field: ALLOCATED, op: "eq" })],
            v === "all" ? [] : [{ field: ALLOCATED, op: v === "yes" ? "gt" : "eq", value: "0" }],
          )
        }
      />
      <ToggleGroup<Tri>
        label={t("cancel")}
        value={cancel}
        options={[
          { value: "all", label: t("all") },
          { value: "no", label: t("notCanceled") },
          { value: "yes", label: t("canceled") },
        ]}
        onValueChange={(v) =>
          setFilters(
            [filterKey({ field: CANCEL, op: "eq" }), filterKey({ field: CANCEL, op: "neq" })],
            v === "all" ? [] : [{ field: CANCEL, op: v === "yes" ? "eq" : "neq", value: "1" }],
          )
        }
      />
    </div>
  );
}

function TextFilters({ filters, setFilters }: Pick<QuickFiltersProps, "filters" | "setFilters">) {
  const t = useTranslations("orderRows.quick");
  const id = useId();
  const active = GOODS_FIELDS.find((f) => findFilter(filters, f, "like"));
  const [target, setTarget] = useState<(typeof GOODS_FIELDS)[number]>(active ?? GOODS_FIELDS[0]);
  const [goods, setGoods] = useState(active ? (filterValues(findFilter(filters, active, "like"))[0] ?? "") : "");
  const [slip, setSlip] = useState(filterValues(findFilter(filters, SLIP, "eq"))[0] ?? "");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const goodsFilter = goods.trim() ? validateFilter(receiveOrderRow, { field: target, op: "like", value: goods.trim() }) : null;
    const slipFilter = slip.trim() ? validateFilter(receiveOrderRow, { field: SLIP, op: "eq", value: slip.trim() }) : null;
    setFilters(
      [...GOODS_FIELDS.map((f) => filterKey({ field: f, op: "like" })), filterKey({ field: SLIP, op: "eq" })],
      [goodsFilter, slipFilter].filter((f) => f !== null),
    );
  };
  return (
    <form role="search" aria-label={t("goods")} onSubmit={submit} className="flex flex-wrap items-center gap-2">
      <div className="flex items-center">
        <label htmlFor={`${id}-target`} className="sr-only">
          {t("goodsTarget")}
        </label>
        <select
          id={`${id}-target`}
          value={target}
          onChange={(e) => setTarget(e.target.value as (typeof GOODS_FIELDS)[number])}
          className="h-8 rounded-l-md border border-ink-300 bg-ink-50 px-2 text-xs font-medium text-ink-800 dark:border-ink-600 dark:bg-ink-800 dark:text-ink-100"
        >
          <option value={GOODS_FIELDS[0]}>{t("goodsId")}</option>
          <option value={GOODS_FIELDS[1]}>{t("goodsName")}</option>
        </select>
        <label htmlFor={`${id}-goods`} className="sr-only">
          {t("goods")}
        </label>
        <input id={`${id}-goods`} type="search" value={goods} placeholder={t("goods")} onChange={(e) => setGoods(e.target.value)} className={`${input} w-44 rounded-l-none border-l-0`} />
      </div>
      <label htmlFor={`${id}-slip`} className="sr-only">
        {t("slip")}
      </label>
      <input id={`${id}-slip`} inputMode="numeric" value={slip} placeholder={t("slip")} onChange={(e) => setSlip(e.target.value)} className={`${input} w-28`} />
      <Button type="submit" size="icon" aria-label={t("search")}>
        <Search aria-hidden="true" />
      </Button>
    </form>
  );
}
