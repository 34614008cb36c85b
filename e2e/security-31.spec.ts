// Issue 31's probe, replayed against real servers: a flood of sign-in callbacks from one client
// (its own X-Forwarded-For in every request) that used to shut sign-in for everyone; a short
// AUTH_SECRET that a server accepted; Auth.js's pages under /api/auth/ that any site could frame;
// a server action run without Origin or Fetch Metadata; /api/* answers without HSTS on https.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, sandboxUrl, signInThroughForm, test } from "./fixtures";
import { Cluster } from "../bench/lib/cluster";
import { floodFrom, randomLoopbackAddress } from "./pages/from-address";
import { ShellPage } from "./pages/shell-page";
import { SandboxSignInPage } from "./pages/sign-in-page";

const port = Number(process.env.E2E_PORT ?? 3100);
/** Ports of the servers these stories start beside the run's own (e2e/cluster.spec.ts takes port + 100). */
const HTTPS_ORIGIN_PORT = port + 5;
const SHORT_SECRET_PORT = port + 6;
const ATTACKER_PORT = port + 7;
/** nginx in front of two instances (port + 201, + 202; their sandbox port + 1200). */
const PROXIED_PORT = port + 200;

test.describe("a flood of sign-in callbacks from one client, through the proxy", () => {
  // The per-address limits hold against a client that writes its own X-Forwarded-For only behind
  // the proxy (lib/http/public-origin.ts clientAddress): nginx and two instances, as deployed.
  test.use({ user: null, baseURL: `http://localhost:${PROXIED_PORT}` });
  let cluster: Cluster;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    cluster = await Cluster.start(PROXIED_PORT, { RATE_LIMIT_SIGNIN_PER_MINUTE: "20", RATE_LIMIT_SIGNIN_TOTAL_PER_MINUTE: String(TOTAL) });
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  // The probe sent 650 against the default total of 600 a minute; this cluster's total is 100, so
  // 110 of each kind make the same point in a sixth of the requests.
  const TOTAL = 100;
  const FLOOD = 110;

  test("empty callbacks and callbacks with a pair, each naming another X-Forwarded-For, past the total: sign-in stays open to everyone else", async ({ page }) => {
    test.setTimeout(180_000);
    const flooder = randomLoopbackAddress();
    const forged = (i: number) => ({ "x-forwarded-for": `198.18.${(i >> 8) & 255}.${i & 255}` });

    // Empty callbacks: refused as such before any limit counts them.
    const empty = await floodFrom(flooder, FLOOD, (i) => ({ path: "/auth/callback", headers: forged(i) }), 12, PROXIED_PORT);
    // Callbacks with a pair: the flooder's own address's limit (20 a minute) refuses the rest, and
    // what it refuses is not counted in the total.
    const paired = await floodFrom(flooder, FLOOD, (i) => ({ path: `/auth/callback?uid=flood${i}&state=flood${i}`, headers: forged(i) }), 12, PROXIED_PORT);

    // A person elsewhere (the browser, at 127.0.0.1) signs in as ever.
    const callback = page.waitForResponse((r) => new URL(r.url()).pathname === "/auth/callback");
    await page.goto("/login?from=%2Forders");
    await page.getByRole("link", { name: /サインイン|Sign in/ }).click();
    await page.waitForURL((url) => url.pathname.startsWith("/users/sign_in"));
    await new SandboxSignInPage(page).signIn("manager@sandbox.test", "sandbox");
    expect((await callback).status(), "the real sign-in's callback").toBe(303);
    await expect(page).toHaveURL(/\/orders$/);
    await expect(new ShellPage(page, "ja").accountSummary).toContainText("サンドボックス商店");

    const statuses = (answers: { status: number }[]) => answers.reduce<Record<number, number>>((n, a) => ({ ...n, [a.status]: (n[a.status] ?? 0) + 1 }), {});
    expect(statuses(empty), "empty callbacks: all sent back to /login, none counted").toEqual({ 303: FLOOD });
    expect(empty.every((a) => a.location?.includes("error=missing_callback"))).toBe(true);
    // 20 a minute from one address (40 when the flood spanned two minutes), whatever it wrote.
    const through = paired.filter((a) => a.status !== 429).length;
    expect(through, `callbacks with a pair that got past the limit: ${JSON.stringify(statuses(paired))}`).toBeLessThanOrEqual(40);
    expect(paired.filter((a) => a.status === 429).length).toBeGreaterThanOrEqual(FLOOD - 40);
    expect(Number(paired.find((a) => a.status === 429)?.retryAfter)).toBeGreaterThanOrEqual(1);
  });

  test("requests that bypass the proxy count as one client, whatever X-Forwarded-For they write, from whichever address", async () => {
    // Straight to an instance, past nginx: no proxy secret, so their forwarded headers are not believed.
    const instancePort = PROXIED_PORT + 1;
    const bypass = (tag: string) => (i: number) => ({ path: `/auth/callback?uid=${tag}${i}&state=${tag}${i}`, headers: { "x-forwarded-for": `203.0.113.${i}` } });
    const one = await floodFrom(randomLoopbackAddress(), 40, bypass("one"), 4, instancePort);
    const other = await floodFrom(randomLoopbackAddress(), 30, bypass("other"), 4, instancePort);
    // Believed, each of the 70 would pass its own address's limit; as one client, 20 a minute (40
    // when the floods spanned two minutes).
    const through = [...one, ...other].filter((a) => a.status !== 429).length;
    expect(through, JSON.stringify([...one, ...other].map((a) => a.status))).toBeLessThanOrEqual(40);
    expect(other.filter((a) => a.status === 429).length).toBeGreaterThan(0);
  });
});

test.describe("answers under /api/ carry the pages' protection", () => {
  test.use({ user: null });

  test("Auth.js's sign-out page and the API answers have a CSP and frame protection; no other site can frame the page", async ({ page, request, baseURL, consoleErrors }) => {
    for (const url of ["/api/auth/signout", "/api/auth/session", "/api/auth/csrf", "/api/auth/providers", "/api/auth/error", "/api/health", "/api/grid/views", "/api/no-such-route"]) {
      const res = await request.get(url, { maxRedirects: 0 });
      const headers = res.headers();
      expect(headers["content-security-policy"], `${url} (${res.status()})`).toContain("frame-ancestors 'none'");
      expect(headers["x-frame-options"], url).toBe("DENY");
      expect(headers["x-content-type-options"], url).toBe("nosniff");
    }
    const signOut = await request.get("/api/auth/signout");
    expect(signOut.status()).toBe(200);
    expect(await signOut.text()).toContain('action="'); // the sign-out question, a form

    // Another site frames the sign-out question (a click there would sign the person out): a page
    // of its own origin, served from this machine (Chromium blocks a public page's frames of
    // localhost whatever the headers say, and a page the test fulfils counts as public).
    consoleErrors.allow(/^console: Framing 'http:\/\/localhost:\d+\/' violates the following Content Security Policy directive: "frame-ancestors 'none'"/);
    const signOutUrl = `${baseURL}/api/auth/signout`;
    const attackerSite = http.createServer((req, res) => {
      if (req.url !== "/") return void res.writeHead(204).end(); // its favicon
      res.setHeader("content-type", "text/html");
      res.end(`<!doctype html><iframe name="victim" src="${signOutUrl}" width="600" height="400"></iframe>`);
    });
    await new Promise<void>((resolve) => attackerSite.listen(ATTACKER_PORT, "127.0.0.1", resolve));
    try {
      const framed = page.waitForResponse((r) => r.url() === signOutUrl);
      await page.goto(`http://127.0.0.1:${ATTACKER_PORT}/`, { waitUntil: "load" });
      expect((await framed).status()).toBe(200);
      // The browser received it and refused to show it: the frame holds its error page, not the form.
      const frame = page.frame({ name: "victim" })!;
      expect(frame.url()).not.toBe(signOutUrl);
      expect(await frame.locator("form").count()).toBe(0);
      await page.close();
    } finally {
      attackerSite.close();
    }
  });
});

/** The server action the header's sign-out form posts, as the page sends it (caught, not sent). */
async function signOutActionId(page: Page): Promise<string> {
  let id: string | undefined;
  await page.route("**/orders*", async (route) => {
    const action = route.request().headers()["next-action"];
    if (route.request().method() === "POST" && action) {
      id = action;
      return route.abort();
    }
    return route.fallback();
  });
  await new ShellPage(page, "ja").waitForHydration();
  await page.getByRole("button", { name: "サインアウト" }).first().click();
  await expect.poll(() => id).toBeDefined();
  await page.unrouteAll({ behavior: "ignoreErrors" });
  return id!;
}

test.describe("server actions", () => {
  test.use({ user: null });

  test("a server action without a same-origin Origin or Sec-Fetch-Site is refused; the page's own still runs", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "ja-JP" });
    try {
      const page = await context.newPage();
      await signInThroughForm(page, "staff", "/orders");
      const action = await signOutActionId(page);
      const post = (headers: Record<string, string>) =>
        context.request.post("/orders", {
          headers: { "next-action": action, "content-type": "text/plain;charset=UTF-8", accept: "text/x-component", ...headers },
          data: "[]",
          maxRedirects: 0,
        });
      const signedIn = async () => ((await (await context.request.get("/api/auth/session")).json()) as { profile?: unknown } | null)?.profile !== undefined;

      // Neither header (a hand-made request, or a client sending no Fetch Metadata nor Origin).
      const bare = await post({});
      expect(bare.status(), "a server action with neither Origin nor Sec-Fetch-Site").toBe(403);
      expect(await signedIn(), "still signed in after the bare request").toBe(true);
      // Another site, by either header.
      expect((await post({ origin: "https://evil.example" })).status()).toBe(403);
      expect((await post({ "sec-fetch-site": "cross-site" })).status()).toBe(403);
      expect((await post({ "sec-fetch-site": "same-origin", origin: "https://evil.example" })).status()).toBe(403);
      expect(await signedIn(), "still signed in after the cross-site requests").toBe(true);

      // The page's own request (Fetch Metadata same-origin) signs out.
      const own = await post({ "sec-fetch-site": "same-origin" });
      expect(own.status()).toBeLessThan(400);
      expect(await signedIn(), "signed out by the page's own request").toBe(false);
    } finally {
      await context.close();
    }
  });
});

/** A production server of this run's build on `serverPort`, its own data folder, this run's sandbox. */
function startServer(serverPort: number, env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null>; dataDir: string } {
  const dataDir = mkdtempSync(path.join(tmpdir(), "backyard-31-"));
  const child = spawn(process.execPath, [path.resolve("node_modules/next/dist/bin/next"), "start", "--port", String(serverPort)], {
    env: {
      ...process.env,
      PORT: String(serverPort),
      NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next",
      NE_API_BASE_URL: sandboxUrl,
      NE_LOGIN_BASE_URL: sandboxUrl,
      NE_CLIENT_ID: "sandbox-client-id",
      NE_CLIENT_SECRET: "sandbox-client-secret",
      APP_DATA_DIR: dataDir,
      DATABASE_URL: "",
      AUTH_SECRET: "",
      TRUSTED_PROXY_SECRET: "",
      LOG_LEVEL: "silent",
      LOG_FILE: "",
      NEXT_TELEMETRY_DISABLED: "1",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, output: () => output, exited, dataDir };
}

async function stopServer(server: ReturnType<typeof startServer>): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) {
    server.child.kill("SIGTERM");
    await server.exited;
  }
  rmSync(server.dataDir, { recursive: true, force: true });
}

test.describe("a production server's start and its https answers", () => {
  test.use({ user: null });

  test("an AUTH_SECRET shorter than 32 characters stops the start, saying so", async () => {
    test.setTimeout(120_000);
    const server = startServer(SHORT_SECRET_PORT, { AUTH_URL: `http://localhost:${SHORT_SECRET_PORT}`, AUTH_SECRET: "a-secret-of-24-character" });
    try {
      // It either stops, or (before the check) starts serving: whichever comes first.
      const served = (async () => {
        for (;;) {
          try {
            const res = await fetch(`http://127.0.0.1:${SHORT_SECRET_PORT}/api/health`);
            return `served ${res.status}`;
          } catch {
            await new Promise((r) => setTimeout(r, 250));
          }
        }
      })();
      const outcome = await Promise.race([server.exited.then((code) => `exited ${code}`), served]);
      expect(outcome, server.output()).toBe("exited 1");
      expect(server.output()).toContain("AUTH_SECRET has 24 characters; it must have at least 32");
    } finally {
      await stopServer(server);
    }
  });

  test("with an https public origin every answer carries HSTS, the API's and Auth.js's included", async () => {
    test.setTimeout(120_000);
    const origin = `http://127.0.0.1:${HTTPS_ORIGIN_PORT}`;
    const server = startServer(HTTPS_ORIGIN_PORT, { AUTH_URL: `https://localhost:${HTTPS_ORIGIN_PORT}`, AUTH_SECRET: "a-secret-of-forty-characters-0123456789" });
    try {
      await expect
        .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 90_000, message: server.output() })
        .toBe(200);
      const answers: [string, RequestInit?][] = [
        ["/login"],
        ["/orders"],
        ["/auth/start"],
        ["/auth/callback"],
        ["/api/health"],
        ["/api/ready"],
        ["/api/auth/session"],
        ["/api/auth/csrf"],
        ["/api/auth/signout"],
        ["/api/grid/views"],
        ["/api/uploads"],
        ["/api/board"],
        ["/api/ne/api_v1_receiveorder_base/search", { method: "POST", headers: { "content-type": "application/json", origin: `https://localhost:${HTTPS_ORIGIN_PORT}` }, body: "{}" }],
      ];
      for (const [url, init] of answers) {
        const res = await fetch(`${origin}${url}`, { redirect: "manual", ...init });
        expect(res.headers.get("strict-transport-security"), `${url} (${res.status})`).toBe("max-age=31536000; includeSubDomains");
      }
    } finally {
      await stopServer(server);
    }
  });
});
