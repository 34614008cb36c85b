// Injected faults and the admin controls (SANDBOX_ADMIN).
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";
import { admin, call, login, startTestSandbox, type ApiAnswer, type Tokens } from "./test-support";

let sb: RunningSandbox;
let tokens: Tokens;
let dice = 0;
beforeAll(async () => {
  // Deterministic dice: 0.0, 0.1, ..., 0.9, 0.0, ...
  sb = await startTestSandbox({ random: () => (dice++ % 10) / 10 });
  tokens = await login(sb.url);
});
afterAll(async () => {
  await sb?.close();
});
afterEach(async () => {
  await admin(sb.url, "DELETE", "/faults");
});

const ORDERS = "/api_v1_receiveorder_base/search";
const COUNT = "/api_v1_receiveorder_base/count";

async function addFault(fault: Record<string, unknown>): Promise<void> {
  const res = await admin(sb.url, "POST", "/faults", fault);
  expect(res.status, await res.clone().text()).toBe(201);
}

function orders(extra: Record<string, string> = {}): Promise<ApiAnswer> {
  return call(sb.url, ORDERS, { ...tokens, fields: "receive_order_id", ...extra });
}

describe("faults", () => {
  it("error: answers the code with tokens, except for codes that carry none", async () => {
    await addFault({ path: ORDERS, kind: "error", code: "004001" });
    const answer = await orders();
    expect(answer).toMatchObject({ result: "error", code: "004001", access_token: tokens.access_token });
    // Only the path given: the count still works.
    expect((await call(sb.url, COUNT, { ...tokens })).result).toBe("success");
    await admin(sb.url, "DELETE", "/faults");
    await addFault({ path: `${ORDERS}/`, kind: "error" });
    const system = await orders();
    expect(system).toMatchObject({ result: "error", code: "999999" });
    expect(system.access_token).toBeUndefined();
    await admin(sb.url, "DELETE", "/faults");
    await addFault({ path: ORDERS, kind: "error", code: "002002" });
    expect((await orders()).access_token).toBeUndefined();
  });

  it("busy: 003002 unless wait_flag=1, which waits and answers", async () => {
    await addFault({ path: ORDERS, kind: "busy", delay_ms: 150 });
    const busy = await orders();
    expect(busy).toMatchObject({ result: "error", code: "003002", access_token: tokens.access_token });
    const started = Date.now();
    const waited = await orders({ wait_flag: "1" });
    expect(waited.result).toBe("success");
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(await orders({ wait_flag: "2" })).toMatchObject({ result: "error", code: "003901" });
  });

  it("redirect: answers result=redirect with no tokens, after which the tokens still work", async () => {
    await addFault({ path: ORDERS, kind: "redirect", times: 1 });
    const answer = await orders();
    expect(answer.result).toBe("redirect");
    expect(answer).not.toHaveProperty("access_token");
    expect(answer).not.toHaveProperty("refresh_token");
    expect((await orders()).result).toBe("success");
  });

  it("http500 and malformed break the transport", async () => {
    await addFault({ path: ORDERS, kind: "http500" });
    const res = await fetch(`${sb.url}${ORDERS}`, { method: "POST", body: new URLSearchParams({ ...tokens, fields: "receive_order_id" }) });
    expect(res.status).toBe(500);
    await admin(sb.url, "DELETE", "/faults");
    await addFault({ path: ORDERS, kind: "malformed" });
    const bad = await fetch(`${sb.url}${ORDERS}`, { method: "POST", body: new URLSearchParams({ ...tokens, fields: "receive_order_id" }) });
    expect(bad.status).toBe(200);
    expect(bad.headers.get("content-type")).toContain("application/json");
    await expect(bad.json()).rejects.toThrow();
  });

  it("incomplete: a success with the tokens but neither data nor count", async () => {
    await addFault({ path: ORDERS, kind: "incomplete", times: 1 });
    const answer = await orders();
    expect(answer.result).toBe("success");
    expect(answer.access_token).toBe(tokens.access_token);
    expect(answer).not.toHaveProperty("data");
    expect(answer).not.toHaveProperty("count");
    // Once: the next call answers in full.
    expect(await orders()).toHaveProperty("data");
  });

  it("delay slows the answer down", async () => {
    await addFault({ path: "*", kind: "delay", delay_ms: 200 });
    const started = Date.now();
    expect((await orders()).result).toBe("success");
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
  });

  it("rate: fires on that share of calls; 0 never", async () => {
    await addFault({ path: COUNT, kind: "error", code: "003001", rate: 0.3 });
    dice = 0;
    const results: string[] = [];
    for (let i = 0; i < 20; i++) results.push((await call(sb.url, COUNT, { ...tokens })).result);
    expect(results.filter((r) => r === "error")).toHaveLength(6);
    await admin(sb.url, "DELETE", "/faults");
    await addFault({ path: COUNT, kind: "error", rate: 0 });
    for (let i = 0; i < 5; i++) expect((await call(sb.url, COUNT, { ...tokens })).result).toBe("success");
  });

  it("times: fires that many times, then disappears", async () => {
    await addFault({ path: ORDERS, kind: "busy", times: 2 });
    expect((await orders()).code).toBe("003002");
    expect((await orders()).code).toBe("003002");
    expect((await orders()).result).toBe("success");
    const list = (await (await admin(sb.url, "GET", "/faults")).json()) as unknown[];
    expect(list).toHaveLength(0);
  });

  it("DELETE clears every fault; invalid faults are refused", async () => {
    await addFault({ path: ORDERS, kind: "error" });
    await addFault({ path: COUNT, kind: "error" });
    const cleared = (await (await admin(sb.url, "DELETE", "/faults")).json()) as { cleared: number };
    expect(cleared.cleared).toBe(2);
    expect((await orders()).result).toBe("success");
    expect((await admin(sb.url, "POST", "/faults", { path: ORDERS, kind: "explode" })).status).toBe(400);
    expect((await admin(sb.url, "POST", "/faults", { path: ORDERS, kind: "error", rate: 2 })).status).toBe(400);
  });

  it("error answers the API's codes 003001, 003004, 003005 and 004001 with a message saying what they mean", async () => {
    const expected: Record<string, RegExp> = {
      "003001": /サーバーに接続できませんでした.*no server connection even after waiting/,
      "003004": /APIはメンテナンス中.*the API is in maintenance/,
      "003005": /メイン機能はメンテナンス中.*main function is in maintenance/,
      "004001": /権限がありません.*API settings do not allow/,
    };
    for (const [code, message] of Object.entries(expected)) {
      await addFault({ path: ORDERS, kind: "error", code, times: 1 });
      const answer = await orders();
      expect(answer, code).toMatchObject({ result: "error", code, access_token: tokens.access_token });
      expect(answer.message, code).toMatch(message);
    }
    await addFault({ path: ORDERS, kind: "error", code: "003004", message: "臨時メンテナンス中です", times: 1 });
    expect((await orders()).message).toBe("臨時メンテナンス中です");
  });

  it("maintenance: 003004 (or 003005) before authentication: no tokens, and an expired token is not rotated", async () => {
    await addFault({ path: ORDERS, kind: "maintenance", times: 1 });
    const api = await orders();
    expect(api).toMatchObject({ result: "error", code: "003004" });
    expect(api.message).toMatch(/メンテナンス中.*maintenance/);
    expect(api).not.toHaveProperty("access_token");
    await addFault({ path: "*", kind: "maintenance", code: "003005", times: 1 });
    expect(await call(sb.url, COUNT, { ...tokens })).toMatchObject({ result: "error", code: "003005" });
    // Over now: the tokens work as before.
    expect((await orders()).result).toBe("success");

    const pair = await login(sb.url);
    const before = ((await (await admin(sb.url, "GET", "/tokens")).json()) as unknown[]).length;
    await admin(sb.url, "POST", "/clock", { advance_s: 86_400 + 1 });
    try {
      await addFault({ path: COUNT, kind: "maintenance", times: 1 });
      expect(await call(sb.url, COUNT, { ...pair })).toMatchObject({ result: "error", code: "003004" });
      expect(((await (await admin(sb.url, "GET", "/tokens")).json()) as unknown[]).length).toBe(before);
      // After the maintenance, the same expired pair still rotates once.
      const rotated = await call(sb.url, COUNT, { ...pair });
      expect(rotated.result).toBe("success");
      expect(rotated.access_token).not.toBe(pair.access_token);
    } finally {
      await admin(sb.url, "DELETE", "/clock");
    }
    // A maintenance fault answers a maintenance code only.
    expect((await admin(sb.url, "POST", "/faults", { path: ORDERS, kind: "maintenance", code: "003001" })).status).toBe(400);
  });

  it("applies to sign-in operations too", async () => {
    await addFault({ path: "/api_neauth", kind: "busy" });
    const res = await call(sb.url, "/api_neauth/", { uid: "x", state: "y", client_id: "a", client_secret: "b" });
    expect(res).toMatchObject({ result: "error", code: "003002" });
  });
});

describe("admin controls", () => {
  it("are 404 without SANDBOX_ADMIN", async () => {
    const plain = await startSandbox({ log: () => undefined });
    try {
      for (const [method, path] of [
        ["GET", "/tokens"],
        ["POST", "/tokens"],
        ["POST", "/faults"],
        ["DELETE", "/faults"],
        ["GET", "/clock"],
        ["POST", "/clock"],
      ] as const) {
        const res = await admin(plain.url, method, path, method === "POST" ? { path: ORDERS, kind: "error" } : undefined);
        expect(res.status, `${method} ${path}`).toBe(404);
      }
      // The API itself works.
      const t = await login(plain.url);
      expect((await call(plain.url, COUNT, { ...t })).result).toBe("success");
    } finally {
      await plain.close();
    }
  }, 60_000); // a sandbox of its own: seeding takes seconds, more on a busy machine

  it("POST /tokens issues a pair of the user's own, as a sign-in would (another person's calls never share it)", async () => {
    const res = await admin(sb.url, "POST", "/tokens", { login_code: "manager@sandbox.test" });
    expect(res.status).toBe(201);
    const pair = (await res.json()) as Record<string, string>;
    expect(pair).toMatchObject({ company_ne_id: "NE0000000001" });
    expect(pair.access_token).toMatch(/^[0-9a-f]{40}$/);
    expect(pair.access_token).not.toBe(tokens.access_token);
    expect(pair.access_token_end_date).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const me = await call(sb.url, "/api_v1_login_user/info", { access_token: pair.access_token!, refresh_token: pair.refresh_token! });
    expect(me.data?.[0]).toMatchObject({ uid: pair.uid, pic_mail_address: "manager@sandbox.test" });
    const listed = (await (await admin(sb.url, "GET", "/tokens")).json()) as { access_token: string; rotated: boolean }[];
    expect(listed.find((t) => t.access_token === pair.access_token)).toMatchObject({ rotated: false });
    expect((await admin(sb.url, "POST", "/tokens", { login_code: "nobody@sandbox.test" })).status).toBe(400);
    expect((await admin(sb.url, "POST", "/tokens", {})).status).toBe(400);
  });

  it("the clock moves and resets", async () => {
    const before = (await (await admin(sb.url, "GET", "/clock")).json()) as { now_ms: number; offset_s: number };
    expect(before.offset_s).toBe(0);
    const moved = (await (await admin(sb.url, "POST", "/clock", { advance_s: 3600 })).json()) as { now_ms: number; offset_s: number; now: string };
    expect(moved.offset_s).toBe(3600);
    expect(moved.now_ms - before.now_ms).toBeGreaterThanOrEqual(3600_000);
    expect(moved.now).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const reset = (await (await admin(sb.url, "DELETE", "/clock")).json()) as { offset_s: number };
    expect(reset.offset_s).toBe(0);
    expect((await admin(sb.url, "POST", "/clock", {})).status).toBe(400);
  });
});

describe("latency", () => {
  afterEach(async () => {
    await admin(sb.url, "DELETE", "/latency");
  });

  it("delays every API answer by the set distance, changed at run time and back to 0", async () => {
    expect(await (await admin(sb.url, "GET", "/latency")).json()).toEqual({ ms: 0, jitter_ms: 0 });
    const set = await admin(sb.url, "POST", "/latency", { ms: 250 });
    expect(await set.json()).toEqual({ ms: 250, jitter_ms: 0 });
    let started = Date.now();
    expect((await orders()).result).toBe("success");
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);
    started = Date.now();
    expect((await call(sb.url, COUNT, { ...tokens })).result).toBe("success");
    expect(Date.now() - started).toBeGreaterThanOrEqual(240);

    await admin(sb.url, "DELETE", "/latency");
    expect(await (await admin(sb.url, "GET", "/latency")).json()).toEqual({ ms: 0, jitter_ms: 0 });
  });

  it("adds a random share of the jitter, and refuses a bad setting", async () => {
    // The dice of this file step 0.0, 0.1, ...: with 200 ms of jitter each answer waits 100 + 0..180 ms.
    await admin(sb.url, "POST", "/latency", { ms: 100, jitter_ms: 200 });
    const started = Date.now();
    await orders();
    expect(Date.now() - started).toBeGreaterThanOrEqual(95);
    expect((await admin(sb.url, "POST", "/latency", { ms: -1 })).status).toBe(400);
    expect((await admin(sb.url, "POST", "/latency", { ms: 10, extra: 1 })).status).toBe(400);
  });
});
