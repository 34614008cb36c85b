// Headers of every JSON answer of the dashboard's API routes. proxy.ts does not run for /api/
// (so that no body is buffered before a route reads it within its limit): the answers carry
// their own security headers.
export const API_JSON_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json; charset=utf-8",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "same-origin",
};
