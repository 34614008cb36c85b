// The call log (SANDBOX_ADMIN): the ring buffer itself, and GET/DELETE /__sandbox/calls against a
// started sandbox.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { CallLog, type CallEntry } from "./calls";
import { startSandbox, type RunningSandbox } from "./server";
import { admin, call, login, startTestSandbox, type Tokens } from "./test-support";

const ORDERS = "/api_v1_receiveorder_base/search";
const COUNT = "/api_v1_receiveorder_base/count";

interface CallsAnswer {
  now_ms: number;
  capacity: number;
  dropped: number;
  calls: CallEntry[];
}

describe("CallLog", () => {
  const entry = (path: string, start: number) => ({ path, start_ms: start, end_ms: start + 1.5, latency_ms: 0, status: 200, result: "success", code: null });

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

  it("records each API call: path, start and end, duration, status, result and code", async () => {
    const before = (await calls()).now_ms;
    await call(sb.url, `${ORDERS}/`, { ...tokens, fields: "receive_order_id" });
    await call(sb.url, COUNT, { access_token: "nope" });
    await fetch(`${sb.url}/api_v1_nothing/search`, { method: "POST" });
    const answer = await calls();
    expect(answer.capacity).toBe(50);
    expect(answer.calls.map((c) => [c.path, c.status, c.result, c.code])).toEqual([
      [ORDERS, 200, "success", null],
      [COUNT, 200, "error", "002002"],
      ["/api_v1_nothing/search", 404, "error", "005001"],
    ]);
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

  it("overlapping calls overlap in the log", async () => {
    await admin(sb.url, "POST", "/latency", { ms: 100 });
    await Promise.all([call(sb.url, COUNT, { ...tokens }), call(sb.url, COUNT, { ...tokens })]);
    const [a, b] = (await calls()).calls;
    expect(b!.start_ms).toBeLessThan(a!.end_ms);
    expect(a!.start_ms).toBeLessThan(b!.end_ms);
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
  });
});
