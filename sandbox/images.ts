// The sandbox's image host: every goods image it lists can be loaded, from the sandbox itself.
//
// The data keeps the placeholder addresses the generator and the minimal seed write
// (`http(s)://img.sandbox.test/<path>`); an answer names the sandbox's own origin instead
// (`<origin>/images/<company_ne_id>/<path>`, the origin the caller reached the sandbox at), so a
// browser can show the pictures whatever port the sandbox listens on. `GET /images/...` finds the
// image row by its stored address and answers an SVG of exactly the width and height the row
// declares, the same bytes every time (colors from the image id). An SVG rather than a PNG: a
// 2000 × 2000 PNG would have to be deflated on every first request, an SVG is a few hundred bytes
// and a browser reports its declared size as the picture's natural size. Hand-written: a dozen
// lines of markup, no library needed.
import type { SandboxDb } from "./db";
import { columnName, tableName } from "./schema";

const PLACEHOLDER = /^https?:\/\/img\.sandbox\.test\//;
const STORED_PREFIX = "http://img.sandbox.test/";
const URL_FIELDS = ["goods_image_url_http", "goods_image_url_https"] as const;
/** Path of the image route; the company's NE id follows. */
export const IMAGE_ROUTE = "/images";

type Row = Record<string, string | null>;

/** The address an answer shows for a stored image address: the sandbox's own when it is a placeholder. */
export function servedImageUrl(stored: string | null, origin: string, companyNeId: string): string | null {
  if (!stored || !PLACEHOLDER.test(stored)) return stored;
  return `${origin}${IMAGE_ROUTE}/${encodeURIComponent(companyNeId)}/${stored.replace(PLACEHOLDER, "")}`;
}

/** Rewrites the URL fields of goods image rows in place (rows of other resources have none). */
export function serveImageRows(rows: Row[], origin: string, companyNeId: string): void {
  for (const row of rows) {
    for (const field of URL_FIELDS) {
      if (field in row) row[field] = servedImageUrl(row[field] ?? null, origin, companyNeId);
    }
  }
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The picture of one image: a deterministic SVG of the declared size. */
export function imageSvg(image: { id: number; width: number; height: number; label: string }): string {
  const { id, width, height } = image;
  // Hues spread by the golden angle, so neighbouring ids look different.
  const hue = Math.round((id * 137.508) % 360);
  const side = Math.min(width, height);
  const font = Math.max(12, Math.round(side / 14));
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">`,
    `<rect width="${width}" height="${height}" fill="hsl(${hue} 45% 88%)"/>`,
    `<circle cx="${width / 2}" cy="${height / 2 - font}" r="${Math.round(side / 4)}" fill="hsl(${hue} 55% 55%)"/>`,
    `<text x="50%" y="${Math.round(height * 0.8)}" text-anchor="middle" font-family="sans-serif" font-size="${font}" fill="hsl(${hue} 40% 25%)">${escapeXml(image.label)}</text>`,
    `</svg>`,
  ].join("");
}

/**
 * Answers `GET /images/<company_ne_id>/<path>`: the image whose stored address is
 * `http(s)://img.sandbox.test/<path>` in that company, or 404.
 */
export async function answerImage(db: SandboxDb, pathname: string): Promise<Response> {
  const match = new RegExp(`^${IMAGE_ROUTE}/([^/]+)/(.+)$`).exec(pathname);
  if (!match) return new Response("Not Found", { status: 404 });
  let company: string;
  let rest: string;
  try {
    company = decodeURIComponent(match[1] as string);
    rest = decodeURIComponent(match[2] as string);
  } catch {
    return new Response("Not Found", { status: 404 });
  }
  const table = tableName("goodsImage");
  const col = (name: string) => `"${columnName(name)}"`;
  const found = await db.query<{ id: string; width: string | null; height: string | null; name: string | null }>(
    `SELECT ${col("goods_image_id")}::text AS id, ${col("goods_image_width")}::text AS width, ${col("goods_image_height")}::text AS height, ${col("goods_image_file_name")} AS name
       FROM ${table} WHERE company_ne_id = $1 AND (${col("goods_image_url_http")} = $2 OR ${col("goods_image_url_https")} = $3) LIMIT 1`,
    [company, STORED_PREFIX + rest, `https://img.sandbox.test/${rest}`],
  );
  const row = found[0];
  if (!row) return new Response("Not Found", { status: 404 });
  const size = (raw: string | null) => Math.min(4000, Math.max(1, Math.round(Number(raw) || 600)));
  const svg = imageSvg({ id: Number(row.id), width: size(row.width), height: size(row.height), label: row.name ?? rest });
  return new Response(svg, {
    status: 200,
    headers: {
      "content-type": "image/svg+xml; charset=utf-8",
      // The same bytes for the same row: a browser may keep them.
      "cache-control": "public, max-age=3600",
      "x-content-type-options": "nosniff",
    },
  });
}
