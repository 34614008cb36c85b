// The board's state in the URL (nuqs), so a board can be bookmarked or opened on a TV as it is:
//   /board?shop=1,3&period=custom&from=2026-11-01&to=2026-11-20&cancelled=1&wall=1&columns=queues
//   /board?period=this-week   (a named period, the grids' quick ranges' names; `7d`, `30d` still read)
// Every value is checked when read; a bad one is dropped and its default used.
import { createParser, parseAsStringLiteral } from "nuqs";
import { DEFAULT_PERIOD, isDay, parsePeriod, type PeriodKind } from "@/lib/board/period";

const SHOP_ID = /^\d{1,10}$/;

/** What the cards are: the API's order statuses (spec 3.1) or NextEngine's work queues. */
export const BOARD_COLUMNS = ["statuses", "queues"] as const;
const MAX_SHOPS = 200;

/** `shop=1,3`: shop ids (digits), deduplicated; anything else dropped. */
export function parseShops(s: string): string[] | null {
  const ids = [...new Set(s.split(",").map((v) => v.trim()).filter((v) => SHOP_ID.test(v)))].slice(0, MAX_SHOPS);
  return ids.length ? ids : null;
}

/** `from=` / `to=`: a real day `YYYY-MM-DD`, else null. */
export function parseDay(s: string): string | null {
  return isDay(s) ? s : null;
}

/** `wall=1` (and `cancelled=1`): on; anything else off. */
export function parseWall(s: string): boolean | null {
  return s === "1" ? true : null;
}

/** `cancelled=1`: cancelled slips are counted too; anything else leaves them out (the default). */
export const parseCancelled = parseWall;

export const boardUrlParsers = {
  shop: createParser({ parse: parseShops, serialize: (ids: string[]) => ids.join(","), eq: (a, b) => a.join() === b.join() }).withDefault([]),
  period: createParser({ parse: parsePeriod, serialize: (p: PeriodKind) => p }).withDefault(DEFAULT_PERIOD),
  from: createParser({ parse: parseDay, serialize: (s: string) => s }),
  to: createParser({ parse: parseDay, serialize: (s: string) => s }),
  cancelled: createParser({ parse: parseCancelled, serialize: () => "1" }).withDefault(false),
  wall: createParser({ parse: parseWall, serialize: () => "1" }).withDefault(false),
  /** `columns=queues`: NextEngine's work queues as the cards (lib/orders/work-queues.ts); else the statuses. */
  columns: parseAsStringLiteral(BOARD_COLUMNS).withDefault("statuses"),
};
