#!/usr/bin/env node
// The dashboard's production server, what `npm start`, `npm run cluster` and the Docker image run
// (in place of `next start`): a built dashboard served by Next.js inside a plain Node HTTP server
// that hands the BFF's requests (`/api/ne/<resource>/<operation>`) to the BFF's handler itself,
// before Next's router. Everything else (pages, auth, other API routes, static files) is Next's.
//
// Why: the BFF's route waits on the upstream and does little else, and for such a route Next's
// request pipeline (router, base server, Pages API preparation) costs more CPU than the route's own
// work; on a small machine that CPU is taken from everything else (bench/bff-overhead.ts measures
// it against a do-nothing Next.js rewrite). The handler is the one Next built and would call for
// that URL (pages/api/ne/[...path].ts, found through the build's pages manifest), given the same
// `path` segments Next would give it; `next dev` keeps serving it through Next's router. It also
// writes the socket's address into X-Forwarded-For unless the trusted proxy sent the request
// (setClientAddress below).
//
//   PORT               the port (default 3000), on every interface as `next start` listens
//   NEXT_DIST_DIR      the build folder (default .next), as in next.config.ts
//
// A standalone build (the Docker image) has no next.config.ts: the configuration is read from the
// build's required-server-files.json, as Next's own standalone server.js reads it.
import { timingSafeEqual } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import { createServer } from "node:http";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const distDir = process.env.NEXT_DIST_DIR || ".next";
const port = Number(process.env.PORT || 3000);
const require = createRequire(path.join(dir, "package.json"));

process.env.NODE_ENV ||= "production";
if (!["next.config.ts", "next.config.mjs", "next.config.js"].some((name) => existsSync(path.join(dir, name)))) {
  const files = JSON.parse(readFileSync(path.join(dir, distDir, "required-server-files.json"), "utf8"));
  process.env.__NEXT_PRIVATE_STANDALONE_CONFIG = JSON.stringify(files.config);
}

const BFF_PAGE = "/api/ne/[...path]";
const BFF_PREFIX = "/api/ne/";

/**
 * The `path` segments Next's router would give the BFF's catch-all route for `url`, or undefined
 * when `url` is one Next should answer itself (a trailing slash it redirects, an empty, dot or
 * malformed segment it rejects).
 */
export function bffSegments(url) {
  if (!url.startsWith(BFF_PREFIX)) return undefined;
  const queryAt = url.indexOf("?");
  const rest = url.slice(BFF_PREFIX.length, queryAt === -1 ? undefined : queryAt);
  const segments = rest.split("/");
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    if (segment === "" || segment === "." || segment === "..") return undefined;
    if (segment.includes("%")) {
      try {
        segments[i] = decodeURIComponent(segment);
      } catch {
        return undefined;
      }
    }
  }
  return segments;
}

/**
 * The BFF's handler from the build: the route module's default export, as Next loads and calls it.
 * A build without it, or a Next.js whose route modules are shaped otherwise, stops the start here
 * (rather than serving the BFF slower without saying so).
 */
async function loadBffHandler() {
  const serverDir = path.join(dir, distDir, "server");
  const manifest = JSON.parse(readFileSync(path.join(serverDir, "pages-manifest.json"), "utf8"));
  const file = manifest[BFF_PAGE];
  if (!file) throw new Error(`the build in ${distDir} has no ${BFF_PAGE} route`);
  const mod = await require(path.join(serverDir, file));
  if (typeof mod?.default !== "function") throw new Error(`${BFF_PAGE}'s built module has no default export to call`);
  return mod.default;
}

/**
 * The client's address, where the app reads it (lib/http/public-origin.ts clientAddress, the
 * sign-in limit's key): a request that did not come through the trusted proxy (its
 * `x-backyard-proxy` header is TRUSTED_PROXY_SECRET) has its X-Forwarded-For replaced by the
 * socket's address, so that no client names its own address and passes for many. Next fills the
 * header with the socket's address only when it is absent (a bare `next start` believes what a
 * client wrote) and route handlers never see the socket. When this server goes (issue 32),
 * whatever serves the app must do the same, or stand behind the proxy.
 */
export function setClientAddress(req, proxySecret = process.env.TRUSTED_PROXY_SECRET) {
  const sent = Buffer.from(String(req.headers["x-backyard-proxy"] ?? ""));
  const secret = Buffer.from(proxySecret ?? "");
  if (secret.length > 0 && sent.length === secret.length && timingSafeEqual(sent, secret)) return;
  if (req.socket.remoteAddress) req.headers["x-forwarded-for"] = req.socket.remoteAddress;
  else delete req.headers["x-forwarded-for"];
}

function failed(res, err) {
  console.error(`[serve] ${BFF_PAGE} failed:`, err);
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.statusCode = 500;
  res.setHeader("content-type", "text/plain; charset=utf-8");
  res.end("Internal Server Error");
}

async function main() {
  const { default: next } = await import("next");
  const app = next({ dev: false, dir, port, customServer: true });
  await app.prepare();
  const handle = app.getRequestHandler();
  const bff = await loadBffHandler();

  const server = createServer((req, res) => {
    setClientAddress(req);
    const segments = req.url ? bffSegments(req.url) : undefined;
    if (segments) {
      req.query = { path: segments };
      bff(req, res).catch((err) => failed(res, err));
      return;
    }
    handle(req, res);
  });
  server.listen(port, () => console.log(`[serve] ready on http://localhost:${port}`));

  // As `next start` stops: no new connections, the requests in flight answered, then Next closed.
  let closing = false;
  const close = () => {
    if (closing) return;
    closing = true;
    server.close(() => app.close().finally(() => process.exit(0)));
    server.closeIdleConnections();
  };
  process.on("SIGTERM", close);
  process.on("SIGINT", close);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err) => {
    console.error("[serve]", err instanceof Error ? (err.stack ?? err.message) : err);
    process.exit(1);
  });
}
