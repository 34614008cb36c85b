import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";
import { NON_PAGE_CSP } from "./lib/http/api-headers";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate build folder per checkout user (e.g. `.next-e2e`), so parallel builds never collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // The production image (Dockerfile) runs Next's standalone server: the traced files only.
  output: process.env.BACKYARD_STANDALONE === "1" ? "standalone" : undefined,
  // PGlite loads its WASM and data files from its package folder at run time; undici (the API
  // client's connection pool) is Node-only and loaded as it is published.
  serverExternalPackages: ["@electric-sql/pglite", "pg", "undici"],
  experimental: {
    // proxy.ts copies a page request's body before the page reads it; Next's default keeps up to
    // 10 MB of it. Pages take small forms only (server actions: 1 MB). /api/ skips proxy.ts.
    proxyClientMaxBodySize: "1mb",
  },
  // Answers under /api/ that no route gives (Next's own 404 for a path no route has): the same
  // CSP and frame protection as every route's answer (lib/http/answer-headers.ts, which the routes
  // set themselves; Next keeps these over a route's own). HSTS depends on AUTH_URL at run time and
  // these are fixed at build time: it is sent by the routes and proxy.ts.
  async headers() {
    return [
      {
        source: "/api/:path*",
        headers: [
          { key: "content-security-policy", value: NON_PAGE_CSP },
          { key: "x-frame-options", value: "DENY" },
          { key: "x-content-type-options", value: "nosniff" },
        ],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
