import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const nextConfig: NextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // A separate build folder per checkout user (e.g. `.next-e2e`), so parallel builds never collide.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  // PGlite loads its WASM and data files from its package folder at run time.
  serverExternalPackages: ["@electric-sql/pglite", "pg"],
  // The BFF benchmark's do-nothing baseline: a plain Next.js rewrite to the upstream. Only in a
  // build made with BENCH_REWRITE_TARGET set (npm run bench makes its own); never in a product build.
  async rewrites() {
    const target = process.env.BENCH_REWRITE_TARGET;
    return target ? [{ source: "/__bench/rewrite/:path*", destination: `${target}/:path*` }] : [];
  },
};

export default withNextIntl(nextConfig);
