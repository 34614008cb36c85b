// Sign-in, sign-out, dead sessions and the BFF's boundaries, as people and attackers meet them.
import type { APIRequestContext, Page, Request } from "@playwright/test";
import { expect, failedResource, sandboxUrl, signInThroughForm, test } from "./fixtures";
import { GridPage } from "./pages/grid-page";
import { sandboxCall, sandboxClock } from "./pages/sandbox-api";
import { AREAS, ShellPage, areaPath } from "./pages/shell-page";
import { SandboxAppMenu, SandboxSignInPage } from "./pages/sign-in-page";

const COMPANY_1 = "サンドボックス商店";
const COMPANY_2 = "アナザー物産";

interface IssuedToken {
  access_token: string;
  refresh_token: string;
  company_ne_id: string;
}

/** Every token the sandbox has issued (its admin listing). */
async function issuedTokens(request: APIRequestContext): Promise<IssuedToken[]> {
  const res = await request.get(`${sandboxUrl}/__sandbox/tokens`);
  expect(res.ok(), "GET /__sandbox/tokens").toBeTruthy();
  return (await res.json()) as IssuedToken[];
}

/** The BFF call a page makes, from inside the page. */
function bff(page: Page, path: string, body: unknown, init: { origin?: string | null } = {}) {
  return page.evaluate(
    async ({ path, body }) => {
      const res = await fetch(`/api/ne/${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    },
    { path, body, init },
  );
}

const ORDER_FIELDS = ["receive_order_id", "receive_order_shop_id", "receive_order_purchaser_name", "receive_order_total_amount"];

test.describe("signing in and out", () => {
  test.use({ user: null });

  test("a staff member signs in through the sandbox's page, sees the company, and signs out", async ({ browser, baseURL }) => {
    // A context of its own: signing out deletes the tokens of this session only.
    const context = await browser.newContext({ baseURL, locale: "ja-JP" });
    const page = await context.newPage();

    await test.step("an unauthenticated page sends the person to /login, remembering the page", async () => {
      await page.goto("/goods?x=1");
      await expect(page).toHaveURL(/\/login\?from=%2Fgoods%3Fx%3D1$/);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Backyard にサインイン");
    });

    await test.step("the sandbox's sign-in form, then back on the page they were on", async () => {
      await page.getByRole("link", { name: "NextEngine でサインイン" }).click();
      await expect(page).toHaveURL(/\/users\/sign_in\//);
      await new SandboxSignInPage(page).signIn("staff@sandbox.test", "sandbox");
      await expect(page).toHaveURL(/\/goods\?x=1$/);
      const shell = new ShellPage(page, "ja");
      await expect(shell.accountSummary).toContainText(COMPANY_1);
    });

    await test.step("the session cookie is httpOnly and names no token", async () => {
      const cookies = await context.cookies();
      const session = cookies.find((c) => c.name === "backyard.session");
      expect(session?.httpOnly).toBe(true);
      expect(session?.sameSite).toBe("Lax");
      expect(await page.evaluate(() => document.cookie)).not.toContain("backyard.session");
    });

    await test.step("signing out deletes the stored tokens: the old cookie no longer works", async () => {
      const before = await context.cookies();
      await page.getByRole("button", { name: "サインアウト" }).click();
      await expect(page).toHaveURL(/\/login\?reason=signed-out$/);
      await expect(page.getByRole("status").filter({ hasText: "サインアウトしました。" })).toBeVisible();
      // Replaying the old session cookie: its tokens are gone, so the BFF refuses.
      await context.addCookies(before.filter((c) => c.name === "backyard.session"));
      await page.goto("/orders");
      await expect(page).toHaveURL(/\/login\?reason=expired&from=%2Forders$/);
      const res = await bff(page, "api_v1_receiveorder_base/search", { fields: ORDER_FIELDS, limit: 1 });
      expect(res.status).toBe(401);
    });
    await context.close();
  });

  test("a wrong password keeps the person on the sandbox's form with an error", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "NextEngine でサインイン" }).click();
    const signIn = new SandboxSignInPage(page);
    await signIn.signIn("staff@sandbox.test", "wrong");
    await expect(page).toHaveURL(/\/users\/sign_in\//);
    await expect(signIn.loginField).toBeVisible();
  });

  test("a forged or replayed callback is refused with a message", async ({ page }) => {
    await page.goto("/auth/callback?uid=forged&state=forged");
    await expect(page).toHaveURL(/\/login\?error=/);
    await expect(page.getByRole("alert").filter({ hasText: "サインインできませんでした" })).toBeVisible();
    await page.goto("/auth/callback");
    await expect(page).toHaveURL(/\/login\?error=missing_callback/);
  });

  test("dead tokens (002004) send the person back to /login with a message and their page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, locale: "ja-JP" });
    const page = await context.newPage();
    await signInThroughForm(page, "manager", "/stock");
    // The stock grid's own calls end first: one of them meeting the dead tokens would end the
    // session before the call below, which must be the one that meets 002004.
    await new GridPage(page, "/stock").waitForRows();
    await page.waitForLoadState("networkidle");
    try {
      await sandboxClock({ advance_s: 4 * 86_400 });
      const res = await bff(page, "api_v1_receiveorder_base/search", { fields: ORDER_FIELDS, limit: 1 });
      expect(res.status).toBe(401);
      expect(res.json).toMatchObject({ error: { code: "002004", retryable: false, kind: "auth-expired" } });
      await page.goto("/stock");
      await expect(page).toHaveURL(/\/login\?reason=expired&from=%2Fstock$/);
      await expect(page.getByRole("alert").filter({ hasText: "有効期限が切れました" })).toBeVisible();
    } finally {
      await sandboxClock(null);
      await context.close();
    }
  });
});

test.describe("sign-in as NextEngine launches apps", () => {
  test.use({ user: null });

  /**
   * A uid/state pair of `login` from the sandbox's app menu, as an attacker gets one on their own
   * machine (signed in to the sandbox as themselves) and keeps unused: the link they send.
   */
  async function attackersLink(login: string): Promise<string> {
    const signedIn = await fetch(`${sandboxUrl}/users/sign_in/`, {
      method: "POST",
      body: new URLSearchParams({ "user[login_code]": login, "user[password]": "sandbox" }),
      redirect: "manual",
    });
    expect(signedIn.status).toBe(302);
    const cookie = signedIn.headers.getSetCookie().map((c) => c.split(";")[0]!).join("; ");
    const launched = await fetch(`${sandboxUrl}/apps/launch/?id=1`, { headers: { cookie }, redirect: "manual" });
    expect(launched.status).toBe(302);
    return launched.headers.get("location")!;
  }

  test("a launch from the sandbox's app menu lands on /orders signed in, without a question", async ({ page, baseURL }) => {
    // Every navigation request of the page, redirects included (the callback answers 303).
    const navigations: Request[] = [];
    page.on("request", (request) => {
      if (request.isNavigationRequest() && request.frame() === page.mainFrame()) navigations.push(request);
    });
    const visited = () => navigations.map((r) => new URL(r.url()).pathname);
    const menu = new SandboxAppMenu(page, sandboxUrl);

    await test.step("the person signs in to the sandbox on its own page and sees the app in the menu", async () => {
      await menu.open("operator@another.test", "sandbox");
      await expect(page.getByText("アナザー物産")).toBeVisible();
      await expect(menu.app("Backyard")).toBeVisible();
    });

    await test.step("choosing the app signs them in to the dashboard and lands on /orders", async () => {
      await menu.app("Backyard").click();
      await expect(page).toHaveURL(`${baseURL}/orders`);
      await expect(new ShellPage(page, "ja").accountSummary).toContainText(COMPANY_2);
      // The menu sent the browser to the registered redirect URI, and the callback saw the menu's origin.
      const callback = navigations.find((r) => new URL(r.url()).pathname === "/auth/callback");
      expect(callback, "the launch went through /auth/callback").toBeDefined();
      expect(new URL(callback!.url()).searchParams.get("uid")).toMatch(/^[0-9a-f]{32}$/);
      expect(new URL((await callback!.allHeaders())["referer"] ?? "").origin).toBe(sandboxUrl);
      expect(visited()).not.toContain("/auth/confirm");
      await new GridPage(page, "/orders").waitForRows();
    });

    await test.step("launching again from the menu signs in again, still without a question", async () => {
      await page.goto(`${sandboxUrl}/apps`);
      await menu.app("Backyard").click();
      await expect(page).toHaveURL(`${baseURL}/orders`);
      expect(visited().filter((p) => p === "/auth/callback")).toHaveLength(2);
      expect(visited()).not.toContain("/auth/confirm");
    });
  });

  test("a forged callback (the attacker's own pair, opened in the victim's browser) still asks", async ({ page }) => {
    const shell = new ShellPage(page, "ja");
    await signInThroughForm(page, "staff", "/orders");
    await expect(shell.accountSummary).toContainText(COMPANY_1);
    const question = page.getByRole("heading", { name: new RegExp(`${COMPANY_2} の .+ としてサインインしますか`) });

    await test.step("without a Referer", async () => {
      await page.goto(await attackersLink("operator@another.test"));
      await expect(page).toHaveURL(/\/auth\/confirm$/);
      await expect(question).toBeVisible();
      await page.goto("/orders");
      await expect(shell.accountSummary).toContainText(COMPANY_1);
    });

    await test.step("sent by another site's page", async () => {
      await page.goto(await attackersLink("operator@another.test"), { referer: "https://evil.example/next-engine-apps" });
      await expect(page).toHaveURL(/\/auth\/confirm$/);
      await expect(question).toBeVisible();
    });

    await test.step("while the victim has just started a sign-in of their own: the nonce does not cover another site's link", async () => {
      await page.goto("/login");
      await page.getByRole("link", { name: "NextEngine でサインイン" }).click();
      await expect(page).toHaveURL(/\/users\/sign_in\//);
      await page.goto(await attackersLink("operator@another.test"), { referer: "https://evil.example/" });
      await expect(page).toHaveURL(/\/auth\/confirm$/);
      await expect(question).toBeVisible();
      await page.getByRole("button", { name: "キャンセル" }).click();
      await expect(page).toHaveURL(/\/login\?reason=declined/);
      await page.goto("/orders");
      await expect(shell.accountSummary).toContainText(COMPANY_1);
    });
  });

  test("a sign-in started here signs in without a question even when its callback carries no Referer, once", async ({ playwright, baseURL }) => {
    // A client that sends no Referer at all (as a browser whose Referer was stripped on the way).
    const client = await playwright.request.newContext({ baseURL });
    try {
      const start = await client.get("/auth/start?from=%2Fgoods", { maxRedirects: 0 });
      expect(start.status()).toBe(303);
      const signInUrl = new URL(start.headers()["location"]!);
      const redirectUri = signInUrl.searchParams.get("redirect_uri")!;
      // Exactly the registered redirect URI: no query of ours (the nonce stays in its cookie).
      expect(redirectUri).toBe(`${baseURL}/auth/callback`);
      expect(start.headers()["set-cookie"]).toMatch(/backyard\.sign-in-nonce=[^;]+;.*HttpOnly/i);

      const pairOf = async (login: string) => {
        const posted = await fetch(`${sandboxUrl}/users/sign_in/`, {
          method: "POST",
          body: new URLSearchParams({ "user[login_code]": login, "user[password]": "sandbox", client_id: signInUrl.searchParams.get("client_id")!, redirect_uri: redirectUri }),
          redirect: "manual",
        });
        expect(posted.status).toBe(302);
        return posted.headers.get("location")!;
      };
      const callback = await client.get(await pairOf("manager@sandbox.test"), { maxRedirects: 0 });
      expect(callback.status()).toBe(303);
      expect(callback.headers()["location"]).toBe(`${baseURL}/goods`);

      // The nonce was used up by that callback: another pair in the same browser now asks.
      const again = await client.get(await pairOf("operator@another.test"), { maxRedirects: 0 });
      expect(again.status()).toBe(303);
      expect(again.headers()["location"]).toBe(`${baseURL}/auth/confirm`);
    } finally {
      await client.dispose();
    }
  });

  test("the sandbox refuses a sign-in whose redirect_uri is not the registered one", async ({ page, baseURL, consoleErrors }) => {
    consoleErrors.allow(failedResource(400, "/users/sign_in/"));
    for (const other of [`${baseURL}/auth/callback?n=nonce`, `${baseURL}/auth/callback/`, "https://evil.example/auth/callback"]) {
      const res = await page.goto(`${sandboxUrl}/users/sign_in/?client_id=sandbox-client-id&redirect_uri=${encodeURIComponent(other)}`);
      expect(res?.status(), other).toBe(400);
      await expect(page.getByRole("alert")).toContainText("registered redirect URI");
      await expect(new SandboxSignInPage(page).loginField).toHaveCount(0);
      // Posting the form anyway is refused too, and sends nobody anywhere.
      const posted = await page.request.post(`${sandboxUrl}/users/sign_in/`, {
        form: { "user[login_code]": "staff@sandbox.test", "user[password]": "sandbox", client_id: "sandbox-client-id", redirect_uri: other },
        maxRedirects: 0,
      });
      expect(posted.status(), other).toBe(400);
      expect(posted.headers()["location"]).toBeUndefined();
    }
  });
});

test.describe("companies see only their own data", () => {
  test.use({ user: "operator" });

  test("a company 2 operator sees company 2's name and orders, never company 1's", async ({ page, request, baseURL }) => {
    await page.goto("/orders");
    await expect(new ShellPage(page, "ja").accountSummary).toContainText(COMPANY_2);

    const mine = await bff(page, "api_v1_receiveorder_base/search", { fields: ORDER_FIELDS, limit: 50 });
    expect(mine.status).toBe(200);
    const rows = (mine.json.rows as Record<string, string>[]) ?? [];
    expect(rows.length).toBeGreaterThan(0);

    const direct2 = await sandboxCall("operator", "/api_v1_receiveorder_base/search", { fields: ORDER_FIELDS.join(","), limit: "50" });
    expect(rows).toEqual(direct2.data);
    // Company 1 must exist with orders of its own, and none of them reach the operator.
    await signInAs(request, baseURL!, "staff@sandbox.test");
    const direct1 = await sandboxCall("staff", "/api_v1_receiveorder_base/search", { fields: ORDER_FIELDS.join(","), limit: "50" });
    expect(direct1.data?.length ?? 0).toBeGreaterThan(0);
    expect(direct1.data).not.toEqual(direct2.data);
    const company = await bff(page, "api_v1_login_company/info", {});
    expect(JSON.stringify(company.json)).toContain(COMPANY_2);
    expect(JSON.stringify(company.json)).not.toContain(COMPANY_1);
  });
});

/** A company-1 token issued straight by the sandbox (an outside client), for comparison. */
async function signInAs(request: APIRequestContext, baseURL: string, login: string) {
  const res = await request.post(`${sandboxUrl}/users/sign_in/`, {
    form: { "user[login_code]": login, "user[password]": "sandbox", client_id: "sandbox-client-id", redirect_uri: `${baseURL}/auth/callback` },
    maxRedirects: 0,
  });
  const location = new URL(res.headers()["location"] ?? "");
  const neauth = await request.post(`${sandboxUrl}/api_neauth`, {
    form: {
      uid: location.searchParams.get("uid") ?? "",
      state: location.searchParams.get("state") ?? "",
      client_id: "sandbox-client-id",
      client_secret: "sandbox-client-secret",
    },
  });
  expect((await neauth.json()).result).toBe("success");
}

test.describe("the BFF refuses what a page never sends", () => {
  const search = { fields: ORDER_FIELDS, limit: 10 };

  async function post(request: APIRequestContext, path: string, data: unknown, headers: Record<string, string> = {}) {
    return request.fetch(path, { method: "POST", data: JSON.stringify(data), headers: { "content-type": "application/json", ...headers } });
  }

  test("cross-origin, uploads outside the journal, path escapes, unknown operations and fields, bad limits", async ({ page, baseURL }) => {
    await page.goto("/orders");
    const request = page.request; // carries the signed-in cookie
    const origin = new URL(baseURL!).origin;

    const ok = await post(request, "/api/ne/api_v1_receiveorder_base/search", search, { origin });
    expect(ok.status()).toBe(200);

    const cross = await post(request, "/api/ne/api_v1_receiveorder_base/search", search, { origin: "https://evil.example" });
    expect(cross.status()).toBe(403);
    expect((await cross.json()).error.code).toBe("foreign-origin");

    // Uploads go through the upload journal (/api/uploads) only: the proxy knows no upload.
    const upload = await post(request, "/api/ne/api_v1_warehouse_stock/upload", { upload: { dataType: "csv", data: "YSxiCg==" } }, { origin });
    expect(upload.status()).toBe(404);
    expect((await upload.json()).error.code).toBe("unknown-operation");

    for (const path of [
      "/api/ne/api_neauth",
      "/api/ne/api_app/company",
      "/api/ne//evil.example/search",
      "/api/ne/api_v1_receiveorder_base/../../api_neauth",
      "/api/ne/%2e%2e/api_neauth",
      "/api/ne/api_v1_receiveorder_base/%2e%2e%2f%2e%2e%2fapi_neauth",
      "/api/ne/api_v1_receiveorder_base%2fsearch",
      "/api/ne/api_v1_nothing/search",
    ]) {
      const res = await post(request, path, search, { origin });
      expect([404, 400], path).toContain(res.status());
      const body = await res.text();
      expect(body, path).not.toMatch(/access_token|company_ne_id/);
    }

    const cases: [unknown, RegExp][] = [
      [{ fields: ["nope_field"], limit: 1 }, /unknown field nope_field/],
      [{ ...search, limit: 0 }, /limit/],
      [{ ...search, limit: 10_001 }, /limit/],
      [{ ...search, conditions: [{ field: "receive_order_id", op: "drop", value: "1" }] }, /op/],
    ];
    for (const [body, message] of cases) {
      const res = await post(request, "/api/ne/api_v1_receiveorder_base/search", body, { origin });
      expect(res.status()).toBe(400);
      expect((await res.json()).error.message).toMatch(message);
    }
  });

  test("every page and API answer carries the security headers", async ({ page, request }) => {
    for (const path of ["/orders", "/login"]) {
      const res = await page.goto(path);
      const headers = res!.headers();
      expect(headers["content-security-policy"], path).toContain("frame-ancestors 'none'");
      expect(headers["content-security-policy"], path).toMatch(/script-src 'self' 'nonce-[^']+' 'strict-dynamic'/);
      expect(headers["referrer-policy"], path).toBe("same-origin");
      expect(headers["x-content-type-options"], path).toBe("nosniff");
      expect(headers["x-frame-options"], path).toBe("DENY");
    }
    const api = await request.post("/api/ne/api_v1_receiveorder_base/search", { data: {} });
    expect(api.headers()["x-content-type-options"]).toBe("nosniff");
    expect(api.headers()["cache-control"]).toContain("no-store");
  });
});

test.describe("no token ever reaches the browser", () => {
  test("the navigation offers exactly the areas crawled below", async ({ page }) => {
    await page.goto("/orders");
    const areas = await new ShellPage(page).areaPaths();
    expect(areas.length).toBeGreaterThanOrEqual(8);
    expect([...areas].sort()).toEqual(AREAS.map(areaPath).sort());
  });

  // One test per page the navigation offers (each with its own time budget: all of them in one
  // test took over a minute on a busy machine).
  for (const area of AREAS) {
    test(`crawl ${areaPath(area)} signed in: no issued token in bodies, headers, readable cookies, storage or the console`, async ({ page, request }) => {
      const console: string[] = [];
      page.on("console", (m) => console.push(m.text()));
      const seen: { url: string; text: string }[] = [];
      // Each answer's body is read in the background; the scan below waits for every one of them.
      const reading: Promise<void>[] = [];
      page.on("response", (res) => {
        reading.push(
          (async () => {
            const headers = JSON.stringify(res.headers());
            let body = "";
            try {
              body = await res.text();
            } catch {
              // redirects and aborted requests have no body
            }
            seen.push({ url: res.url(), text: headers + body });
          })(),
        );
      });

      await page.goto(areaPath(area));
      await page.waitForLoadState("networkidle");
      const storage = await page.evaluate(() => JSON.stringify({ cookie: document.cookie, local: { ...localStorage }, session: { ...sessionStorage } }));
      // The pages call the BFF themselves; make sure at least one upstream answer went through it.
      await Promise.all([
        page.waitForResponse((res) => res.url().endsWith("/api/ne/api_v1_receiveorder_base/search") && res.request().postDataJSON()?.limit === 5),
        bff(page, "api_v1_receiveorder_base/search", { fields: ORDER_FIELDS, limit: 5 }),
      ]);
      await Promise.all(reading);

      const tokens = await issuedTokens(request);
      expect(tokens.length).toBeGreaterThan(0);
      const secrets = tokens.flatMap((t) => [t.access_token, t.refresh_token]);
      const haystacks = [...seen.map((s) => s.text), storage, ...console];
      for (const secret of secrets) {
        for (const hay of haystacks) expect(hay.includes(secret), "an issued token reached the browser").toBe(false);
      }
      expect(seen.some((s) => s.url.includes("/api/ne/"))).toBe(true);
    });
  }
});
