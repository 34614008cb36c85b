"use client";
// One forgiving search box (a `forgiving` quick filter): what is typed becomes a few readings
// (lib/grid/forgiving-search.ts), asked as counts of the grid's count twin one after another, with
// the grid's other filters; the grid then shows the reading with the most rows, the box says which
// reading found them ("購入者名（スペース区切り）で 3 件") and offers the others that found rows.
// The text is kept in the URL (`q=`) beside the reading's filters, so a reload, Back or a saved
// view (its filters: the reading is read back from them) shows the same. The counts go through the
// query cache under the grid's own keys: the grid's count of the chosen reading is not asked twice.
// Stock grids (`stockGoods`): the goods code, else one goods search by name or JAN whose codes
// filter the stock with `in`. Its own chunk: only the orders and stock grids load it.
import { Search, X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { parseAsString, useQueryState } from "nuqs";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, useSyncExternalStore, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { filterKey, filtersToConditions, type GridFilter } from "@/lib/grid/filters";
import {
  activeGoodsSearch,
  activeReading,
  GOODS_LOOKUP_FIELD,
  goodsCodesFilter,
  goodsLookups,
  normalizeTyped,
  orderReadings,
  runReadings,
  type GoodsBy,
  type Reading,
  type ReadingResult,
} from "@/lib/grid/forgiving-search";
import type { ForgivingQuickFilter } from "@/lib/grid/quick-filters";
import { callSearch, type NeRequest } from "@/lib/query/call-operation";
import { countQuery } from "@/lib/query/hooks";
import { goods } from "@/lib/ne/registry/resources/goods";
import type { QuickControlProps } from "./quick-control";

const GOODS_SEARCH = "/api_v1_master_goods/search" as const;
const qParser = parseAsString.withOptions({ history: "push" });
const subscribeNever = () => () => undefined;

/** What the last search in this page found (the URL keeps only the reading chosen). */
type Outcome =
  | { kind: "orders"; text: string; found: ReadingResult[]; failed: boolean }
  | { kind: "none"; text: string; failed: boolean }
  | { kind: "goods"; text: string; by: GoodsBy; goods: number; shown: number };

export default function ForgivingSearch({ definition, spec, filters, onWrite }: QuickControlProps<ForgivingQuickFilter>) {
  const t = useTranslations();
  const id = useId();
  const queryClient = useQueryClient();
  const [q, setQ] = useQueryState("q", qParser);
  const searchParams = useSearchParams();
  const extensionExecutionId = searchParams?.get("extension_execution_id")?.trim() || undefined;
  const goodsField = spec.goodsField ?? "";

  const active = spec.search === "orders" ? activeReading(q, filters) : null;
  const activeGoods = spec.search === "stockGoods" ? activeGoodsSearch(q, filters, goodsField) : null;
  const shownText = active?.text ?? activeGoods?.text ?? "";
  // A new URL (Back, a chip removed, a saved view) starts the box again from it.
  const [typed, setTyped] = useState({ from: shownText, text: shownText });
  const text = typed.from === shownText ? typed.text : shownText;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const others = filters.filter((f) => !spec.keys.includes(filterKey(f)));
  const requestOf = (next: readonly GridFilter[]): NeRequest => ({
    conditions: filtersToConditions(definition.resource, [...others, ...next]),
    ...(extensionExecutionId ? { extensionExecutionId } : {}),
  });
  // The grid's own count of what the URL holds (already asked by the grid: never fetched here).
  const total = useQuery({
    ...countQuery(definition.countPath, { conditions: filtersToConditions(definition.resource, filters), ...(extensionExecutionId ? { extensionExecutionId } : {}) }),
    enabled: false,
  });
  const count = async (next: readonly GridFilter[]): Promise<number | undefined> => {
    try {
      return (await queryClient.fetchQuery({ ...countQuery(definition.countPath, requestOf(next)), staleTime: 30_000 })).count;
    } catch {
      return undefined; // the grid itself will say what is wrong
    }
  };

  const apply = (value: string, next: readonly GridFilter[]) => {
    void setQ(value || null);
    onWrite({ keys: [...spec.keys], next: [...next] });
  };

  const searchOrders = async (value: string) => {
    const readings = orderReadings(value);
    const run = await runReadings(readings, count);
    const first = run.found[0]?.reading ?? readings[0];
    setOutcome(run.found.length ? { kind: "orders", text: value, found: run.found, failed: run.failed } : { kind: "none", text: value, failed: run.failed });
    if (first) apply(value, first.filters);
  };

  const searchGoods = async (value: string) => {
    const text = normalizeTyped(value);
    for (const by of goodsLookups(text)) {
      if (by === "code") {
        const code: GridFilter = { field: goodsField, op: "like", value: text };
        if (((await count([code])) ?? 0) > 0) {
          setOutcome(null);
          return apply(value, [code]);
        }
        continue;
      }
      // One goods search, capped at what one `in` filter holds.
      let codes: string[] = [];
      try {
        const answer = await callSearch(GOODS_SEARCH, {
          fields: ["goods_id"],
          conditions: filtersToConditions(goods, [{ field: GOODS_LOOKUP_FIELD[by], op: "like", value: text }]),
          offset: 0,
          limit: 1000,
        });
        codes = answer.rows.map((r) => r.goods_id ?? "").filter(Boolean);
      } catch {
        codes = [];
      }
      const codesFilter = goodsCodesFilter(goodsField, codes);
      if (codesFilter) {
        setOutcome({ kind: "goods", text: value, by, goods: codes.length, shown: codesFilter.shown });
        return apply(value, [codesFilter.filter]);
      }
    }
    setOutcome({ kind: "none", text: value, failed: false });
    apply(value, [{ field: goodsField, op: "like", value: text }]);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = text.trim();
    if (!value) {
      setOutcome(null);
      apply("", []);
      return;
    }
    setBusy(true);
    try {
      await (spec.search === "orders" ? searchOrders(value) : searchGoods(value));
    } finally {
      setBusy(false);
    }
  };

  const label = t(spec.label);
  const readingName = (r: Reading) => {
    const field = t(`forgivingSearch.field.${r.field}`);
    return r.variants.length ? t("forgivingSearch.withVariants", { field, variants: r.variants.map((v) => t(`forgivingSearch.variant.${v}`)).join("・") }) : field;
  };
  // The server never has the count: while hydrating the box shows what it showed (React #418 otherwise).
  const hydrated = useSyncExternalStore(subscribeNever, () => true, () => false);
  const totalCount = hydrated ? total.data?.count : undefined;

  let status: React.ReactNode = null;
  if (busy) status = t("forgivingSearch.searching");
  else if (active) {
    const fromRun = outcome?.kind === "orders" && outcome.text === active.text ? outcome : null;
    const n = fromRun?.found.find((f) => f.reading.id === active.reading.id)?.count ?? totalCount;
    const alternatives = fromRun?.found.filter((f) => f.reading.id !== active.reading.id) ?? [];
    status = (
      <>
        <span data-reading={active.reading.id}>{n === undefined ? readingName(active.reading) : t("forgivingSearch.found", { reading: readingName(active.reading), count: n })}</span>
        {alternatives.length ? (
          <span className="inline-flex flex-wrap items-center gap-1">
            <span className="text-ink-600 dark:text-ink-300">{t("forgivingSearch.others")}</span>
            {alternatives.map((f) => (
              <Button key={f.reading.id} type="button" size="sm" variant="secondary" onClick={() => apply(active.text, f.reading.filters)}>
                {t("forgivingSearch.found", { reading: readingName(f.reading), count: f.count })}
              </Button>
            ))}
          </span>
        ) : null}
      </>
    );
  } else if (activeGoods) {
    const field = t(`forgivingSearch.field.${activeGoods.by === "code" ? "goodsId" : activeGoods.by === "jan" ? "goodsJan" : "goodsName"}`);
    const fromRun = outcome?.kind === "goods" && outcome.text === activeGoods.text ? outcome : null;
    status =
      activeGoods.by === "code"
        ? totalCount === undefined
          ? field
          : t("forgivingSearch.found", { reading: field, count: totalCount })
        : t("forgivingSearch.goodsFound", { field, text: activeGoods.text, goods: fromRun?.goods ?? activeGoods.codes, count: totalCount ?? "…" });
    if (fromRun && fromRun.shown < fromRun.goods) status = `${status} ${t("forgivingSearch.goodsCapped", { shown: fromRun.shown })}`;
  }
  if (!busy && outcome?.kind === "none" && outcome.text === q) status = t("forgivingSearch.none", { text: outcome.text });
  const failed = !busy && (outcome?.kind === "orders" || outcome?.kind === "none") && outcome.failed;

  return (
    <div className="flex flex-wrap items-center gap-2">
      <form role="search" aria-label={label} aria-busy={busy || undefined} onSubmit={(e) => void submit(e)} className="flex items-center">
        <label htmlFor={`${id}-text`} className="sr-only">
          {label}
        </label>
        <input
          id={`${id}-text`}
          type="search"
          value={text}
          onChange={(e) => setTyped({ from: shownText, text: e.target.value })}
          placeholder={t(spec.placeholder)}
          aria-describedby={`${id}-status`}
          className="h-8 w-64 rounded-l-md border border-ink-300 bg-ink-0 px-2 text-sm placeholder:text-ink-500 dark:border-ink-600 dark:bg-ink-850 dark:placeholder:text-ink-400"
        />
        <Button type="submit" size="icon" disabled={busy} aria-label={t("catalog.quick.search")} className="rounded-l-none">
          <Search aria-hidden="true" />
        </Button>
        {active || activeGoods ? (
          <Button type="button" size="icon" variant="ghost" aria-label={t("forgivingSearch.clear")} onClick={() => (setOutcome(null), apply("", []))}>
            <X aria-hidden="true" />
          </Button>
        ) : null}
      </form>
      <p id={`${id}-status`} role="status" className="flex flex-wrap items-center gap-2 text-sm text-ink-700 dark:text-ink-200">
        {status}
        {failed ? <span className="text-amber-800 dark:text-amber-200">{t("forgivingSearch.failed")}</span> : null}
      </p>
    </div>
  );
}
