// The analytics views' state in the URL (nuqs), as the grids and the board keep theirs, so a view
// can be shared and opened as it is:
//   /analytics/sales?from=2026-10-01&to=2026-10-31&by=month&shop=3
//   /analytics/sales?period=last-month&by=week&split=payment&cancelled=1
//   /analytics/goods?period=last-30&sort=revenue&top=500   /analytics/goods?goods=A001&period=this-month
// A named period (the grids' quick ranges: lib/grid/quick-ranges.ts) is resolved to Japan's days
// when the page renders; `from`/`to` without a name are a custom period. Bad values are dropped.
import { createParser, parseAsStringLiteral } from "nuqs";
import { periodRange, parsePeriod, type PeriodKind } from "@/lib/board/period";
import { parseCancelled, parseDay, parseShops } from "@/components/board/board-url-state";
import { GOODS_SORTS, GOODS_TOPS, GROUPINGS, MAX_GOODS_CODE, METRICS, SPLITS, DEFAULT_GOODS_TOP } from "@/lib/analytics/query";
import type { DayRange } from "@/lib/board/period";

export const DEFAULT_SALES_PERIOD: PeriodKind = "last-30";

const CODE = /^[0-9A-Za-z_-]{1,20}$/;
/** `payment=0,15`: method ids, deduplicated; anything else dropped. */
export function parseCodes(s: string): string[] | null {
  const ids = [...new Set(s.split(",").map((v) => v.trim()).filter((v) => CODE.test(v)))].slice(0, 200);
  return ids.length ? ids : null;
}

const list = (parse: (s: string) => string[] | null) =>
  createParser({ parse, serialize: (ids: string[]) => ids.join(","), eq: (a, b) => a.join() === b.join() }).withDefault([]);

const common = {
  period: createParser({ parse: parsePeriod, serialize: (p: PeriodKind) => p }),
  from: createParser({ parse: parseDay, serialize: (s: string) => s }),
  to: createParser({ parse: parseDay, serialize: (s: string) => s }),
  shop: list(parseShops),
  cancelled: createParser({ parse: parseCancelled, serialize: () => "1" }).withDefault(false),
};

export const salesUrlParsers = {
  ...common,
  by: parseAsStringLiteral(GROUPINGS).withDefault("day"),
  split: parseAsStringLiteral(SPLITS).withDefault("none"),
  metric: parseAsStringLiteral(METRICS).withDefault("revenue"),
  payment: list(parseCodes),
  delivery: list(parseCodes),
};

export const goodsUrlParsers = {
  ...common,
  sort: parseAsStringLiteral(GOODS_SORTS).withDefault("units"),
  top: createParser({
    parse: (s: string) => ((GOODS_TOPS as readonly number[]).includes(Number(s)) ? Number(s) : null),
    serialize: (n: number) => String(n),
  }).withDefault(DEFAULT_GOODS_TOP),
  goods: createParser({ parse: (s: string) => (s.length > 0 && s.length <= MAX_GOODS_CODE ? s : null), serialize: (s: string) => s }),
};

/**
 * The period a view's URL names: its named period, else custom days when `from` or `to` is given,
 * else the default. Null when custom days are not real days.
 */
export function viewPeriod(url: { period: PeriodKind | null; from: string | null; to: string | null }, now: Date, fallback: PeriodKind = DEFAULT_SALES_PERIOD): { kind: PeriodKind; range: DayRange | null } {
  const kind: PeriodKind = url.period ?? (url.from || url.to ? "custom" : fallback);
  return { kind, range: periodRange(kind, now, { from: url.from, to: url.to }) };
}
