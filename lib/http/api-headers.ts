// Headers of every JSON answer of the dashboard's API routes. proxy.ts does not run for /api/
// (so that no body is buffered before a route reads it within its limit): the answers carry
// their own security headers.
export const API_JSON_HEADERS: Readonly<Record<string, string>> = {
  "content-type": "application/json; charset=utf-8",
  "x-content-type-options": "nosniff",
  "content-security-policy": "default-src 'none'; frame-ancestors 'none'",
  "referrer-policy": "same-origin",
  "cache-control": "no-store",
};

/**
 * The policy of an answer that is no page of ours: it loads nothing, submits only here, and no
 * site frames it. Auth.js's pages under /api/auth/ style themselves inline; nothing else of theirs
 * is allowed. Set on every route's answer that has no policy of its own (answer-headers.ts), and
 * by next.config.ts on whatever else answers under /api/.
 */
export const NON_PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";
