// Where to send a person after sign-in: only a path of this site, never another origin.
export const RETURN_TO_COOKIE = "backyard.return-to";

const MAX_LENGTH = 2000;

/**
 * A path that reached us percent-encoded once too often (`%2Forders%3Fpage%3D2`, e.g. a `from`
 * encoded again on its way through a redirect) decoded back to `/orders?page=2`; anything else as is.
 */
function unwrapEncoded(value: string): string {
  let out = value;
  for (let i = 0; i < 3 && /^%(?:25)*2F/i.test(out); i++) {
    try {
      out = decodeURIComponent(out);
    } catch {
      return value;
    }
  }
  return out;
}

export function safeReturnPath(raw: string | null | undefined, fallback = "/orders"): string {
  if (!raw || raw.length > MAX_LENGTH) return fallback;
  const value = unwrapEncoded(raw);
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  if (value.startsWith("/login") || value.startsWith("/auth/") || value.startsWith("/api/")) return fallback;
  return value;
}

/**
 * The return path as a person reads it: `/goods?f=goods_name.like:シャツ`, not
 * `/goods?f=goods_name.like%3A%E3%82%B7...`. For showing only; the link keeps the exact path.
 */
export function readableReturnPath(path: string): string {
  try {
    const decoded = decodeURIComponent(path);
    // A decoded control character or a changed start would misstate the path: show it as it is.
    return /[\u0000-\u001f]/.test(decoded) || !decoded.startsWith("/") ? path : decoded;
  } catch {
    return path;
  }
}
