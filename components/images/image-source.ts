// Which address shows a goods image (spec 2.11): the https URL first (an http image on an https
// page is blocked or upgraded by the browser), the http one otherwise; anything that is not an
// absolute http(s) URL (javascript:, data:, a relative path) is never put in an <img> or a link.
import type { ApiRow } from "@/lib/query/call-operation";

const P = "goods_image_";

function httpUrl(raw: string | null | undefined): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw.trim());
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

/** The image's address to show, or null when it has none usable. */
export function imageSource(row: ApiRow): string | null {
  return httpUrl(row[`${P}url_https`]) ?? httpUrl(row[`${P}url_http`]);
}

/** The image's alt text: its own alt, else its file name, else empty (decorative). */
export function imageAlt(row: ApiRow): string {
  return (row[`${P}alt`] ?? "").trim() || (row[`${P}file_name`] ?? "").trim();
}

/** The fields the thumbnail reads besides its own column. */
export const IMAGE_FIELDS = [`${P}url_https`, `${P}url_http`, `${P}alt`, `${P}file_name`] as const;
