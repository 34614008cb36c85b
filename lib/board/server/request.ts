import "server-only";
// The board endpoint's query string, checked with zod: a real period of JST days (from ≤ to, at
// most MAX_PERIOD_DAYS), shop ids (digits, at most MAX_SHOPS, deduplicated and sorted so that
// equal questions share one cache entry), and two flags that are on only as `1`.
import { z } from "zod";
import { dayCount, isDay } from "@/lib/board/period";

export const MAX_SHOPS = 200;
/** Ten years: anything longer is not a board question. */
export const MAX_PERIOD_DAYS = 3660;

const day = z.string().refine(isDay, "must be a real day YYYY-MM-DD");
const flag = z.enum(["1", "0"]).optional().transform((v) => v === "1");

export const boardQuerySchema = z
  .strictObject({
    from: day,
    to: day,
    shop: z
      .string()
      .max(MAX_SHOPS * 11)
      .regex(/^\d{1,10}(,\d{1,10})*$/, "comma-separated shop ids")
      .optional()
      .transform((s) => (s ? [...new Set(s.split(","))].sort((a, b) => Number(a) - Number(b) || a.localeCompare(b)) : []))
      .pipe(z.array(z.string()).max(MAX_SHOPS, `at most ${MAX_SHOPS} shops`)),
    cancelled: flag,
    fresh: flag,
  })
  .refine((q) => q.from <= q.to, { message: "from must not be after to", path: ["to"] })
  .refine((q) => q.from > q.to || dayCount({ from: q.from, to: q.to }) <= MAX_PERIOD_DAYS, {
    message: `at most ${MAX_PERIOD_DAYS} days`,
    path: ["from"],
  })
  .transform((q) => ({ from: q.from, to: q.to, shops: q.shop, includeCancelled: q.cancelled, fresh: q.fresh }));

export type BoardRequest = z.output<typeof boardQuerySchema>;

/** The query of `url` as an object of single values (a repeated name is kept as a list, which the schema refuses). */
export function queryObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const name of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(name);
    out[name] = all.length === 1 ? all[0]! : all;
  }
  return out;
}
