import "server-only";
// The origin people reach the dashboard at: AUTH_URL when set (behind a proxy), else the request's.
export function publicOrigin(request: Request): string {
  const configured = process.env.AUTH_URL;
  if (configured) return new URL(configured).origin;
  const url = new URL(request.url);
  const host = request.headers.get("x-forwarded-host") ?? request.headers.get("host") ?? url.host;
  const proto = request.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  return `${proto}://${host}`;
}
