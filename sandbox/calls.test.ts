// The call log (SANDBOX_ADMIN): the ring buffer itself, and GET/DELETE /__sandbox/calls against a
// started sandbox. One call in flight per access token: a second one is refused (003902) and
// recorded (the call log's `overlap`, GET/DELETE /__sandbox/overlaps), by default.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NE_CODES } from "../lib/ne/codes";
import { CallLog, InFlightCalls, OverlapLog, tokenHash, type CallEntry, type OverlapEntry } from "./calls";
import { startSandbox, type RunningSandbox } from "./server";
import { admin, advanceClock, call, form, login, signIn, startTestSandbox, type ApiAnswer, type Tokens } from "./test-support";

const ORDERS = "/api_v1_receiveorder_base/search";
const COUNT = "/api_v1_receiveorder_base/count";

interface CallsAnswer {
  now_ms: number;
  capacity: number;
  dropped: number;
  calls: CallEntry[];
}

describe("CallLog", () => {
  const entry = (path: string, start: number) => ({
    path,
    start_ms: start,
    end_ms: start + 1.5,
    latency_ms: 0,
    status: 200,
    result: "success",
    code: null,
    rows: null,
    token_hash: null,
    overlap: false,
    abandoned_ms: null,
  });

  it("keeps the newest entries up to its capacity, oldest first, and counts what it dropped", () => {
    const log = new CallLog(3);
    for (let i = 1; i <= 5; i++) log.record(entry(`/p${i}`, i * 10));
    expect(log.list().map((c) => c.path)).toEqual(["/p3", "/p4", "/p5"]);
    expect(log.list().map((c) => c.seq)).toEqual([3, 4, 5]);
    expect(log.list()[0]!.duration_ms).toBe(1.5);
    expect(log.dropped).toBe(2);
    expect(log.list(40).map((c) => c.path)).toEqual(["/p4", "/p5"]);
    expect(log.clear()).toBe(3);
    expect(log.list()).toEqual([]);
    expect(log.dropped).toBe(0);
    log.record(entry("/p6", 60));
    expect(log.list().map((c) => [c.path, c.seq])).toEqual([["/p6", 6]]);
  });

  it("refuses a capacity that is not a positive integer", () => {
    expect(() => new CallLog(0)).toThrow();
    expect(() => new CallLog(1.5)).toThrow();
  });
});

describe("GET/DELETE /__sandbox/calls", () => {
  let sb: RunningSandbox;
  let tokens: Tokens;
  beforeAll(async () => {
    sb = await startTestSandbox({ callLogCapacity: 50 });
    tokens = await login(sb.url);
  });
  afterAll(async () => {
    await sb?.close();
  });
  beforeEach(async () => {
    await admin(sb.url, "DELETE", "/latency");
    await admin(sb.url, "DELETE", "/faults");
    await admin(sb.url, "DELETE", "/calls");
  });

  const calls = async (query = ""): Promise<CallsAnswer> => {
    const res = await admin(sb.url, "GET", `/calls${query}`);
    expect(res.status).toBe(200);
    return (await res.json()) as CallsAnswer;
  };

  it("records each API call: path, start and end, duration, status, result, code and the token's hash", async () => {
    const before = (await calls()).now_ms;
    await call(sb.url, `${ORDERS}/`, { ...tokens, fields: "receive_order_id" });
    await call(sb.url, COUNT, { access_token: "nope" });
    await fetch(`${sb.url}/api_v1_nothing/search`, { method: "POST" });
    const answer = await calls();
    expect(answer.capacity).toBe(50);
    expect(answer.calls.map((c) => [c.path, c.status, c.result, c.code, c.token_hash, c.overlap, c.abandoned_ms])).toEqual([
      [ORDERS, 200, "success", null, tokenHash(tokens.access_token), false, null],
      [COUNT, 200, "error", "002002", tokenHash("nope"), false, null],
      ["/api_v1_nothing/search", 404, "error", "005001", null, false, null],
    ]);
    // A search's page size (the default limit's page of slips); none for an error.
    expect(answer.calls[0]!.rows).toBeGreaterThan(0);
    expect(answer.calls[1]!.rows).toBeNull();
    // A hash, never the token itself.
    expect(JSON.stringify(answer)).not.toContain(tokens.access_token);
    for (const c of answer.calls) {
      expect(c.start_ms).toBeGreaterThanOrEqual(before);
      expect(c.end_ms).toBeGreaterThanOrEqual(c.start_ms);
      expect(c.end_ms).toBeLessThanOrEqual(answer.now_ms);
      expect(c.duration_ms).toBeCloseTo(c.end_ms - c.start_ms, 2);
    }
    // One after the other: each started after the previous one ended.
    expect(answer.calls[1]!.start_ms).toBeGreaterThanOrEqual(answer.calls[0]!.end_ms);
    expect(answer.calls.map((c) => c.seq)).toEqual([answer.calls[0]!.seq, answer.calls[0]!.seq + 1, answer.calls[0]!.seq + 2]);
  });

  it("shows the latency inside the duration, and transport faults without a result", async () => {
    await admin(sb.url, "POST", "/latency", { ms: 120 });
    await call(sb.url, COUNT, { ...tokens });
    await admin(sb.url, "DELETE", "/latency");
    await admin(sb.url, "POST", "/faults", { path: ORDERS, kind: "http500", times: 1 });
    await fetch(`${sb.url}${ORDERS}`, { method: "POST", body: new URLSearchParams({ ...tokens, fields: "receive_order_id" }) });
    const [slow, broken] = (await calls()).calls;
    expect(slow).toMatchObject({ path: COUNT, latency_ms: 120, result: "success" });
    expect(slow!.duration_ms).toBeGreaterThanOrEqual(115);
    expect(broken).toMatchObject({ path: ORDERS, status: 500, result: null, code: null, latency_ms: 0 });
  });

  it("calls of two tokens overlap in the log (each person's own call in flight)", async () => {
    const other = await login(sb.url, "manager@sandbox.test");
    await admin(sb.url, "DELETE", "/calls");
    await admin(sb.url, "POST", "/latency", { ms: 100 });
    const answers = await Promise.all([call(sb.url, COUNT, { ...tokens }), call(sb.url, COUNT, { ...other })]);
    expect(answers.map((a) => a.result)).toEqual(["success", "success"]);
    const [a, b] = (await calls()).calls;
    expect(b!.start_ms).toBeLessThan(a!.end_ms);
    expect(a!.start_ms).toBeLessThan(b!.end_ms);
    expect(new Set([a!.token_hash, b!.token_hash]).size).toBe(2);
  });

  it("since keeps the calls that started at or after it; a bad since is refused", async () => {
    await call(sb.url, COUNT, { ...tokens });
    const mark = (await calls()).now_ms;
    await call(sb.url, ORDERS, { ...tokens, fields: "receive_order_id" });
    expect((await calls(`?since=${mark}`)).calls.map((c) => c.path)).toEqual([ORDERS]);
    expect((await calls()).calls).toHaveLength(2);
    expect((await admin(sb.url, "GET", "/calls?since=soon")).status).toBe(400);
  });

  it("is a bounded ring: the oldest calls make room and are counted as dropped", async () => {
    for (let i = 0; i < 55; i++) await call(sb.url, COUNT, { ...tokens });
    const answer = await calls();
    expect(answer.calls).toHaveLength(50);
    expect(answer.dropped).toBe(5);
    expect(answer.calls[49]!.seq - answer.calls[0]!.seq).toBe(49);
  });

  it("DELETE clears it; admin calls and the sign-in page are not API calls", async () => {
    await call(sb.url, COUNT, { ...tokens });
    await fetch(`${sb.url}/users/sign_in/`);
    await admin(sb.url, "GET", "/faults");
    const cleared = (await (await admin(sb.url, "DELETE", "/calls")).json()) as { cleared: number };
    expect(cleared.cleared).toBe(1);
    expect((await calls()).calls).toEqual([]);
  });

  it("does not exist without SANDBOX_ADMIN (and nothing is recorded)", async () => {
    const plain = await startSandbox({ log: () => undefined });
    try {
      expect(plain.calls).toBeUndefined();
      expect((await admin(plain.url, "GET", "/calls")).status).toBe(404);
      expect((await admin(plain.url, "DELETE", "/calls")).status).toBe(404);
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe("InFlightCalls and OverlapLog", () => {
  it("holds one call per token; a release frees it once, and a stale release frees nothing", () => {
    const flight = new InFlightCalls();
    const first = flight.enter("A", { path: "/a", start_ms: 1 });
    expect("release" in first).toBe(true);
    expect(flight.enter("A", { path: "/b", start_ms: 2 })).toEqual({ held: { path: "/a", start_ms: 1 } });
    expect("release" in flight.enter("B", { path: "/b", start_ms: 2 })).toBe(true);
    expect(flight.size).toBe(2);
    if (!("release" in first)) throw new Error("unreachable");
    first.release();
    const again = flight.enter("A", { path: "/c", start_ms: 3 });
    expect("release" in again).toBe(true);
    first.release(); // the first call's hang-up and its end: the newer holder keeps the token
    expect(flight.enter("A", { path: "/d", start_ms: 4 })).toEqual({ held: { path: "/c", start_ms: 3 } });
  });

  it("keeps the first overlaps up to its capacity, counts them all and the calls checked; clear starts over", () => {
    const log = new OverlapLog(2);
    for (let i = 1; i <= 3; i++) log.checkedCall();
    for (let i = 1; i <= 3; i++) log.record({ path: `/p${i}`, token_hash: "h", start_ms: i, in_flight: { path: "/q", start_ms: 0 } });
    const view = log.view();
    expect(view.overlaps.map((o) => [o.seq, o.path])).toEqual([
      [1, "/p1"],
      [2, "/p2"],
    ]);
    expect(view).toMatchObject({ total: 3, checked: 3, capacity: 2 });
    expect(log.clear()).toBe(3);
    expect(log.view()).toMatchObject({ total: 0, checked: 0, overlaps: [] });
    expect(log.view().since_ms).toBeGreaterThanOrEqual(view.since_ms);
    expect(() => new OverlapLog(0)).toThrow();
  });
});

interface OverlapsAnswer {
  now_ms: number;
  since_ms: number;
  checked: number;
  total: number;
  capacity: number;
  overlaps: OverlapEntry[];
}

describe("one call in flight per access token", () => {
  let sb: RunningSandbox;
  let tokens: Tokens;
  beforeAll(async () => {
    sb = await startTestSandbox();
    tokens = await login(sb.url);
  });
  afterAll(async () => {
    await sb?.close();
  });
  beforeEach(async () => {
    await admin(sb.url, "DELETE", "/latency");
    await admin(sb.url, "DELETE", "/faults");
    await admin(sb.url, "DELETE", "/clock");
    await admin(sb.url, "DELETE", "/calls");
    await admin(sb.url, "DELETE", "/overlaps");
  });

  const overlaps = async (): Promise<OverlapsAnswer> => {
    const res = await admin(sb.url, "GET", "/overlaps");
    expect(res.status).toBe(200);
    return (await res.json()) as OverlapsAnswer;
  };
  const logged = async (): Promise<CallEntry[]> => ((await (await admin(sb.url, "GET", "/calls")).json()) as { calls: CallEntry[] }).calls;
  const byResult = (answers: ApiAnswer[]) => [...answers].sort((a, b) => (a.result === b.result ? 0 : a.result === "error" ? 1 : -1));

  it("refuses a second call with the same token while the first is in flight (003902, no tokens), and records it", async () => {
    await admin(sb.url, "POST", "/latency", { ms: 150 });
    const [ok, refused] = byResult(await Promise.all([call(sb.url, COUNT, { ...tokens }), call(sb.url, ORDERS, { ...tokens, fields: "receive_order_id" })]));
    expect(ok).toMatchObject({ result: "success" });
    expect(refused).toMatchObject({ result: "error", code: NE_CODES.concurrentCall });
    expect(refused!.message).toMatch(/並行/);
    expect(refused!.message).toMatch(/parallel requests for one user/);
    expect(refused).not.toHaveProperty("access_token");
    expect(refused).not.toHaveProperty("refresh_token");

    const hash = tokenHash(tokens.access_token);
    const record = await overlaps();
    expect(record).toMatchObject({ total: 1, checked: 2 });
    expect(record.overlaps).toHaveLength(1);
    const [overlap] = record.overlaps;
    expect(overlap).toMatchObject({ seq: 1, token_hash: hash });
    expect([overlap!.path, overlap!.in_flight.path].sort()).toEqual([COUNT, ORDERS].sort());
    expect(overlap!.start_ms).toBeGreaterThanOrEqual(overlap!.in_flight.start_ms);
    expect(overlap!.start_ms).toBeGreaterThanOrEqual(record.since_ms);

    // In the call log: both calls with the token's hash, the refused one marked, inside the other's interval.
    const log = await logged();
    expect(log).toHaveLength(2);
    const held = log.find((c) => !c.overlap)!;
    const second = log.find((c) => c.overlap)!;
    expect(held).toMatchObject({ token_hash: hash, result: "success", code: null });
    expect(second).toMatchObject({ token_hash: hash, result: "error", code: NE_CODES.concurrentCall, path: overlap!.path });
    expect(second.start_ms).toBeLessThan(held.end_ms);
    expect(second.start_ms).toBeGreaterThanOrEqual(held.start_ms);

    // The token works again once its call answered.
    expect((await call(sb.url, COUNT, { ...tokens })).result).toBe("success");
    expect((await overlaps()).total).toBe(1);
  });

  it("one call after the other never collides; DELETE /overlaps clears the record", async () => {
    for (let i = 0; i < 20; i++) expect((await call(sb.url, COUNT, { ...tokens })).result).toBe("success");
    expect(await overlaps()).toMatchObject({ checked: 20, total: 0, overlaps: [] });
    await admin(sb.url, "POST", "/latency", { ms: 100 });
    await Promise.all([call(sb.url, COUNT, { ...tokens }), call(sb.url, COUNT, { ...tokens })]);
    expect((await overlaps()).total).toBe(1);
    const cleared = (await (await admin(sb.url, "DELETE", "/overlaps")).json()) as { cleared: number; now_ms: number };
    expect(cleared.cleared).toBe(1);
    const after = await overlaps();
    expect(after).toMatchObject({ total: 0, checked: 0, overlaps: [] });
    expect(after.since_ms).toBeGreaterThanOrEqual(cleared.now_ms - 1);
  });

  it("an upload in flight holds the token too", async () => {
    await admin(sb.url, "POST", "/latency", { ms: 150 });
    const data = "拠点名,商品コード,数量\n";
    const answers = await Promise.all([
      call(sb.url, "/api_v1_warehouse_stock/upload", { ...tokens, data_type: "xml", data }),
      call(sb.url, COUNT, { ...tokens }),
    ]);
    expect(answers.map((a) => a.code).sort()).toEqual([NE_CODES.concurrentCall, NE_CODES.invalidParameter].sort());
    expect((await overlaps()).total).toBe(1);
  });

  it("calls without an access token (sign-in, uid+state info) are not a person's calls in flight", async () => {
    await admin(sb.url, "POST", "/latency", { ms: 100 });
    const { uid, state } = await signIn(sb.url, "staff@sandbox.test");
    const infos = await Promise.all([call(sb.url, "/api_v1_login_user/info", { uid, state }), call(sb.url, "/api_v1_login_company/info", { uid, state })]);
    expect(infos.map((a) => a.result)).toEqual(["success", "success"]);
    const again = await Promise.all([signIn(sb.url, "staff@sandbox.test"), signIn(sb.url, "staff@sandbox.test")]);
    const pairs = await Promise.all(again.map((s) => call(sb.url, "/api_neauth", { ...s, client_id: "sandbox-client-id", client_secret: "sandbox-client-secret" })));
    expect(pairs.map((a) => a.result)).toEqual(["success", "success"]);
    expect(await overlaps()).toMatchObject({ checked: 0, total: 0 });
  });

  it("an expired token sent twice at once is rotated once: the second call is refused, not answered 002002 or rotated again", async () => {
    const pair = await login(sb.url);
    await advanceClock(sb.url, 86_400 + 1);
    await admin(sb.url, "POST", "/latency", { ms: 150 });
    const before = ((await (await admin(sb.url, "GET", "/tokens")).json()) as unknown[]).length;
    const [rotated, refused] = byResult(await Promise.all([call(sb.url, COUNT, { ...pair }), call(sb.url, COUNT, { ...pair })]));
    expect(refused).toMatchObject({ result: "error", code: NE_CODES.concurrentCall });
    expect(rotated).toMatchObject({ result: "success" });
    expect(rotated!.access_token).not.toBe(pair.access_token);
    expect(((await (await admin(sb.url, "GET", "/tokens")).json()) as unknown[]).length).toBe(before + 1);
    // The new pair works; the old access token is stale from then on.
    await admin(sb.url, "DELETE", "/latency");
    expect((await call(sb.url, COUNT, { access_token: rotated!.access_token!, refresh_token: rotated!.refresh_token! })).result).toBe("success");
    expect((await call(sb.url, COUNT, { ...pair })).code).toBe(NE_CODES.staleAccessToken);
  });

  it("a caller that hangs up frees its token from then on (recorded as abandoned)", async () => {
    await admin(sb.url, "POST", "/faults", { path: ORDERS, kind: "delay", delay_ms: 1_500, times: 1 });
    const hangUp = new AbortController();
    const abandoned = fetch(`${sb.url}${ORDERS}`, { method: "POST", body: form({ ...tokens, fields: "receive_order_id" }), signal: hangUp.signal }).catch((e: unknown) => e);
    await expect.poll(() => sb.inFlight.size).toBe(1);
    hangUp.abort();
    expect(await abandoned).toBeInstanceOf(Error);
    await expect.poll(() => sb.inFlight.size).toBe(0);
    // The abandoned call is still being answered (its delay), yet the token is free.
    expect((await call(sb.url, COUNT, { ...tokens })).result).toBe("success");
    await expect.poll(async () => (await logged()).length, { timeout: 5_000 }).toBe(2);
    const [count, orders] = await logged();
    expect(count).toMatchObject({ path: COUNT, overlap: false, abandoned_ms: null });
    expect(orders).toMatchObject({ path: ORDERS, overlap: false });
    expect(orders!.abandoned_ms).toBeGreaterThan(orders!.start_ms);
    expect(orders!.abandoned_ms).toBeLessThanOrEqual(count!.start_ms);
    expect(await overlaps()).toMatchObject({ total: 0 });
  });

  it("is the default: a sandbox without SANDBOX_ADMIN refuses the second call too (and has no /__sandbox/overlaps)", async () => {
    const plain = await startSandbox({ log: () => undefined, latencyMs: 100 });
    try {
      const pair = await login(plain.url);
      const answers = await Promise.all([call(plain.url, COUNT, { ...pair }), call(plain.url, COUNT, { ...pair })]);
      expect(answers.map((a) => a.code ?? a.result).sort()).toEqual([NE_CODES.concurrentCall, "success"]);
      expect(plain.overlaps.view().total).toBe(1);
      expect((await admin(plain.url, "GET", "/overlaps")).status).toBe(404);
    } finally {
      await plain.close();
    }
  }, 60_000); // a sandbox of its own: seeding takes seconds, more on a busy machine
});
