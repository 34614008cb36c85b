import "server-only";
// The pending sign-in cookie holds `<id>.<csrf>`: the id names the waiting row, the CSRF token is
// the one the confirmation form must send back (double submit; the row keeps only its hash).
export function parsePendingCookie(value: string | undefined): { id: string; csrf: string } | null {
  const match = /^([A-Za-z0-9_-]{20,100})\.([A-Za-z0-9_-]{20,100})$/.exec(value ?? "");
  return match ? { id: match[1]!, csrf: match[2]! } : null;
}
