// The goods names and thumbnails beside the goods codes of the stock grids (issue 12): joined from
// the goods master and the goods images once a page of stock rows is in, with ONE goods search per
// page (`goods_id-in` with the page's codes) and, beside it, one image search
// (`goods_image_goods_id-in`; the goods master has no image field), through the BFF and TanStack
// Query. A page of more than 1,000 codes (the API's most `in` values) asks in chunks of 1,000.
// A failed image search leaves the names (and a "no image" mark); a failed goods search is the
// join's error, shown in the cells.
import type { DrawerQuery } from "@/components/data-grid/grid-definition";
import { callSearch, type ApiRow } from "@/lib/query/call-operation";
import { neKeys } from "@/lib/query/keys";
import { MAX_LIST_VALUES } from "@/lib/ne/registry/types";
import { IMAGE_FIELDS, imageAlt, imageSource } from "@/components/images/image-source";

export const GOODS_SEARCH = "/api_v1_master_goods/search" as const;
export const GOODS_IMAGE_SEARCH = "/api_v1_master_goodsimage/search" as const;

export interface GoodsThumbnail {
  src: string;
  alt: string;
}

/** What the join answers: names by goods code, and each goods' first image (null: the search failed). */
export interface GoodsJoin {
  names: Readonly<Record<string, string>>;
  images: Readonly<Record<string, GoodsThumbnail>> | null;
}

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** The distinct, sorted goods codes of a page (sorted: the same page is the same query). */
export function pageCodes(rows: readonly ApiRow[], codeField: string): string[] {
  const codes = new Set<string>();
  for (const row of rows) {
    const code = row[codeField];
    if (code) codes.add(code);
  }
  return [...codes].sort();
}

/** Names by code from goods search answers. */
export function namesOf(rows: readonly ApiRow[]): Record<string, string> {
  const names: Record<string, string> = {};
  for (const row of rows) {
    const code = row.goods_id;
    const name = row.goods_name;
    if (code && name) names[code] = name;
  }
  return names;
}

/** Each goods' first shown image (lowest display order, deleted ones left out) from image rows. */
export function thumbnailsOf(rows: readonly ApiRow[]): Record<string, GoodsThumbnail> {
  const best = new Map<string, { order: number; thumbnail: GoodsThumbnail }>();
  for (const row of rows) {
    const code = row.goods_image_goods_id;
    const src = imageSource(row);
    if (!code || !src || row.goods_image_deleted_flag === "1") continue;
    const order = Number(row.goods_image_display_order ?? "");
    const rank = Number.isFinite(order) ? order : Number.MAX_SAFE_INTEGER;
    const held = best.get(code);
    if (!held || rank < held.order) best.set(code, { order: rank, thumbnail: { src, alt: imageAlt(row) } });
  }
  return Object.fromEntries([...best].map(([code, { thumbnail }]) => [code, thumbnail]));
}

/** The page join of a stock grid whose goods code is `codeField`. */
export function goodsJoinQuery(codeField: string) {
  return (rows: readonly ApiRow[]): DrawerQuery | null => {
    const codes = pageCodes(rows, codeField);
    if (codes.length === 0) return null;
    const parts = chunks(codes, MAX_LIST_VALUES);
    return {
      queryKey: [...neKeys.all, "goods-join", codes],
      queryFn: async ({ signal }): Promise<GoodsJoin> => {
        const goods = Promise.all(
          parts.map((part) =>
            callSearch(GOODS_SEARCH, { fields: ["goods_id", "goods_name"], conditions: [{ field: "goods_id", op: "in", value: part }], limit: 10_000 }, signal),
          ),
        );
        const images = Promise.all(
          parts.map((part) =>
            callSearch(
              GOODS_IMAGE_SEARCH,
              {
                fields: ["goods_image_goods_id", "goods_image_display_order", "goods_image_deleted_flag", ...IMAGE_FIELDS],
                conditions: [{ field: "goods_image_goods_id", op: "in", value: part }],
                limit: 10_000,
              },
              signal,
            ),
          ),
        ).catch(() => null);
        const [goodsAnswers, imageAnswers] = await Promise.all([goods, images]);
        return {
          names: namesOf(goodsAnswers.flatMap((a) => a.rows)),
          images: imageAnswers ? thumbnailsOf(imageAnswers.flatMap((a) => a.rows)) : null,
        };
      },
    };
  };
}
