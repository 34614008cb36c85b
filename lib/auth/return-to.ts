// Where to send a person after sign-in: only a path of this site, never another origin.
export const RETURN_TO_COOKIE = "backyard.return-to";

export function safeReturnPath(value: string | null | undefined, fallback = "/orders"): string {
  if (!value || value.length > 2000) return fallback;
  if (!value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  if (/[\u0000-\u001f]/.test(value)) return fallback;
  if (value.startsWith("/login") || value.startsWith("/auth/") || value.startsWith("/api/")) return fallback;
  return value;
}
