// Where the pages may load pictures from (the CSP's img-src): the dashboard itself, data: and
// blob: URLs, the image hosts of the upstream shop (`NE_IMAGE_HOSTS`, comma- or space-separated
// origins such as `https://image.rakuten.co.jp`, or CSP host sources such as `https://*.example.jp`),
// and, on the embedded sandbox, the sandbox's own host, which serves its goods images
// (sandbox/images.ts). Anything else is blocked, so a goods image row cannot make the browser call
// an address nobody configured. Read by proxy.ts, which must not load `server-only`.

/** A CSP host source: scheme, host (a leading `*.` allowed), optional port; nothing else. */
const HOST_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

export type ImagePolicyEnv = Readonly<Record<string, string | undefined>>;

/** The configured image hosts; an entry that is not an http(s) host source is ignored. */
export function imageHosts(env: ImagePolicyEnv = process.env): string[] {
  const hosts = (env.NE_IMAGE_HOSTS ?? "")
    .split(/[\s,]+/)
    .map((h) => h.trim().replace(/\/+$/, ""))
    .filter((h) => HOST_SOURCE.test(h));
  const sandbox = `http://127.0.0.1:${env.SANDBOX_PORT || "4010"}`;
  const base = (env.NE_API_BASE_URL ?? "").trim().replace(/\/+$/, "");
  // On the embedded sandbox (the API base unset or the sandbox's URL), its image host too.
  if (base === "" || base === sandbox) hosts.push(sandbox);
  return [...new Set(hosts)];
}

/** The img-src directive of the pages' CSP. */
export function imgSrc(env: ImagePolicyEnv = process.env): string {
  return ["img-src 'self' data: blob:", ...imageHosts(env)].join(" ");
}
