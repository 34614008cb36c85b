// The upload journal on both databases: files and their batches stored as checked, the duplicate
// rule, company isolation, derived statuses, lists, cancel, the stale "sending" rule, and the
// at-most-once claim of a send (concurrent sends in one process, and from two instances on PostgreSQL).
// The upstream here is a stand-in gateway; lib/uploads/sandbox.test.ts runs against the sandbox.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { uploadBatches } from "@/lib/db/schema";
import type { NeCallResult, NeRequest } from "@/lib/ne/server/client";
import { NeError } from "@/lib/ne/errors";
import { TEST_PG_URL, postgresReachable } from "@/lib/test/postgres";
import { duplicateFileErrorSchema, uploadBatchSchema, uploadFileSchema, uploadListSchema } from "../contract";
import { createJournal, type Journal } from "./journal";
import { createSender, stateAfterError, type Uploader } from "./send";
import {
  OTHER_COMPANY,
  OWNER,
  batchOf,
  createRequest,
  fakeCheckBatch,
  openTestDatabase,
  sha256Hex,
  stockCsv,
  type TestDatabase,
} from "./test-support";

const STALE_MS = 5 * 60_000;
const uploader: Uploader = { owner: OWNER, sessionKey: "session-1" };

/** A gateway stand-in: counts upload calls, answers que ids after `delayMs`, or throws what `fail` returns (when it returns something). */
function fakeGateway(options: { delayMs?: number; fail?: () => unknown } = {}) {
  const calls: { path: string; request: NeRequest | undefined }[] = [];
  let next = 100;
  return {
    calls,
    async call(_key: string, path: string, request?: NeRequest): Promise<NeCallResult> {
      calls.push({ path, request });
      await new Promise((r) => setTimeout(r, options.delayMs ?? 0));
      const failure = options.fail?.();
      if (failure !== undefined) throw failure;
      return { envelope: { result: "success", queId: String(next++), extra: {} }, tokens: null };
    },
  };
}

/** A file of one stored batch, ready to send. */
async function readyFile(journal: Journal, text = stockCsv(["A-1"], 5)) {
  const created = await journal.createFile(OWNER, createRequest());
  if (!created.ok) throw new Error(created.failure.code);
  const stored = await journal.storeBatch(OWNER, created.value.id, 0, batchOf(text));
  if (!stored.ok) throw new Error(stored.failure.code);
  return created.value.id;
}

describe("stateAfterError: what a failed upload call means for the batch", () => {
  const ne = (code: string, extra: Partial<ConstructorParameters<typeof NeError>[0]> = {}) => new NeError({ code, message: code, ...extra });
  it("refused before the API read the upload: stored (busy, expired tokens, stale token, refused connection)", () => {
    expect(stateAfterError(ne("003002"))).toBe("stored");
    expect(stateAfterError(ne("002004"))).toBe("stored");
    expect(stateAfterError(ne("redirect"))).toBe("stored");
    expect(stateAfterError(ne("002002"))).toBe("stored");
    const refused = Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    expect(stateAfterError(ne("network", { kind: "upstream-failure", cause: refused }))).toBe("stored");
  });
  it("the API overloaded (003001) or in maintenance (003004, 003005): stored, never unknown (nothing was queued)", () => {
    for (const code of ["003001", "003004", "003005"]) expect(stateAfterError(ne(code)), code).toBe("stored");
  });
  it("a definite refusal: failed (no permission, bad parameters, file refused)", () => {
    expect(stateAfterError(ne("004001"))).toBe("failed");
    expect(stateAfterError(ne("003003"))).toBe("failed");
    expect(stateAfterError(ne("invalid-request"))).toBe("failed");
  });
  it("a lost or unreadable answer: unknown (timeout, reset, HTTP 500, malformed, 999999, not an NeError)", () => {
    expect(stateAfterError(ne("timeout", { kind: "upstream-failure" }))).toBe("unknown");
    const reset = Object.assign(new Error("socket hang up"), { code: "ECONNRESET" });
    expect(stateAfterError(ne("network", { kind: "upstream-failure", cause: reset }))).toBe("unknown");
    expect(stateAfterError(ne("http-status", { kind: "upstream-failure", httpStatus: 500 }))).toBe("unknown");
    expect(stateAfterError(ne("bad-response", { kind: "upstream-failure" }))).toBe("unknown");
    expect(stateAfterError(ne("999999"))).toBe("unknown");
    expect(stateAfterError(new TypeError("bug"))).toBe("unknown");
  });
});

for (const mode of ["pglite", "postgres"] as const) {
  describe(`upload journal on ${mode}`, () => {
    let test: TestDatabase;
    let journal: Journal;

    beforeAll(async () => {
      if (mode === "postgres") expect(await postgresReachable(), `PostgreSQL is not reachable at ${TEST_PG_URL}`).toBe(true);
      test = await openTestDatabase(mode);
      journal = createJournal({ database: test.database, checkBatch: fakeCheckBatch, staleSendingMs: STALE_MS });
    });
    afterAll(async () => {
      await test?.close();
    });

    const setState = (fileId: string, index: number, state: string, more: Record<string, unknown> = {}) =>
      test.database.db
        .update(uploadBatches)
        .set({ state, ...more })
        .where(sql`${uploadBatches.fileId} = ${fileId} AND ${uploadBatches.index} = ${index}`);

    it("creates a file that parses with the contract and is 'storing' until every batch is stored", async () => {
      const request = createRequest({ batchCount: 2, rows: 4, excludedLines: [3], goodsCodes: ["A-1", "A-2"] });
      const created = await journal.createFile(OWNER, request);
      expect(created.ok).toBe(true);
      if (!created.ok) return;
      expect(created.status).toBe(201);
      const file = uploadFileSchema.parse(created.value);
      expect(file).toMatchObject({ status: "storing", personName: OWNER.personName, excludedLines: [3], goodsCodes: ["A-1", "A-2"], sentRows: 0, batches: [] });

      const first = await journal.storeBatch(OWNER, file.id, 0, batchOf(stockCsv(["A-1", "A-2"], 1), 2));
      expect(first.ok && first.status).toBe(201);
      if (first.ok) expect(uploadBatchSchema.parse(first.value)).toMatchObject({ index: 0, rows: 2, state: "stored", sendCount: 0, queId: null });
      expect((await journal.getFile(OWNER, file.id))?.status).toBe("storing");
      await journal.storeBatch(OWNER, file.id, 1, batchOf(stockCsv(["A-3"], 1), 5));
      const ready = await journal.getFile(OWNER, file.id);
      expect(ready?.status).toBe("ready");
      expect(ready?.batches.map((b) => b.index)).toEqual([0, 1]);
    });

    it("keeps the batch's gzip exactly as it came", async () => {
      const id = await readyFile(journal);
      const [row] = await test.database.db.select({ gz: uploadBatches.gz }).from(uploadBatches).where(eq(uploadBatches.fileId, id));
      expect(Buffer.from(row!.gz).toString("base64")).toBe(batchOf(stockCsv(["A-1"], 5)).gzipBase64);
    });

    it("a retried PUT of the same batch answers it again (200); other content in its place is 409", async () => {
      const created = await journal.createFile(OWNER, createRequest({ batchCount: 2 }));
      if (!created.ok) throw new Error("create");
      const batch = batchOf(stockCsv(["B-1"], 1));
      expect(await journal.storeBatch(OWNER, created.value.id, 0, batch)).toMatchObject({ ok: true, status: 201 });
      expect(await journal.storeBatch(OWNER, created.value.id, 0, batch)).toMatchObject({ ok: true, status: 200 });
      const other = await journal.storeBatch(OWNER, created.value.id, 0, batchOf(stockCsv(["B-1"], 2)));
      expect(other).toMatchObject({ ok: false, failure: { status: 409, code: "batch-conflict" } });
      // Ten PUTs of one new index at once: one stores it, the others see the same batch.
      const again = batchOf(stockCsv(["B-2"], 1), 3);
      const results = await Promise.all(Array.from({ length: 10 }, () => journal.storeBatch(OWNER, created.value.id, 1, again)));
      expect(results.filter((r) => r.ok && r.status === 201)).toHaveLength(1);
      expect(results.every((r) => r.ok)).toBe(true);
    });

    it("refuses a batch that is not what it claims, or that the server's check refuses", async () => {
      const created = await journal.createFile(OWNER, createRequest({ batchCount: 1 }));
      if (!created.ok) throw new Error("create");
      const id = created.value.id;
      const text = stockCsv(["C-1"], 1);
      const store = (body: ReturnType<typeof batchOf>, index = 0) => journal.storeBatch(OWNER, id, index, body);

      expect(await store({ ...batchOf(text), sha256: sha256Hex("something else") })).toMatchObject({ ok: false, failure: { status: 422, code: "sha256-mismatch" } });
      expect(await store({ ...batchOf(text), gzipBase64: Buffer.from(text).toString("base64") })).toMatchObject({ ok: false, failure: { status: 422, code: "not-gzip" } });
      const damaged = gzipSync(Buffer.from(text));
      damaged.writeUInt8(damaged.readUInt8(damaged.length - 6) ^ 0xff, damaged.length - 6); // the CRC no longer matches
      expect(await store({ ...batchOf(text), gzipBase64: damaged.toString("base64") })).toMatchObject({ ok: false, failure: { status: 422, code: "bad-gzip" } });
      const bomb = gzipSync(Buffer.alloc(17 * 1024 * 1024, 0x41));
      expect(bomb.length).toBeLessThan(100_000);
      expect(await store({ ...batchOf(text), gzipBase64: bomb.toString("base64") })).toMatchObject({ ok: false, failure: { status: 422, code: "batch-too-large" } });
      const latin1 = Buffer.concat([Buffer.from(`${text}`), Buffer.from([0x82, 0xa0])]);
      expect(await store({ ...batchOf(text), sha256: sha256Hex(latin1), gzipBase64: gzipSync(latin1).toString("base64") })).toMatchObject({
        ok: false,
        failure: { status: 422, code: "not-utf8" },
      });
      const bad = `${text}基本拠点,C-2,x,,,,#ERROR\r\n`;
      const refused = await store(batchOf(bad));
      expect(refused).toMatchObject({ ok: false, failure: { status: 422, code: "batch-problems" } });
      if (!refused.ok) expect(refused.failure.extra?.problems).toEqual([expect.objectContaining({ line: 3, severity: "error" })]);
      expect(await store(batchOf(`${text}基本拠点,C-2,1,,,,#WARN\r\n`))).toMatchObject({ ok: false, failure: { status: 422, code: "warnings-not-confirmed" } });
      expect(await store(batchOf(text, 2, { rows: 1 }))).toMatchObject({ ok: true });

      const other = await journal.createFile(OWNER, createRequest({ batchCount: 1 }));
      if (!other.ok) throw new Error("create");
      expect(await journal.storeBatch(OWNER, other.value.id, 0, { ...batchOf(text), rows: 1, lastLine: 9, firstLine: 2 })).toMatchObject({ ok: true });
      expect(await journal.storeBatch(OWNER, other.value.id, 1, batchOf(text))).toMatchObject({ ok: false, failure: { status: 404, code: "no-such-batch" } });
      const mismatch = await journal.createFile(OWNER, createRequest({ batchCount: 1 }));
      if (!mismatch.ok) throw new Error("create");
      expect(await journal.storeBatch(OWNER, mismatch.value.id, 0, { ...batchOf(text), rows: 2, lastLine: 3 })).toMatchObject({
        ok: false,
        failure: { status: 422, code: "rows-mismatch" },
      });
      // Nothing of the refused attempts was kept.
      expect((await journal.getFile(OWNER, mismatch.value.id))?.batches).toEqual([]);
    });

    it("keeps a batch's line map: the queue's message of a failed batch names the file's lines; its text reads back", async () => {
      const created = await journal.createFile(OWNER, createRequest({ rows: 9, excludedLines: [3, 4, 5, 6, 7] }));
      if (!created.ok) throw new Error("create");
      const id = created.value.id;
      const text = stockCsv(["L-1"], 1);
      expect(await journal.storeBatch(OWNER, id, 0, { ...batchOf(text, 9), lineMap: [[2, 8, 1]] })).toMatchObject({ ok: false, failure: { status: 400 } });
      expect(await journal.storeBatch(OWNER, id, 0, { ...batchOf(text, 9), lineMap: [[2, 9, 1]] })).toMatchObject({ ok: true, status: 201 });
      expect(await journal.batchText(OWNER, id, 0)).toEqual({ text, lineMap: [[2, 9, 1]] });
      expect(await journal.batchText(OTHER_COMPANY, id, 0)).toBeNull();
      await setState(id, 0, "failed", { queMessage: "2行目 4列目[gensan_su]: 在庫数がマイナスになります (line 2, column 4 \"gensan_su\": stock would go below zero)" });
      const file = uploadFileSchema.parse(await journal.getFile(OWNER, id));
      expect(file.batches[0]?.queProblems).toEqual([{ line: 9, batchLine: 2, column: "gensan_su", ja: "在庫数がマイナスになります", en: "stock would go below zero" }]);
      // The rows left out are not rows to send: 9 rows, 5 left out.
      expect(file.sendRows).toBe(4);
      const listed = await journal.list(OWNER, { offset: 0, limit: 200 });
      expect(listed.files.find((f) => f.id === id)).toMatchObject({ rows: 9, sendRows: 4, purpose: "file", hasPlan: false });
    });

    it("keeps a plan before the first send and a report once done, each once; another company reads neither", async () => {
      const id = await readyFile(journal);
      const doc = (text: string) => ({ sha256: sha256Hex(text), gzipBase64: gzipSync(Buffer.from(text)).toString("base64") });
      expect(await journal.storeDocument(OWNER, id, "plan", { ...doc("a,b\r\n1,2"), sha256: sha256Hex("other") })).toMatchObject({ ok: false, failure: { code: "sha256-mismatch" } });
      expect(await journal.storeDocument(OWNER, id, "plan", doc("a,b\r\n1,2"))).toMatchObject({ ok: true, status: 201 });
      expect(await journal.storeDocument(OWNER, id, "plan", doc("a,b\r\n1,2"))).toMatchObject({ ok: true, status: 200 });
      expect(await journal.storeDocument(OWNER, id, "plan", doc("a,b\r\n1,3"))).toMatchObject({ ok: false, failure: { status: 409, code: "plan-exists" } });
      expect(await journal.readDocument(OWNER, id, "plan")).toBe("a,b\r\n1,2");
      expect(await journal.readDocument(OTHER_COMPANY, id, "plan")).toBeNull();
      expect(await journal.storeDocument(OTHER_COMPANY, id, "plan", doc("x"))).toMatchObject({ ok: false, failure: { status: 404 } });
      expect(await journal.storeDocument(OWNER, id, "report", doc("r"))).toMatchObject({ ok: false, failure: { status: 409, code: "file-not-finished" } });
      expect((await journal.getFile(OWNER, id))?.hasPlan).toBe(true);
      await setState(id, 0, "done");
      expect(await journal.storeDocument(OWNER, id, "report", doc("r"))).toMatchObject({ ok: true, status: 201 });
      expect(await journal.readDocument(OWNER, id, "report")).toBe("r");

      const late = await readyFile(journal);
      await setState(late, 0, "queued");
      expect(await journal.storeDocument(OWNER, late, "plan", doc("p"))).toMatchObject({ ok: false, failure: { status: 409, code: "plan-after-send" } });
    });

    it("an undo names an upload of the same company", async () => {
      const id = await readyFile(journal);
      const undo = await journal.createFile(OWNER, createRequest({ purpose: "undo", undoOf: id, sha256: sha256Hex("undo") }));
      expect(undo).toMatchObject({ ok: true, value: { purpose: "undo", undoOf: id } });
      expect(await journal.createFile(OTHER_COMPANY, createRequest({ purpose: "undo", undoOf: id }))).toMatchObject({ ok: false, failure: { status: 404, code: "no-such-upload" } });
    });

    it("accepts confirmed warnings", async () => {
      const created = await journal.createFile(OWNER, createRequest({ warningsConfirmed: true }));
      if (!created.ok) throw new Error("create");
      expect(await journal.storeBatch(OWNER, created.value.id, 0, batchOf(`${stockCsv(["W-1"], 1)}#WARN line\r\n`))).toMatchObject({ ok: true, status: 201 });
    });

    it("another company's file does not exist for it: 404 on read, store, cancel, and never listed", async () => {
      const id = await readyFile(journal);
      expect(await journal.getFile(OTHER_COMPANY, id)).toBeNull();
      expect(await journal.storeBatch(OTHER_COMPANY, id, 0, batchOf(stockCsv(["X"], 1)))).toMatchObject({ ok: false, failure: { status: 404 } });
      expect(await journal.cancel(OTHER_COMPANY, id)).toMatchObject({ ok: false, failure: { status: 404 } });
      const listed = await journal.list(OTHER_COMPANY, { offset: 0, limit: 200 });
      expect(listed.files.map((f) => f.id)).not.toContain(id);
      const sender = createSender({ database: test.database, journal, gateway: fakeGateway() });
      expect(await sender.sendBatch({ owner: OTHER_COMPANY, sessionKey: "s" }, id, 0)).toMatchObject({ ok: false, failure: { status: 404 } });
      expect(await journal.getFile(OWNER, "not-a-uuid")).toBeNull();
    });

    it("the same file sent before is refused with the earlier uploads, unless the operator confirms", async () => {
      const sha256 = sha256Hex(`dup-${mode}`);
      const first = await journal.createFile(OWNER, createRequest({ sha256, fileName: "first.csv" }));
      if (!first.ok) throw new Error("create");
      // Stored but never sent: not a duplicate yet (and neither is a cancelled one).
      expect((await journal.createFile(OWNER, createRequest({ sha256 }))).ok).toBe(true);
      await journal.storeBatch(OWNER, first.value.id, 0, batchOf(stockCsv(["D-1"], 1)));
      expect((await journal.createFile(OWNER, createRequest({ sha256 }))).ok).toBe(true);
      await setState(first.value.id, 0, "done");

      const refused = await journal.createFile(OWNER, createRequest({ sha256 }));
      expect(refused).toMatchObject({ ok: false, failure: { status: 409, code: "duplicate-file" } });
      if (!refused.ok) {
        const body = duplicateFileErrorSchema.parse({
          error: { code: refused.failure.code, message: refused.failure.message, retryable: false, kind: "invalid-request" },
          ...refused.failure.extra,
        });
        expect(body.previous).toEqual([expect.objectContaining({ id: first.value.id, fileName: "first.csv", personName: OWNER.personName, status: "done" })]);
      }
      expect((await journal.createFile(OWNER, createRequest({ sha256, confirmDuplicate: true }))).ok).toBe(true);
      // Another company's upload of the same bytes is not this company's business.
      expect((await journal.createFile(OTHER_COMPANY, createRequest({ sha256 }))).ok).toBe(true);
    });

    it("derives the file's status from its batches", async () => {
      const created = await journal.createFile(OWNER, createRequest({ batchCount: 3 }));
      if (!created.ok) throw new Error("create");
      const id = created.value.id;
      for (const i of [0, 1, 2]) await journal.storeBatch(OWNER, id, i, batchOf(stockCsv([`S-${i}`], 1), 2 + i));
      const status = async () => (await journal.getFile(OWNER, id))?.status;
      expect(await status()).toBe("ready");
      await setState(id, 0, "done");
      expect(await status()).toBe("paused"); // part sent, the rest still to send, nothing sending
      await setState(id, 1, "queued");
      expect(await status()).toBe("waiting");
      await setState(id, 2, "unknown");
      expect(await status()).toBe("attention");
      await setState(id, 2, "failed");
      expect(await status()).toBe("waiting");
      await setState(id, 1, "done");
      expect(await status()).toBe("failed");
      await setState(id, 2, "done");
      expect(await status()).toBe("done");
      await setState(id, 2, "sending", { sendingStartedAt: sql`now()` });
      expect(await status()).toBe("sending");
    });

    it("a batch left 'sending' past the limit is reported 'unknown' with why, and is not sent again by itself", async () => {
      const id = await readyFile(journal);
      await setState(id, 0, "sending", { sendingStartedAt: sql`now() - interval '10 minutes'`, sendCount: 1 });
      const file = await journal.getFile(OWNER, id);
      expect(file?.status).toBe("attention");
      expect(file?.batches[0]).toMatchObject({ state: "unknown", sendCount: 1, error: { code: "no-answer" } });
      const gateway = fakeGateway();
      const sender = createSender({ database: test.database, journal, gateway });
      expect(await sender.sendBatch(uploader, id, 0)).toMatchObject({ ok: false, failure: { status: 409, code: "resend-required" } });
      expect(gateway.calls).toHaveLength(0);
    });

    it("lists the company's files newest first, filtered by kind, status and name, with the total", async () => {
      const company = { ...OWNER, companyNeId: `LIST-${mode}` };
      const ids: string[] = [];
      for (const [i, name] of ["棚卸_2026-11.csv", "goods_100%.csv", "棚卸_2026-12.csv"].entries()) {
        const created = await journal.createFile(company, createRequest({ fileName: name, kind: i === 1 ? "goods" : "warehouse-stock" }));
        if (!created.ok) throw new Error("create");
        ids.push(created.value.id);
      }
      await journal.storeBatch(company, ids[2]!, 0, batchOf(stockCsv(["L-1"], 1)));
      const all = uploadListSchema.parse(await journal.list(company, { offset: 0, limit: 50 }));
      expect(all.total).toBe(3);
      expect(all.files.map((f) => f.id)).toEqual([...ids].reverse());
      expect((await journal.list(company, { kind: "goods", offset: 0, limit: 50 })).files.map((f) => f.id)).toEqual([ids[1]]);
      expect((await journal.list(company, { status: "ready", offset: 0, limit: 50 })).files.map((f) => f.id)).toEqual([ids[2]]);
      expect((await journal.list(company, { status: "storing", offset: 0, limit: 50 })).total).toBe(2);
      expect((await journal.list(company, { q: "棚卸", offset: 0, limit: 50 })).total).toBe(2);
      expect((await journal.list(company, { q: "100%", offset: 0, limit: 50 })).files.map((f) => f.fileName)).toEqual(["goods_100%.csv"]);
      expect((await journal.list(company, { q: "_2026", offset: 0, limit: 50 })).total).toBe(2);
      expect((await journal.list(company, { q: "%", offset: 0, limit: 50 })).total).toBe(1);
      const page = await journal.list(company, { offset: 1, limit: 1 });
      expect(page).toMatchObject({ total: 3, files: [{ id: ids[1] }] });
    });

    it("cancel stops the stored batches, refuses new ones, and leaves a batch being sent alone", async () => {
      const created = await journal.createFile(OWNER, createRequest({ batchCount: 3 }));
      if (!created.ok) throw new Error("create");
      const id = created.value.id;
      await journal.storeBatch(OWNER, id, 0, batchOf(stockCsv(["K-0"], 1), 2));
      await journal.storeBatch(OWNER, id, 1, batchOf(stockCsv(["K-1"], 1), 3));
      await setState(id, 0, "sending", { sendingStartedAt: sql`now()` });
      const cancelled = await journal.cancel(OWNER, id);
      expect(cancelled.ok).toBe(true);
      if (!cancelled.ok) return;
      expect(uploadFileSchema.parse(cancelled.value).batches.map((b) => b.state)).toEqual(["sending", "cancelled"]);
      expect(await journal.storeBatch(OWNER, id, 2, batchOf(stockCsv(["K-2"], 1), 4))).toMatchObject({ ok: false, failure: { status: 409, code: "file-cancelled" } });
      expect(await journal.cancel(OWNER, id)).toMatchObject({ ok: true, status: 200 });
      await setState(id, 0, "done");
      expect((await journal.getFile(OWNER, id))?.status).toBe("cancelled");
      const sender = createSender({ database: test.database, journal, gateway: fakeGateway() });
      expect(await sender.sendBatch(uploader, id, 1)).toMatchObject({ ok: false, failure: { status: 409, code: "batch-cancelled" } });

      // A failed batch of a cancelled file is not sent again, even when asked.
      const failed = await readyFile(journal);
      await setState(failed, 0, "failed");
      expect(await journal.cancel(OWNER, failed)).toMatchObject({ ok: true });
      expect((await journal.getFile(OWNER, failed))?.status).toBe("failed");
      expect(await sender.sendBatch(uploader, failed, 0, { resend: true })).toMatchObject({ ok: false, failure: { status: 409, code: "batch-cancelled" } });

      const sent = await readyFile(journal);
      await setState(sent, 0, "done");
      expect(await journal.cancel(OWNER, sent)).toMatchObject({ ok: false, failure: { status: 409, code: "nothing-to-cancel" } });
    });

    it("a send answered maintenance (003004, 003005) leaves the batch stored, answers 503, and the next send queues it", async () => {
      for (const code of ["003004", "003005"]) {
        const fileId = await readyFile(journal, stockCsv([`M-${code}`], 2));
        let down = true;
        const gateway = fakeGateway({ fail: () => (down ? new NeError({ code, message: "メンテナンス中です" }) : undefined) });
        const sender = createSender({ database: test.database, journal, gateway });
        const answer = await sender.sendBatch(uploader, fileId, 0);
        expect(answer).toMatchObject({ ok: false, status: 503, error: { code, kind: "maintenance", retryable: true }, batch: { state: "stored", queId: null } });
        expect((await journal.getFile(OWNER, fileId))?.batches[0]?.state).toBe("stored");
        down = false;
        expect(await sender.sendBatch(uploader, fileId, 0)).toMatchObject({ ok: true, batch: { state: "queued" } });
        expect(gateway.calls).toHaveLength(2);
      }
    });

    it("sends only files whose batches are all stored", async () => {
      const created = await journal.createFile(OWNER, createRequest({ batchCount: 2 }));
      if (!created.ok) throw new Error("create");
      await journal.storeBatch(OWNER, created.value.id, 0, batchOf(stockCsv(["R-0"], 1)));
      const gateway = fakeGateway();
      const sender = createSender({ database: test.database, journal, gateway });
      expect(await sender.sendBatch(uploader, created.value.id, 0)).toMatchObject({ ok: false, failure: { status: 409, code: "file-not-ready" } });
      expect(await sender.sendBatch(uploader, created.value.id, 1)).toMatchObject({ ok: false, failure: { status: 404, code: "no-such-batch" } });
      expect(gateway.calls).toHaveLength(0);
    });

    it("ten concurrent sends of one batch make one upstream call with the stored gzip", async () => {
      const text = stockCsv(["P-1"], 5);
      const id = await readyFile(journal, text);
      const gateway = fakeGateway({ delayMs: 50 });
      const sender = createSender({ database: test.database, journal, gateway });
      const results = await Promise.all(Array.from({ length: 10 }, () => sender.sendBatch(uploader, id, 0)));
      expect(gateway.calls).toHaveLength(1);
      expect(gateway.calls[0]?.path).toBe("/api_v1_warehouse_stock/upload");
      expect(gateway.calls[0]?.request?.params).toEqual({ data_type: "gz" });
      expect(Buffer.from(gateway.calls[0]!.request!.data!).toString("base64")).toBe(batchOf(text).gzipBase64);
      const won = results.filter((r) => r.ok);
      expect(won).toHaveLength(1);
      expect(won[0]).toMatchObject({ status: 200, batch: { state: "queued", queId: "100", sendCount: 1 } });
      for (const lost of results.filter((r) => !r.ok)) {
        expect(lost).toMatchObject({ failure: { status: 409, code: expect.stringMatching(/^batch-(sending|already-sent)$/) } });
      }
      const file = await journal.getFile(OWNER, id);
      expect(file).toMatchObject({ status: "waiting", sentRows: 1 });
    });

    if (mode === "postgres") {
      it("two instances on one PostgreSQL: concurrent sends of one batch make one upstream call", async () => {
        const second = await test.another();
        const journalB = createJournal({ database: second, checkBatch: fakeCheckBatch, staleSendingMs: STALE_MS });
        const id = await readyFile(journal);
        const gateway = fakeGateway({ delayMs: 50 });
        const a = createSender({ database: test.database, journal, gateway });
        const b = createSender({ database: second, journal: journalB, gateway });
        const results = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? a : b).sendBatch(uploader, id, 0)));
        expect(gateway.calls).toHaveLength(1);
        expect(results.filter((r) => r.ok)).toHaveLength(1);
      });
    }
  });
}
