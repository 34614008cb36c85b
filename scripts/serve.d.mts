/** The `path` segments Next's router would give pages/api/ne/[...path] for `url`, or undefined when Next should answer `url` itself. */
export function bffSegments(url: string): string[] | undefined;

/** Replaces X-Forwarded-For with the socket's address unless the request carries the trusted proxy's secret. */
export function setClientAddress(
  req: { headers: Record<string, string | string[] | undefined>; socket: { remoteAddress?: string | undefined } },
  proxySecret?: string,
): void;
