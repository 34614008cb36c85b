// First-load JS per route: every <script src> a route's HTML loads when signed in, gzipped,
// summed, against a budget of 200 kB gzip. The baseline is the sign-in page in the same build
// (the framework, the shell's switches and nothing of the dashboard).
import { readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { buildIfNeeded } from "../scripts/build-if-needed.mjs";
import { dashboardSession, startStack } from "./lib/stack";
import type { Bench, BenchRow } from "./types";

const BUDGET_KB = 200;
const APP_PORT = 3620;
const SANDBOX_PORT = 4620;

/** Page routes of the build, without dynamic segments (they need data to render). */
function pageRoutes(root: string): string[] {
  const manifest = JSON.parse(readFileSync(path.join(root, process.env.NEXT_DIST_DIR || ".next", "app-path-routes-manifest.json"), "utf8")) as Record<string, string>;
  return Object.entries(manifest)
    .filter(([entry, route]) => entry.endsWith("/page") && !route.includes("[") && !route.startsWith("/_"))
    .map(([, route]) => route)
    .sort();
}

/** Scripts a current browser loads: `noModule` ones (legacy polyfills) are skipped by every module-capable browser. */
function scriptSources(html: string): string[] {
  const srcs = new Set<string>();
  for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) {
    const src = /\ssrc="([^"]+)"/.exec(tag)?.[1];
    if (!src || /\snomodule\b/i.test(tag)) continue;
    srcs.add(src.replace(/&amp;/g, "&"));
  }
  return [...srcs];
}

async function firstLoadJs(base: string, route: string, cache: Map<string, number>, cookie?: string): Promise<{ kb: number; scripts: number; status: number }> {
  const res = await fetch(base + route, { headers: cookie ? { cookie } : {}, redirect: "manual" });
  const html = await res.text();
  let bytes = 0;
  const srcs = scriptSources(html);
  for (const src of srcs) {
    let size = cache.get(src);
    if (size === undefined) {
      const js = Buffer.from(await (await fetch(new URL(src, base))).arrayBuffer());
      size = gzipSync(js, { level: 9 }).length;
      cache.set(src, size);
    }
    bytes += size;
  }
  return { kb: bytes / 1024, scripts: srcs.length, status: res.status };
}

export const bundleBudget: Bench = {
  name: "bundle-budget",
  async run() {
    const root = process.cwd();
    buildIfNeeded(root);
    const stack = await startStack({ name: "bundle", appPort: APP_PORT, sandboxPort: SANDBOX_PORT });
    const base = stack.app;
    const rows: BenchRow[] = [];
    try {
      const cookie = await dashboardSession(base, "staff@sandbox.test");
      const cache = new Map<string, number>();
      const baseline = await firstLoadJs(base, "/login", cache);
      rows.push({ bench: "bundle-budget", name: "/login (baseline)", value: baseline.kb, unit: "kB gz", target: `<= ${BUDGET_KB} kB`, pass: baseline.kb <= BUDGET_KB });
      for (const route of pageRoutes(root).filter((r) => r !== "/login" && r !== "/")) {
        const r = await firstLoadJs(base, route, cache, cookie);
        const status = r.status === 200 ? "" : ` [HTTP ${r.status}]`;
        rows.push({
          bench: "bundle-budget",
          name: `${route}${status}`,
          value: r.kb,
          unit: "kB gz",
          baseline: { name: "login", value: baseline.kb },
          ratio: baseline.kb > 0 ? r.kb / baseline.kb : undefined,
          target: `<= ${BUDGET_KB} kB`,
          pass: r.kb <= BUDGET_KB && r.status === 200,
        });
      }
    } finally {
      await stack.stop();
    }
    return rows;
  },
};
