// The goods names and thumbnails beside the goods codes of the stock grids (issue 12): joined from
// the goods master and the goods images once a page of stock rows is in, with ONE goods search per
// page (`goods_id-in` with the page's codes) and, beside it, one image search
// (`goods_image_goods_id-in`; the goods master has no image field), through the BFF and TanStack
// Query. A page of more than 1,000 codes (the API's most `in` values) asks in chunks of 1,000.
// A failed image search leaves the names (and a "no image" mark); a failed goods search is the
// join's error, shown in the cells.
// The searches and their reading are a chunk of their own (./goods-join-fetch.ts), fetched when
// this module runs in the browser: they are not needed before the first rows.
import type { DrawerQuery } from "@/components/data-grid/grid-definition";
import type { ApiRow } from "@/lib/query/call-operation";
import { neKeys } from "@/lib/query/keys";

const loadFetch = () => import("./goods-join-fetch");
if (typeof window !== "undefined") void loadFetch().catch(() => undefined);

export interface GoodsThumbnail {
  src: string;
  alt: string;
}

/** What the join answers: names by goods code, and each goods' first image (null: the search failed). */
export interface GoodsJoin {
  names: Readonly<Record<string, string>>;
  images: Readonly<Record<string, GoodsThumbnail>> | null;
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

/** The page join of the goods grid: the thumbnails alone (its rows hold the names). */
export function goodsImagesJoinQuery(codeField: string) {
  return (rows: readonly ApiRow[]): DrawerQuery | null => {
    const codes = pageCodes(rows, codeField);
    if (codes.length === 0) return null;
    return {
      queryKey: [...neKeys.all, "goods-images-join", codes],
      queryFn: async ({ signal }): Promise<GoodsJoin> => (await loadFetch()).fetchGoodsImagesJoin(codes, signal),
    };
  };
}

/** The page join of a stock grid whose goods code is `codeField`. */
export function goodsJoinQuery(codeField: string) {
  return (rows: readonly ApiRow[]): DrawerQuery | null => {
    const codes = pageCodes(rows, codeField);
    if (codes.length === 0) return null;
    return {
      queryKey: [...neKeys.all, "goods-join", codes],
      queryFn: async ({ signal }): Promise<GoodsJoin> => (await loadFetch()).fetchGoodsJoin(codes, signal),
    };
  };
}
