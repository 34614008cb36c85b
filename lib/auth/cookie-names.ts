// Names of the session cookie, shared by the auth config and the page proxy (which must not load
// next-auth). `__Secure-` only where the dashboard is served over https (AUTH_URL).
export const PLAIN_SESSION_COOKIE = "backyard.session";
export const SECURE_SESSION_COOKIE = "__Secure-backyard.session";
export const SESSION_COOKIE_NAMES = [PLAIN_SESSION_COOKIE, SECURE_SESSION_COOKIE] as const;
