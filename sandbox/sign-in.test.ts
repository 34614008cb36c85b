import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_APP, SANDBOX_COMPANIES } from "./accounts";
import { readEnv } from "./config";
import type { RunningSandbox } from "./server";
import { REDIRECT_URI, advanceClock, admin, call, form, login, neauth, signIn, startTestSandbox } from "./test-support";

let sb: RunningSandbox;
beforeAll(async () => {
  sb = await startTestSandbox();
});
afterAll(async () => {
  await sb?.close();
});

async function postForm(loginCode: string, password: string, redirectUri = REDIRECT_URI): Promise<Response> {
  return fetch(`${sb.url}/users/sign_in/`, {
    method: "POST",
    body: form({ "user[login_code]": loginCode, "user[password]": password, client_id: SANDBOX_APP.clientId, redirect_uri: redirectUri }),
    redirect: "manual",
  });
}

describe("sign-in form", () => {
  it("GET shows the form with the app's hidden fields (with and without trailing slash)", async () => {
    for (const path of ["/users/sign_in/", "/users/sign_in"]) {
      const res = await fetch(`${sb.url}${path}?client_id=${SANDBOX_APP.clientId}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/html");
      const html = await res.text();
      expect(html).toContain('name="user[login_code]"');
      expect(html).toContain('name="user[password]"');
      expect(html).toContain(`value="${SANDBOX_APP.clientId}"`);
      expect(html).toContain(`value="${REDIRECT_URI}"`);
    }
  });

  it("GET with an unknown client_id or a bad redirect_uri is an error page", async () => {
    const bad = await fetch(`${sb.url}/users/sign_in/?client_id=nope&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
    expect(bad.status).toBe(400);
    const noUri = await fetch(`${sb.url}/users/sign_in/?client_id=${SANDBOX_APP.clientId}&redirect_uri=javascript:alert(1)`);
    expect(noUri.status).toBe(400);
  });

  it("POST with the right password redirects to the registered redirect_uri with uid and state", async () => {
    const res = await postForm("staff@sandbox.test", "sandbox");
    expect(res.status).toBe(302);
    const location = new URL(res.headers.get("location") ?? "");
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
    expect([...location.searchParams.keys()].sort()).toEqual(["state", "uid"]);
    expect(location.searchParams.get("uid")).toMatch(/^[0-9a-f]{32}$/);
    expect(location.searchParams.get("state")).toMatch(/^[0-9a-f]{32}$/);
  });

  it("refuses a redirect_uri other than the registered one, a query string included (GET and POST)", async () => {
    for (const other of [`${REDIRECT_URI}?n=abc`, "http://localhost:3000/auth/callback/", "http://127.0.0.1:3000/auth/callback", "https://evil.example/auth/callback"]) {
      const shown = await fetch(`${sb.url}/users/sign_in/?client_id=${SANDBOX_APP.clientId}&redirect_uri=${encodeURIComponent(other)}`);
      expect(shown.status, other).toBe(400);
      expect(await shown.text(), other).toContain("registered redirect URI");
      const posted = await postForm("staff@sandbox.test", "sandbox", other);
      expect(posted.status, other).toBe(400);
      expect(posted.headers.get("location")).toBeNull();
    }
  });

  it("knows the registered redirect URI from SANDBOX_REDIRECT_URI (default http://localhost:3000/auth/callback)", async () => {
    expect(readEnv({}).redirectUri).toBe("http://localhost:3000/auth/callback");
    expect(readEnv({ SANDBOX_REDIRECT_URI: "https://backyard.example/auth/callback" }).redirectUri).toBe("https://backyard.example/auth/callback");
    expect(() => readEnv({ SANDBOX_REDIRECT_URI: "javascript:alert(1)" })).toThrow(/SANDBOX_REDIRECT_URI/);
    const own = await startTestSandbox({ redirectUri: "http://localhost:3999/auth/callback" });
    try {
      const res = await fetch(`${own.url}/users/sign_in/`, {
        method: "POST",
        body: form({ "user[login_code]": "staff@sandbox.test", "user[password]": "sandbox", client_id: SANDBOX_APP.clientId, redirect_uri: "http://localhost:3999/auth/callback" }),
        redirect: "manual",
      });
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^http:\/\/localhost:3999\/auth\/callback\?uid=[0-9a-f]{32}&state=[0-9a-f]{32}$/);
      const theDefault = await fetch(`${own.url}/users/sign_in/?client_id=${SANDBOX_APP.clientId}&redirect_uri=${encodeURIComponent(REDIRECT_URI)}`);
      expect(theDefault.status).toBe(400);
    } finally {
      await own.close();
    }
  });

  it("POST with a wrong password shows the form again with an error", async () => {
    const res = await postForm("staff@sandbox.test", "wrong");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain("パスワードが正しくありません");
    expect(html).toContain('value="staff@sandbox.test"');
    const unknown = await postForm("nobody@sandbox.test", "sandbox");
    expect(unknown.status).toBe(200);
    expect(await unknown.text()).toContain('role="alert"');
  });
});

/** The sandbox session cookie a Set-Cookie header sets, as `name=value`. */
function sessionCookieOf(res: Response): string {
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("sandbox_session="));
  if (!cookie) throw new Error("no sandbox session cookie");
  expect(cookie).toMatch(/; HttpOnly/);
  expect(cookie).toMatch(/; SameSite=Lax/);
  return cookie.split(";")[0]!;
}

describe("the app menu", () => {
  async function signInToSandbox(loginCode: string): Promise<string> {
    const res = await fetch(`${sb.url}/users/sign_in/`, {
      method: "POST",
      body: form({ "user[login_code]": loginCode, "user[password]": "sandbox" }),
      redirect: "manual",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/apps");
    return sessionCookieOf(res);
  }

  it("asks a signed-out person to sign in to the sandbox first (the form without an app)", async () => {
    for (const path of ["/apps", "/apps/launch/?id=1"]) {
      const res = await fetch(`${sb.url}${path}`, { redirect: "manual" });
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location"), path).toBe("/users/sign_in/");
    }
    const form = await (await fetch(`${sb.url}/users/sign_in/`)).text();
    expect(form).toContain('name="user[login_code]"');
    expect(form).not.toContain('name="redirect_uri"');
    const wrong = await fetch(`${sb.url}/users/sign_in/`, { method: "POST", body: new URLSearchParams({ "user[login_code]": "staff@sandbox.test", "user[password]": "x" }), redirect: "manual" });
    expect(wrong.status).toBe(200);
    expect(wrong.headers.getSetCookie()).toEqual([]);
  });

  it("lists the app for the signed-in person and launches it to the registered redirect URI with a fresh uid and state", async () => {
    const cookie = await signInToSandbox("operator@another.test");
    const menu = await fetch(`${sb.url}/apps`, { headers: { cookie } });
    expect(menu.status).toBe(200);
    const html = await menu.text();
    expect(html).toContain(SANDBOX_COMPANIES[1].name);
    expect(html).toContain(`href="/apps/launch/?id=${SANDBOX_APP.id}">${SANDBOX_APP.name}</a>`);

    const pairs = [];
    for (let i = 0; i < 2; i++) {
      const launched = await fetch(`${sb.url}/apps/launch/?id=${SANDBOX_APP.id}`, { headers: { cookie }, redirect: "manual" });
      expect(launched.status).toBe(302);
      const location = new URL(launched.headers.get("location") ?? "");
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT_URI);
      pairs.push({ uid: location.searchParams.get("uid") ?? "", state: location.searchParams.get("state") ?? "" });
    }
    expect(pairs[0]!.uid).toBe(pairs[1]!.uid);
    expect(pairs[0]!.state).not.toBe(pairs[1]!.state);
    // Each pair is a real sign-in of that person, once.
    const answer = await neauth(sb.url, pairs[1]!.uid, pairs[1]!.state);
    expect(answer).toMatchObject({ result: "success", company_ne_id: SANDBOX_COMPANIES[1].neId, pic_mail_address: "operator@another.test" });
    expect(await neauth(sb.url, pairs[1]!.uid, pairs[1]!.state)).toMatchObject({ result: "error", code: "001003" });
  });

  it("a sign-in through an app's form signs in to the sandbox too", async () => {
    const res = await postForm("manager@sandbox.test", "sandbox");
    const menu = await fetch(`${sb.url}/apps`, { headers: { cookie: sessionCookieOf(res) } });
    expect(menu.status).toBe(200);
    expect(await menu.text()).toContain("鈴木 一郎");
  });

  it("refuses an unknown app id and a forged or expired session cookie", async () => {
    const cookie = await signInToSandbox("staff@sandbox.test");
    const unknown = await fetch(`${sb.url}/apps/launch/?id=999`, { headers: { cookie }, redirect: "manual" });
    expect(unknown.status).toBe(404);
    const [, value] = cookie.split("=");
    const [uid, expires] = value!.split(".");
    const forged = `sandbox_session=${uid}.${Number(expires) + 1000}.${"A".repeat(43)}`;
    expect((await fetch(`${sb.url}/apps`, { headers: { cookie: forged }, redirect: "manual" })).status).toBe(302);
    await advanceClock(sb.url, 13 * 60 * 60);
    try {
      const expired = await fetch(`${sb.url}/apps`, { headers: { cookie }, redirect: "manual" });
      expect(expired.status).toBe(302);
      expect(expired.headers.get("location")).toBe("/users/sign_in/");
    } finally {
      await admin(sb.url, "DELETE", "/clock");
    }
  });
});

describe("/api_neauth", () => {
  it("issues tokens and the person's data, with and without trailing slash", async () => {
    for (const path of ["/api_neauth", "/api_neauth/"]) {
      const { uid, state } = await signIn(sb.url, "manager@sandbox.test");
      const answer = await neauth(sb.url, uid, state, path);
      expect(answer.result).toBe("success");
      expect(answer.access_token).toMatch(/^[0-9a-f]{40}$/);
      expect(answer.refresh_token).toMatch(/^[0-9a-f]{40}$/);
      expect(answer.access_token_end_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      expect(answer).toMatchObject({
        uid,
        company_ne_id: SANDBOX_COMPANIES[0].neId,
        company_name: SANDBOX_COMPANIES[0].name,
        company_kana: SANDBOX_COMPANIES[0].kana,
        company_app_header: SANDBOX_COMPANIES[0].appHeader,
        pic_mail_address: "manager@sandbox.test",
        pic_name: "鈴木 一郎",
      });
      expect(answer.data).toBeUndefined();
    }
  });

  it("refuses a wrong client secret (001002) without using the state up", async () => {
    const { uid, state } = await signIn(sb.url, "staff@sandbox.test");
    const wrong = await call(sb.url, "/api_neauth", { uid, state, client_id: SANDBOX_APP.clientId, client_secret: "nope" });
    expect(wrong).toMatchObject({ result: "error", code: "001002" });
    expect(wrong.access_token).toBeUndefined();
    expect((await neauth(sb.url, uid, state)).result).toBe("success");
  });

  it("uses a state once (001003 the second time)", async () => {
    const { uid, state } = await signIn(sb.url, "staff@sandbox.test");
    expect((await neauth(sb.url, uid, state)).result).toBe("success");
    const again = await neauth(sb.url, uid, state);
    expect(again).toMatchObject({ result: "error", code: "001003" });
    expect(again.access_token).toBeUndefined();
  });

  it("refuses a state older than 5 minutes", async () => {
    const old = await signIn(sb.url, "staff@sandbox.test");
    const fresh = await signIn(sb.url, "staff@sandbox.test");
    await advanceClock(sb.url, 4 * 60 + 50);
    expect((await neauth(sb.url, fresh.uid, fresh.state)).result).toBe("success");
    await advanceClock(sb.url, 20);
    expect(await neauth(sb.url, old.uid, old.state)).toMatchObject({ result: "error", code: "001003" });
    await admin(sb.url, "DELETE", "/clock");
  });

  it("refuses a missing uid (001001), a foreign uid and an unknown state", async () => {
    const { uid, state } = await signIn(sb.url, "staff@sandbox.test");
    expect(await call(sb.url, "/api_neauth", { state, client_id: SANDBOX_APP.clientId, client_secret: SANDBOX_APP.clientSecret })).toMatchObject({
      result: "error",
      code: "001001",
    });
    const other = await signIn(sb.url, "operator@another.test");
    expect(await neauth(sb.url, other.uid, state)).toMatchObject({ result: "error", code: "001003" });
    expect(await neauth(sb.url, uid, "0".repeat(32))).toMatchObject({ result: "error", code: "001003" });
  });

  it("signs the company-2 user into company 2", async () => {
    const { uid, state } = await signIn(sb.url, "operator@another.test");
    const answer = await neauth(sb.url, uid, state);
    expect(answer).toMatchObject({ result: "success", company_ne_id: SANDBOX_COMPANIES[1].neId, company_name: SANDBOX_COMPANIES[1].name });
  });
});

describe("login operations", () => {
  it("/api_app/company lists the companies for the app's credentials", async () => {
    const answer = await call(sb.url, "/api_app/company/", { client_id: SANDBOX_APP.clientId, client_secret: SANDBOX_APP.clientSecret });
    expect(answer.result).toBe("success");
    expect(answer.count).toBe("2");
    expect(answer.data?.map((r) => r.company_id)).toEqual(SANDBOX_COMPANIES.map((c) => c.id));
    expect(answer.data?.[1]?.company_ne_id).toBe(SANDBOX_COMPANIES[1].neId);
    expect(await call(sb.url, "/api_app/company", { client_id: SANDBOX_APP.clientId, client_secret: "x" })).toMatchObject({
      result: "error",
      code: "001002",
    });
  });

  it("/api_v1_login_company/info answers the caller's company, by token or by uid+state", async () => {
    const tokens = await login(sb.url, "operator@another.test");
    const byToken = await call(sb.url, "/api_v1_login_company/info", { access_token: tokens.access_token });
    expect(byToken.result).toBe("success");
    expect(byToken.data).toHaveLength(1);
    expect(byToken.data?.[0]).toMatchObject({ company_ne_id: SANDBOX_COMPANIES[1].neId, company_name: SANDBOX_COMPANIES[1].name });
    expect(byToken.access_token).toBe(tokens.access_token);

    const { uid, state } = await signIn(sb.url, "staff@sandbox.test");
    const byState = await call(sb.url, "/api_v1_login_company/info/", { uid, state });
    expect(byState.data?.[0]?.company_ne_id).toBe(SANDBOX_COMPANIES[0].neId);
    // Reading with the state does not use it up.
    expect((await neauth(sb.url, uid, state)).result).toBe("success");
  });

  it("/api_v1_login_user/info answers the signed-in person", async () => {
    const tokens = await login(sb.url, "manager@sandbox.test");
    const answer = await call(sb.url, "/api_v1_login_user/info", { access_token: tokens.access_token });
    expect(answer.result).toBe("success");
    expect(answer.data?.[0]).toMatchObject({ pic_mail_address: "manager@sandbox.test", pic_name: "鈴木 一郎", pic_id: "2" });
    expect(answer.data?.[0]?.uid).toMatch(/^[0-9a-f]{32}$/);
  });
});
