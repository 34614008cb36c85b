// The stock grids' goods join, fetched (see ./goods-join.ts): ONE goods search per page with
// `goods_id-in` and, beside it, one image search with `goods_image_goods_id-in`, in chunks of the
// API's most `in` values (1,000); names by code and each goods' first image. Background work: the
// page's rows come first, so the server serves the person's other calls before these.
import { IMAGE_FIELDS, imageAlt, imageSource } from "@/components/images/image-source";
import { callSearch, type ApiRow } from "@/lib/query/call-operation";
import { MAX_LIST_VALUES } from "@/lib/ne/registry/types";
import type { GoodsJoin, GoodsThumbnail } from "./goods-join";

export const GOODS_SEARCH = "/api_v1_master_goods/search" as const;
export const GOODS_IMAGE_SEARCH = "/api_v1_master_goodsimage/search" as const;

const BACKGROUND_WORK = { background: true } as const;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
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

/** Each goods' first image, by code (null: the search failed). */
function fetchImages(parts: readonly string[][], signal: AbortSignal): Promise<Record<string, GoodsThumbnail> | null> {
  return Promise.all(
    parts.map((part) =>
      callSearch(
        GOODS_IMAGE_SEARCH,
        {
          fields: ["goods_image_goods_id", "goods_image_display_order", "goods_image_deleted_flag", ...IMAGE_FIELDS],
          conditions: [{ field: "goods_image_goods_id", op: "in", value: part }],
          limit: 10_000,
        },
        signal,
        BACKGROUND_WORK,
      ),
    ),
  ).then(
    (answers) => thumbnailsOf(answers.flatMap((a) => a.rows)),
    () => null,
  );
}

/** The join of a page's goods codes (distinct). */
export async function fetchGoodsJoin(codes: readonly string[], signal: AbortSignal): Promise<GoodsJoin> {
  const parts = chunks(codes, MAX_LIST_VALUES);
  const goods = Promise.all(
    parts.map((part) =>
      callSearch(GOODS_SEARCH, { fields: ["goods_id", "goods_name"], conditions: [{ field: "goods_id", op: "in", value: part }], limit: 10_000 }, signal, BACKGROUND_WORK),
    ),
  );
  const [goodsAnswers, images] = await Promise.all([goods, fetchImages(parts, signal)]);
  return { names: namesOf(goodsAnswers.flatMap((a) => a.rows)), images };
}

/**
 * The images alone of a page of goods (the goods grid: the names are its rows' own): one image
 * search per page; a failed search answers no images (null), and the cells keep their names.
 */
export async function fetchGoodsImagesJoin(codes: readonly string[], signal: AbortSignal): Promise<GoodsJoin> {
  const images = await fetchImages(chunks(codes, MAX_LIST_VALUES), signal);
  return { names: {}, images };
}
