// The journal, the sender and the queue follower against the in-process sandbox, which really
// queues and applies uploads: a batch is sent once and its stock changes once; every kind of
// failed call leaves the state the warehouse's truth calls for; the queue's -1 shows its message;
// polling often does not hammer the queue; two instances on one PostgreSQL send a batch once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type AppDatabase } from "@/lib/db";
import { createTokenStore, type TokenStore } from "@/lib/gateway/token-store";
import { deriveTokenKey } from "@/lib/gateway/token-crypto";
import { createNeClient } from "@/lib/ne/server/client";
import { createGateway, type Gateway } from "@/lib/gateway/gateway";
import { TEST_PG_URL, postgresReachable } from "@/lib/test/postgres";
import { SANDBOX_COMPANIES } from "@/sandbox/accounts";
import type { RunningSandbox } from "@/sandbox/server";
import { admin, login, startTestSandbox } from "@/sandbox/test-support";
import { uploadFileSchema, type UploadFile } from "../contract";
import { createJournal, type Journal } from "./journal";
import { createQueueFollower, type QueueFollower } from "./queue";
import { createSender, type Sender, type Uploader } from "./send";
import { OWNER, batchOf, createRequest, fakeCheckBatch, openTestDatabase, stockCsv, waitFor, type TestDatabase } from "./test-support";

const key = deriveTokenKey("uploads-test-secret-0123456789");
const company = SANDBOX_COMPANIES[0]!.neId;
const WS_PATH = "/api_v1_warehouse_stock/upload";

let sb: RunningSandbox;
let goods: string[];

beforeAll(async () => {
  sb = await startTestSandbox();
  const rows = await sb.db.query<{ g: string }>(
    `SELECT warehouse_stock_goods_id AS g FROM ne_warehouse_stock WHERE company_ne_id = $1 AND warehouse_stock_warehouse_id = 1 ORDER BY 1`,
    [company],
  );
  goods = rows.map((r) => r.g);
  expect(goods.length).toBeGreaterThanOrEqual(3);
});
afterAll(async () => {
  await sb?.close();
});

async function stockOf(goodsCode: string): Promise<number> {
  const rows = await sb.db.query<{ q: string }>(
    `SELECT warehouse_stock_quantity::text AS q FROM ne_warehouse_stock WHERE company_ne_id = $1 AND warehouse_stock_warehouse_id = 1 AND warehouse_stock_goods_id = $2`,
    [company, goodsCode],
  );
  return Number(rows[0]?.q);
}

async function fault(body: Record<string, unknown>): Promise<void> {
  const res = await admin(sb.url, "POST", "/faults", { path: WS_PATH, times: 1, ...body });
  expect(res.status).toBe(201);
}

/** Everything one dashboard instance needs: its database, token store, gateway and the upload parts. */
interface Instance {
  database: AppDatabase;
  store: TokenStore;
  gateway: Gateway;
  journal: Journal;
  sender: Sender;
  queue: QueueFollower;
}

function instance(database: AppDatabase, timeoutMs = 10_000): Instance {
  const store = createTokenStore(database, key);
  const gateway = createGateway({ client: createNeClient({ baseUrl: sb.url, timeoutMs }), store, database });
  const journal = createJournal({ database, checkBatch: fakeCheckBatch, staleSendingMs: timeoutMs + 60_000 });
  return {
    database,
    store,
    gateway,
    journal,
    sender: createSender({ database, journal, gateway, firstCheckMs: 50 }),
    queue: createQueueFollower({ database, journal, gateway, firstCheckMs: 50, maxCheckMs: 400 }),
  };
}

async function signedIn(app: Instance): Promise<Uploader> {
  const t = await login(sb.url);
  const sessionKey = await app.store.create({
    companyNeId: company,
    uid: "u",
    picNeId: "1",
    tokens: { accessToken: t.access_token, refreshToken: t.refresh_token, accessTokenEndDate: null, refreshTokenEndDate: null },
  });
  return { owner: OWNER, sessionKey };
}

/** Que jobs of the company after `afterQueId`, read through /api_v1_system_que/search. */
async function queJobs(app: Instance, who: Uploader, afterQueId = 0) {
  const { envelope } = await app.gateway.call(who.sessionKey, "/api_v1_system_que/search", {
    fields: ["que_id", "que_status_id", "que_message"],
    conditions: [{ field: "que_id", op: "gt", value: String(afterQueId) }],
  });
  return envelope.data ?? [];
}

async function lastQueId(app: Instance, who: Uploader): Promise<number> {
  return Math.max(0, ...(await queJobs(app, who)).map((r) => Number(r.que_id)));
}

/** A file of the given batch texts, all stored. */
async function storedFile(app: Instance, texts: string[]): Promise<string> {
  const created = await app.journal.createFile(OWNER, createRequest({ batchCount: texts.length, rows: texts.length }));
  if (!created.ok) throw new Error(created.failure.code);
  for (const [i, text] of texts.entries()) {
    const stored = await app.journal.storeBatch(OWNER, created.value.id, i, batchOf(text, 2 + i));
    if (!stored.ok) throw new Error(stored.failure.code);
  }
  return created.value.id;
}

/** Refreshes from the queue until the file satisfies `done` (waits on states, not the clock). */
function follow(app: Instance, who: Uploader, fileId: string, done: (file: UploadFile) => boolean): Promise<UploadFile> {
  return waitFor(
    async () => {
      await app.queue.refresh(who, fileId);
      return uploadFileSchema.parse(await app.journal.getFile(OWNER, fileId));
    },
    done,
    `file ${fileId}`,
  );
}

describe("uploads through the sandbox (PGlite journal)", () => {
  let app: Instance;
  let who: Uploader;

  beforeAll(async () => {
    app = instance(await openDatabase({ dataDir: "memory://" }));
    who = await signedIn(app);
  });
  afterAll(async () => {
    await admin(sb.url, "DELETE", "/faults");
    await app?.database.close();
  });

  it("each batch is queued once and reaches done; the stock changed once; a second send is refused", async () => {
    const [a, b] = goods as [string, string];
    const before = { a: await stockOf(a), b: await stockOf(b) };
    const since = await lastQueId(app, who);
    const id = await storedFile(app, [stockCsv([a], 5), stockCsv([b], 3)]);

    for (const index of [0, 1]) {
      const sent = await app.sender.sendBatch(who, id, index);
      expect(sent).toMatchObject({ ok: true, status: 200, batch: { state: "queued", sendCount: 1 } });
    }
    const done = await follow(app, who, id, (f) => f.status === "done");
    expect(done.batches.map((x) => [x.state, x.queStatusId])).toEqual([
      ["done", "2"],
      ["done", "2"],
    ]);
    expect(done.sentRows).toBe(2);
    expect(done.batches.every((x) => x.finishedAt !== null && x.sentAt !== null)).toBe(true);

    // Sent again, with or without resend: refused, and the upstream sees nothing new.
    expect(await app.sender.sendBatch(who, id, 0)).toMatchObject({ ok: false, failure: { status: 409, code: "batch-already-sent" } });
    expect(await app.sender.sendBatch(who, id, 0, { resend: true })).toMatchObject({ ok: false, failure: { status: 409, code: "batch-already-sent" } });
    const jobs = await queJobs(app, who, since);
    expect(jobs.map((j) => j.que_id).sort()).toEqual(done.batches.map((x) => x.queId).sort());
    expect(jobs).toHaveLength(2);
    expect({ a: await stockOf(a), b: await stockOf(b) }).toEqual({ a: before.a + 5, b: before.b + 3 });
  });

  it("ten concurrent sends of one batch queue one job", async () => {
    const since = await lastQueId(app, who);
    const before = await stockOf(goods[2]!);
    const id = await storedFile(app, [stockCsv([goods[2]!], 1)]);
    const results = await Promise.all(Array.from({ length: 10 }, () => app.sender.sendBatch(who, id, 0)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    await follow(app, who, id, (f) => f.status === "done");
    expect(await queJobs(app, who, since)).toHaveLength(1);
    expect(await stockOf(goods[2]!)).toBe(before + 1);
  });

  it("an answer lost to a timeout leaves the batch 'unknown' (it was applied), sent again only with resend", async () => {
    const impatient = instance(app.database, 500);
    const since = await lastQueId(app, who);
    const before = await stockOf(goods[0]!);
    const id = await storedFile(impatient, [stockCsv([goods[0]!], 2)]);
    await fault({ kind: "delay", delay_ms: 1500 });

    const lost = await impatient.sender.sendBatch(who, id, 0);
    expect(lost).toMatchObject({ ok: true, status: 200, batch: { state: "unknown", queId: null, error: { code: "timeout" } } });
    expect((await impatient.journal.getFile(OWNER, id))?.status).toBe("attention");
    expect(await impatient.sender.sendBatch(who, id, 0)).toMatchObject({ ok: false, failure: { status: 409, code: "resend-required" } });
    // The sandbox did take it: the stock moved although the dashboard never heard back.
    await waitFor(() => stockOf(goods[0]!), (q) => q === before + 2, "the delayed upload to apply");
    expect(await queJobs(app, who, since)).toHaveLength(1);

    // The person checked and decided to send it again (here: knowingly applied twice).
    const resent = await app.sender.sendBatch(who, id, 0, { resend: true });
    expect(resent).toMatchObject({ ok: true, batch: { state: "queued", sendCount: 2, error: null } });
    await follow(app, who, id, (f) => f.status === "done");
    expect(await queJobs(app, who, since)).toHaveLength(2);
    expect(await stockOf(goods[0]!)).toBe(before + 4);
  });

  it("HTTP 500 and a malformed answer: 'unknown' too (the dashboard cannot tell what happened)", async () => {
    for (const kind of ["http500", "malformed"] as const) {
      const since = await lastQueId(app, who);
      const id = await storedFile(app, [stockCsv([goods[1]!], 1)]);
      await fault({ kind });
      const sent = await app.sender.sendBatch(who, id, 0);
      expect(sent).toMatchObject({ ok: true, batch: { state: "unknown", error: { code: kind === "http500" ? "http-status" : "bad-response" } } });
      // These two faults strike before the sandbox queues anything: the resend is the only job.
      expect(await queJobs(app, who, since)).toHaveLength(0);
      expect(await app.sender.sendBatch(who, id, 0, { resend: true })).toMatchObject({ ok: true, batch: { state: "queued" } });
      await follow(app, who, id, (f) => f.status === "done");
      expect(await queJobs(app, who, since)).toHaveLength(1);
    }
  });

  it("busy (003002): back to 'stored' with the error, answered 503; sending later works", async () => {
    const id = await storedFile(app, [stockCsv([goods[1]!], 1)]);
    await fault({ kind: "busy" });
    const busy = await app.sender.sendBatch(who, id, 0);
    expect(busy).toMatchObject({ ok: false, status: 503, error: { code: "003002", kind: "busy", retryable: true }, batch: { state: "stored", error: { code: "003002" } } });
    expect((await app.journal.getFile(OWNER, id))?.status).toBe("ready");
    expect(await app.sender.sendBatch(who, id, 0)).toMatchObject({ ok: true, batch: { state: "queued", sendCount: 2, error: null } });
  });

  it("a definite refusal (003003): 'failed' with the API's code and message; resend only when asked", async () => {
    const id = await storedFile(app, [stockCsv([goods[1]!], 1)]);
    await fault({ kind: "error", code: "003003", message: "ファイルを受け付けられません" });
    const refused = await app.sender.sendBatch(who, id, 0);
    expect(refused).toMatchObject({ ok: true, batch: { state: "failed", error: { code: "003003", message: "ファイルを受け付けられません" } } });
    expect((await app.journal.getFile(OWNER, id))?.status).toBe("failed");
    expect(await app.sender.sendBatch(who, id, 0)).toMatchObject({ ok: false, failure: { code: "resend-required" } });
    expect(await app.sender.sendBatch(who, id, 0, { resend: true })).toMatchObject({ ok: true, batch: { state: "queued" } });
  });

  it("a job the queue fails (-1) shows its que_message", async () => {
    const text = `${stockCsv([goods[1]!], 1)}東京倉庫,${goods[1]},1,,,,\r\n`;
    const id = await storedFile(app, [text]);
    expect(await app.sender.sendBatch(who, id, 0)).toMatchObject({ ok: true, batch: { state: "queued" } });
    const failed = await follow(app, who, id, (f) => f.status !== "waiting");
    expect(failed.status).toBe("failed");
    expect(failed.batches[0]).toMatchObject({ state: "failed", queStatusId: "-1", error: null });
    expect(failed.batches[0]?.queMessage).toMatch(/東京倉庫/);
    expect(failed.sentRows).toBe(0);
  });

  it("an expired session (002004): back to 'stored', answered 401, the session forgotten", async () => {
    const other = await signedIn(app);
    const id = await storedFile(app, [stockCsv([goods[1]!], 1)]);
    await fault({ kind: "error", code: "002004" });
    const expired = await app.sender.sendBatch(other, id, 0);
    expect(expired).toMatchObject({ ok: false, status: 401, error: { kind: "auth-expired" }, batch: { state: "stored", error: { code: "002004" } } });
    expect(await app.store.get(other.sessionKey)).toBeNull();
    expect(await app.sender.sendBatch(who, id, 0)).toMatchObject({ ok: true, batch: { state: "queued" } });
  });

  it("polling often asks the queue at most once per due check, backing off, as background work", async () => {
    let searches = 0;
    const priorities = new Set<string | undefined>();
    const counting: Pick<Gateway, "call"> = {
      call(sessionKey, path, request, options) {
        if (path === "/api_v1_system_que/search") {
          searches += 1;
          priorities.add(options?.priority);
        }
        return app.gateway.call(sessionKey, path, request, options);
      },
    };
    const queue = createQueueFollower({ database: app.database, journal: app.journal, gateway: counting, firstCheckMs: 1000, maxCheckMs: 5000 });
    const sender = createSender({ database: app.database, journal: app.journal, gateway: app.gateway, firstCheckMs: 1000 });
    const id = await storedFile(app, [stockCsv([goods[1]!], 1)]);
    expect(await sender.sendBatch(who, id, 0)).toMatchObject({ ok: true });
    // Not due yet: twenty polls make no call.
    for (let i = 0; i < 20; i++) await queue.refresh(who, id);
    expect(searches).toBe(0);
    // Due: twenty concurrent polls make one call, which finds the job done and ends the checks.
    const queId = (await app.journal.getFile(OWNER, id))?.batches[0]?.queId;
    await waitFor(async () => (await queJobs(app, who)).find((j) => j.que_id === queId)?.que_status_id, (s) => s === "2", "the job to finish");
    await waitFor(
      async () => {
        await Promise.all(Array.from({ length: 20 }, () => queue.refresh(who, id)));
        return searches;
      },
      (n) => n > 0,
      "the first due check",
    );
    expect(searches).toBe(1);
    expect([...priorities]).toEqual(["background"]);
    expect((await app.journal.getFile(OWNER, id))?.batches[0]).toMatchObject({ state: "done" });
  });
});

describe("two dashboard instances on one PostgreSQL", () => {
  let test: TestDatabase;

  beforeAll(async () => {
    expect(await postgresReachable(), `PostgreSQL is not reachable at ${TEST_PG_URL}`).toBe(true);
    test = await openTestDatabase("postgres");
  });
  afterAll(async () => {
    await test?.close();
  });

  it("concurrent sends of one batch from both queue one job", async () => {
    const a = instance(test.database);
    const b = instance(await test.another());
    const who = await signedIn(a);
    const since = await lastQueId(a, who);
    const id = await storedFile(a, [stockCsv([goods[2]!], 1)]);
    const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).sender.sendBatch(who, id, 0)));
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    const done = await follow(b, who, id, (f) => f.status === "done");
    expect(done.batches[0]?.sendCount).toBe(1);
    expect(await queJobs(a, who, since)).toHaveLength(1);
  });
});
