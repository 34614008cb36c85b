// Where the pages may load pictures from (the CSP's img-src): the dashboard itself, data: and
// blob: URLs, and the goods images' hosts. A shop's goods images live on whatever hosts its malls
// and image services use, which nobody lists beforehand: so by default any `https:` host is
// allowed (an image is a passive load; scripts, frames and connections stay 'self'). Setting
// `NE_IMAGE_HOSTS` narrows that to the hosts it names (comma- or space-separated origins such as
// `https://image.rakuten.co.jp`, or CSP host sources such as `https://*.example.jp`); `none` allows
// no outside host at all. On the embedded sandbox its own host is added, which serves its goods
// images over http (sandbox/images.ts). Read by proxy.ts, which must not load `server-only`.

/** A CSP host source: scheme, host (a leading `*.` allowed), optional port; nothing else. */
const HOST_SOURCE = /^https?:\/\/(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d{1,5})?$/i;

export type ImagePolicyEnv = Readonly<Record<string, string | undefined>>;

/**
 * The image sources beyond the dashboard's own: `https:` when `NE_IMAGE_HOSTS` is unset or empty,
 * else the host sources it names (an entry that is not an http(s) host source is ignored, so a
 * value made only of such entries allows none), plus the embedded sandbox's host.
 */
export function imageHosts(env: ImagePolicyEnv = process.env): string[] {
  const configured = (env.NE_IMAGE_HOSTS ?? "").trim();
  const hosts =
    configured === ""
      ? ["https:"]
      : configured
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
