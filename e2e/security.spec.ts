// The holes an attacker's probe found, closed: oversized bodies, login CSRF, forged forwarded
// headers, unbounded sign-in callbacks, and sessions that never ended.
import http from "node:http";
import { readFileSync, readdirSync, readlinkSync } from "node:fs";
import type { BrowserContext } from "@playwright/test";
import { expect, sandboxUrl, signInThroughForm, test, failedResource } from "./fixtures";
import { floodFrom, getFrom, randomLoopbackAddress } from "./pages/from-address";
import { OrdersPage } from "./pages/orders-page";
import { ShellPage } from "./pages/shell-page";

const COMPANY_1 = "サンドボックス商店";
const COMPANY_2 = "アナザー物産";
const port = Number(process.env.E2E_PORT ?? 3100);

/** The pid of the process listening on `port` (the dashboard's Next.js server), from /proc. */
function pidListeningOn(listenPort: number): number {
  const hex = listenPort.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const file of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    for (const line of readFileSync(file, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      // local address ends with :PORT, state 0A = LISTEN
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(cols[9]!);
    }
  }
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue;
    }
    for (const fd of fds) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m && inodes.has(m[1]!)) return Number(pid);
      } catch {
        // the fd closed meanwhile
      }
    }
  }
  throw new Error(`no process listens on ${listenPort}`);
}

function rssBytes(pid: number): number {
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kb) * 1024;
}

/**
 * Sends a chunked body of `total` bytes, written as the server takes it, and stops writing when
 * the answer comes: the status (0 when the server cut the connection while the client was still
 * writing: closing a socket with unread data resets it, and the reset may overtake the answer),
 * and how many bytes went out.
 */
function postChunked(path: string, total: number, headers: Record<string, string>, method = "POST"): Promise<{ status: number; sent: number }> {
  return new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(256 * 1024, 0x20);
    let sent = 0;
    let answered = false;
    const req = http.request({ host: "localhost", port, path, method, headers: { "content-type": "application/json", "transfer-encoding": "chunked", ...headers } });
    req.on("response", (res) => {
      answered = true;
      res.resume();
      res.on("end", () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, sent });
      });
    });
    req.on("error", (err: NodeJS.ErrnoException) => {
      if (answered) return;
      if (err.code === "ECONNRESET" || err.code === "EPIPE") resolve({ status: 0, sent });
      else reject(err);
    });
    const write = () => {
      while (!answered && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once("drain", write);
      }
      if (!answered) req.end();
    };
    write();
  });
}

async function sessionCookieHeader(context: BrowserContext): Promise<string> {
  const cookies = await context.cookies();
  return cookies.filter((c) => c.name.includes("backyard.session")).map((c) => `${c.name}=${c.value}`).join("; ");
}

test.describe("request bodies are bounded before they are buffered", () => {
  test("three chunked 300 MB bodies, with and without a session, are refused and the server's memory stays put", async ({ page, context }) => {
    await page.goto("/orders");
    const cookie = await sessionCookieHeader(context);
    expect(cookie).not.toBe("");
    const pid = pidListeningOn(port);
    const origin = `http://localhost:${port}`;
    const MB = 1024 * 1024;

    // Warm the routes first, so that what the server loads once is not counted.
    await postChunked("/api/ne/api_v1_receiveorder_base/search", 2 * MB, { cookie, origin });
    await postChunked("/api/grid/preferences/orders", 2 * MB, { cookie, origin }, "PUT");
    const before = rssBytes(pid);

    const results = await Promise.all([
      postChunked("/api/ne/api_v1_receiveorder_base/search", 300 * MB, { cookie, origin }),
      postChunked("/api/ne/api_v1_receiveorder_base/search", 300 * MB, { origin }),
      postChunked("/api/grid/preferences/orders", 300 * MB, { cookie, origin }, "PUT"),
      postChunked("/api/auth/signout", 300 * MB, { origin }),
    ]);
    const after = rssBytes(pid);

    // With a session the body is read up to its limit and refused (413); without one it is never
    // read (401). Either the answer came, or the server cut the connection that it stopped reading.
    const expected = [413, 401, 413, 413];
    results.forEach((r, i) => expect([expected[i], 0], `request ${i}`).toContain(r.status));
    // The server stopped reading: the client could not push the 300 MB (TCP backpressure).
    for (const r of results) expect(r.sent).toBeLessThan(300 * MB);
    // The server did not hold the bodies: before the fix one such body took it from 609 MB to 1.36 GB.
    expect(after - before, `RSS ${Math.round(before / MB)} → ${Math.round(after / MB)} MB`).toBeLessThan(24 * MB);
  });
});

test.describe("login CSRF", () => {
  test.use({ user: null });

  /** A uid/state pair of `login` as the sign-in page issues it, never used (the attacker's own). */
  async function issuedPair(login: string): Promise<string> {
    const redirectUri = `http://localhost:${port}/auth/callback`;
    const form = new URLSearchParams({ "user[login_code]": login, "user[password]": "sandbox", client_id: "sandbox-client-id", redirect_uri: redirectUri });
    const res = await fetch(`${sandboxUrl}/users/sign_in/`, { method: "POST", body: form, redirect: "manual" });
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location")!);
    return `/auth/callback?uid=${encodeURIComponent(location.searchParams.get("uid")!)}&state=${encodeURIComponent(location.searchParams.get("state")!)}`;
  }

  test("a victim sent to the callback with the attacker's pair stays in their own company and is asked first", async ({ page }) => {
    const shell = new ShellPage(page);
    await signInThroughForm(page, "staff", "/orders");
    await expect(shell.accountSummary).toContainText(COMPANY_1);

    // The attacker signs in as company 2 on their own machine and keeps the pair unused.
    const attackersLink = await issuedPair("operator@another.test");
    await page.goto(attackersLink);
    await expect(page).toHaveURL(/\/auth\/confirm$/);
    await expect(page.getByRole("heading", { name: new RegExp(`${COMPANY_2} の .+ としてサインインしますか`) })).toBeVisible();
    await expect(page.getByText(`現在は ${COMPANY_1}`)).toBeVisible();

    // Still company 1 everywhere until the person says yes.
    await page.goto("/orders");
    await expect(shell.accountSummary).toContainText(COMPANY_1);

    await page.goto("/auth/confirm");
    await page.getByRole("button", { name: "キャンセル" }).click();
    await expect(page).toHaveURL(/\/login\?reason=declined/);
    await page.goto("/orders");
    await expect(shell.accountSummary).toContainText(COMPANY_1);
  });

  test("confirming signs in as the other person and ends the session it replaces", async ({ page, context, browser, baseURL }) => {
    const shell = new ShellPage(page);
    await signInThroughForm(page, "staff", "/orders");
    const oldCookies = await context.cookies();

    await page.goto(await issuedPair("operator@another.test"));
    await page.getByRole("button", { name: "サインインする" }).click();
    await expect(page).toHaveURL(/\/orders/);
    await expect(shell.accountSummary).toContainText(COMPANY_2);

    // The replaced session's cookie no longer opens anything: its stored tokens are gone.
    const other = await browser.newContext({ baseURL, locale: "ja-JP" });
    try {
      await other.addCookies(oldCookies);
      const stale = await other.newPage();
      await stale.goto("/orders");
      await expect(stale).toHaveURL(/\/login\?reason=expired/);
    } finally {
      await other.close();
    }
  });

  test("the confirmation cannot be posted from another site or without its token", async ({ page, baseURL }) => {
    await page.goto(await issuedPair("operator@another.test"));
    await expect(page).toHaveURL(/\/auth\/confirm$/);
    const cross = await page.request.post("/auth/confirm/accept", { form: { csrf: "x".repeat(43) }, headers: { origin: "https://evil.example" }, maxRedirects: 0 });
    expect(cross.status()).toBe(403);
    const noToken = await page.request.post("/auth/confirm/accept", { form: { csrf: "wrong-token-wrong-token-wrong-token-wrong" }, headers: { origin: new URL(baseURL!).origin }, maxRedirects: 0 });
    expect(noToken.status()).toBe(403);
    // Nothing signed in: the dashboard still asks for sign-in.
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/login/);
  });
});

test.describe("forwarded headers and sign-in limits", () => {
  test.use({ user: null });

  test("a forged X-Forwarded-Host does not move the sign-in's redirect_uri", async ({ request }) => {
    const res = await request.get("/auth/start", { headers: { "x-forwarded-host": "evil.example", "x-forwarded-proto": "https" }, maxRedirects: 0 });
    expect(res.status()).toBe(303);
    const redirectUri = new URL(new URL(res.headers()["location"]!).searchParams.get("redirect_uri")!);
    expect(redirectUri.origin).toBe(`http://localhost:${port}`);
    expect(redirectUri.pathname).toBe("/auth/callback");
    // Exactly the registered redirect URI: nothing of ours in its query (the nonce is in its cookie only).
    expect(redirectUri.search).toBe("");
    expect(res.headers()["set-cookie"]).toMatch(/backyard\.sign-in-nonce=[^;]+;.*HttpOnly/i);
  });

  // Behind the proxy, whatever X-Forwarded-For a client writes: e2e/security-31.spec.ts.
  test("garbage callbacks from one address are slowed with 429 and Retry-After; another address is not", async () => {
    // Two clients on this machine: two loopback addresses (e2e/pages/from-address.ts).
    const address = randomLoopbackAddress();
    const answers = await floodFrom(address, 30, (i) => ({ path: `/auth/callback?uid=garbage${i}&state=garbage${i}` }), 1);
    const statuses = answers.map((a) => a.status);
    expect(statuses.slice(0, 20).every((s) => s === 303)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    expect(Number(answers[20]!.retryAfter)).toBeGreaterThanOrEqual(1);
    // Another address is not slowed by it.
    const other = await getFrom(randomLoopbackAddress(), "/auth/callback?uid=g&state=g");
    expect(other.status).toBe(303);
  });
});

test.describe("sessions end", () => {
  test.use({ user: null });

  test("a page left without activity for 8 hours signs out and says why", async ({ page }) => {
    await page.clock.install();
    await signInThroughForm(page, "manager", "/orders");
    const orders = new OrdersPage(page);
    await orders.waitForState("ready");
    // The work-queue tabs' background counts are calls, so activity: idle time counts from the last.
    await orders.waitForQueueCounts();
    await page.clock.fastForward("07:59:00");
    await expect(page).toHaveURL(/\/orders/);
    await page.clock.fastForward("00:01:30");
    // Long: signing out is a server round trip, then /login renders.
    await expect(page).toHaveURL(/\/login\?reason=idle/, { timeout: 15_000 });
    await expect(page.getByRole("alert").filter({ hasText: "操作がない時間が長く続いた" })).toBeVisible();
    // Signed out for real: the dashboard asks for sign-in again.
    await page.goto("/orders");
    await expect(page).toHaveURL(/\/login/);
  });

  test("a sign-in ends after 7 days however busy the page is", async ({ page }) => {
    await page.clock.install();
    await signInThroughForm(page, "manager", "/orders");
    await new OrdersPage(page).waitForState("ready");
    // Someone works on the page every 7 hours (under the 8-hour idle timeout) for 161 hours.
    for (let i = 0; i < 23; i++) {
      await page.clock.fastForward("07:00:00");
      await page.keyboard.press("Shift");
    }
    await expect(page).toHaveURL(/\/orders/);
    await page.clock.fastForward("07:00:30");
    // Long: the next call meets the ended session on the server, then /login renders.
    await expect(page).toHaveURL(/\/login\?reason=expired/, { timeout: 15_000 });
  });
});

test.describe("rate-limited answers", () => {
  // The 429s these stories answer in the BFF's place, and the limit's error the grid catches.
  test.beforeEach(({ consoleErrors }) => {
    consoleErrors.allow(failedResource(429, "/api/ne/api_v1_receiveorder_base/search"), /^console: BffError: too many requests/);
  });

  test("a grid shows the wait and tries again when Retry-After says", async ({ page }) => {
    let refused = 0;
    const times: number[] = [];
    await page.route("**/api/ne/api_v1_receiveorder_base/search", async (route) => {
      times.push(Date.now());
      if (refused < 2) {
        refused++;
        return route.fulfill({
          status: 429,
          headers: { "content-type": "application/json", "retry-after": "2" },
          body: JSON.stringify({ error: { code: "rate-limited", message: "too many requests", retryable: true, kind: "busy" } }),
        });
      }
      return route.continue();
    });
    await page.goto("/orders");
    await new OrdersPage(page).waitForState("ready");
    expect(refused).toBe(2);
    // Each retry waited the 2 s the answer asked for.
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1900);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1900);
  });

  test("when the limit holds, the grid says so instead of showing an empty list", async ({ page }) => {
    await page.route("**/api/ne/api_v1_receiveorder_base/search", (route) =>
      route.fulfill({
        status: 429,
        headers: { "content-type": "application/json", "retry-after": "1" },
        body: JSON.stringify({ error: { code: "rate-limited", message: "too many requests", retryable: true, kind: "busy" } }),
      }),
    );
    await page.goto("/orders");
    // Long: the grid first retries twice, each after the 1 s the answer asks for.
    await expect(page.getByRole("alert").filter({ hasText: "短時間にリクエストが多すぎます" })).toBeVisible({ timeout: 30_000 });
  });
});

test.describe("production start", () => {
  test.use({ user: null });

  test("a production server without AUTH_URL refuses to start, saying why", async () => {
    const { spawn } = await import("node:child_process");
    const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: "production", PORT: "3199", NEXT_DIST_DIR: process.env.NEXT_DIST_DIR ?? ".next" };
    delete env.AUTH_URL;
    // The production server npm start and npm run cluster run.
    const child = spawn(process.execPath, ["node_modules/next/dist/bin/next", "start", "--port", "3199"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 60_000);
      child.on("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code, output).toBe(1);
    expect(output).toContain("AUTH_URL is not set");
  });
});
