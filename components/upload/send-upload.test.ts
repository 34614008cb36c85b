import { describe, expect, it } from "vitest";
import { BffError } from "@/lib/query/bff-error";
import type { BatchState, CreateUploadRequest, UploadBatch, UploadFile } from "@/lib/uploads/contract";
import type { CreateOutcome, JournalApi } from "./journal-api";
import {
  cancelFile,
  initialSendState,
  nextPollDelay,
  resendBatch,
  resumeFile,
  sendFile,
  SendLane,
  sendReducer,
  type SendContext,
  type SendPlan,
  type SendState,
} from "./send-upload";
import type { PreparedBatch } from "./worker-protocol";

const hex = "a".repeat(64);

function prepared(count: number): PreparedBatch[] {
  return Array.from({ length: count }, (_, index) => ({
    index,
    firstLine: 2 + index * 3000,
    lastLine: 1 + (index + 1) * 3000,
    rows: 3000,
    lineMap: [[2, 2 + index * 3000, 3000]],
    sha256: hex,
    gzipBase64: "H4sIAAAAAAAAAwMAAAAAAAAAAAA=",
  }));
}

const plan = (count: number): SendPlan => ({
  request: {
    kind: "warehouse-stock",
    fileName: "stock.csv",
    size: 1000,
    sha256: hex,
    encoding: "shift_jis",
    rows: count * 3000,
    excludedLines: [],
    warningsConfirmed: false,
    batchCount: count,
    goodsCodes: ["A1"],
  },
  batches: prepared(count),
});

/** A journal in memory that answers as the contract says, with knobs for what goes wrong. */
class FakeJournal implements JournalApi {
  calls: string[] = [];
  files = new Map<string, UploadFile>();
  duplicateUnlessConfirmed = false;
  /** Batch index → the state its send ends in (default queued). */
  sendOutcome = new Map<number, BatchState | "throw">();
  /** Batch index → the answers that turn its next sends away, the batch left "stored" (busy 503, 429, 401). */
  turnAway = new Map<number, BffError[]>();
  /** GETs needed before a queued batch is done. */
  pollsToDone = 1;
  private polls = 0;
  storeFailures = 0;

  async create(body: CreateUploadRequest): Promise<CreateOutcome> {
    this.calls.push(`create${body.confirmDuplicate ? " confirmed" : ""}`);
    if (this.duplicateUnlessConfirmed && !body.confirmDuplicate) {
      return { ok: false, previous: [{ id: "old", fileName: body.fileName, personName: "山田", createdAt: "2026-11-01T00:00:00Z", status: "done" }] };
    }
    const file: UploadFile = {
      id: "f1",
      kind: body.kind,
      fileName: body.fileName,
      size: body.size,
      sha256: body.sha256,
      encoding: body.encoding,
      rows: body.rows,
      sentRows: 0,
      excludedLines: body.excludedLines,
      batchCount: body.batchCount,
      goodsCodes: body.goodsCodes,
      sendRows: body.rows - body.excludedLines.length,
      purpose: body.purpose ?? "file",
      undoOf: body.undoOf ?? null,
      hasPlan: false,
      hasReport: false,
      status: "storing",
      personName: "山田",
      createdAt: "2026-11-23T00:00:00Z",
      updatedAt: "2026-11-23T00:00:00Z",
      batches: [],
    };
    this.files.set(file.id, file);
    return { ok: true, file };
  }

  private update(id: string, index: number, change: Partial<UploadBatch>): UploadBatch {
    const file = this.files.get(id);
    if (!file) throw new Error("no file");
    const batch = { ...file.batches.find((b) => b.index === index)!, ...change };
    file.batches = file.batches.map((b) => (b.index === index ? batch : b));
    return batch;
  }

  async storeBatch(id: string, index: number, body: { firstLine: number; lastLine: number; rows: number; sha256: string }): Promise<UploadBatch> {
    this.calls.push(`store ${index}`);
    if (this.storeFailures > 0) {
      this.storeFailures--;
      throw new BffError({ code: "http-status", message: "HTTP 503", kind: "upstream-failure", retryable: true, status: 503 });
    }
    const file = this.files.get(id)!;
    const batch: UploadBatch = {
      index,
      ...body,
      state: "stored",
      queId: null,
      queStatusId: null,
      queProblems: [],
      queMessage: null,
      error: null,
      sendCount: 0,
      storedAt: "t",
      sentAt: null,
      finishedAt: null,
    };
    file.batches = [...file.batches.filter((b) => b.index !== index), batch].sort((a, b) => a.index - b.index);
    return batch;
  }

  async sendBatch(id: string, index: number, resend: boolean): Promise<UploadBatch> {
    this.calls.push(`send ${index}${resend ? " resend" : ""}`);
    const away = this.turnAway.get(index)?.shift();
    if (away) throw away;
    const outcome = this.sendOutcome.get(index) ?? "queued";
    if (outcome === "throw") {
      this.update(id, index, { state: "unknown", sentAt: "t" });
      throw new BffError({ code: "timeout", message: "timeout", kind: "upstream-failure", retryable: true, status: 504 });
    }
    this.sendOutcome.delete(index);
    return this.update(id, index, { state: outcome, sentAt: "t", queId: `q${index}`, sendCount: 1 });
  }

  async cancel(id: string): Promise<UploadFile> {
    this.calls.push("cancel");
    const file = this.files.get(id)!;
    file.batches = file.batches.map((b) => (b.state === "stored" ? { ...b, state: "cancelled" } : b));
    return structuredClone(file);
  }

  async get(id: string): Promise<UploadFile> {
    this.calls.push("get");
    const file = this.files.get(id)!;
    if (++this.polls >= this.pollsToDone) {
      file.batches = file.batches.map((b) => (b.state === "queued" || b.state === "processing" ? { ...b, state: "done" } : b));
    }
    return structuredClone(file);
  }

  async list(): Promise<never> {
    throw new Error("not used");
  }

  plans = new Map<string, string>();
  async storePlan(id: string, text: string): Promise<void> {
    this.calls.push("plan");
    const file = this.files.get(id)!;
    if (file.batches.some((b) => b.sentAt)) throw new Error("a plan after a send");
    this.plans.set(id, text);
    file.hasPlan = true;
  }
}

function harness(api: FakeJournal, cancelAfterSends = Infinity) {
  let state: SendState = initialSendState;
  const sleeps: number[] = [];
  const ctx: SendContext = {
    api,
    dispatch: (event) => {
      state = sendReducer(state, event);
    },
    cancelRequested: () => api.calls.filter((c) => c.startsWith("send")).length >= cancelAfterSends,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
  };
  return { ctx, sleeps, state: () => state };
}

describe("sendFile", () => {
  it("stores every batch before sending any, sends them in order, then follows the queue", async () => {
    const api = new FakeJournal();
    api.pollsToDone = 3;
    const h = harness(api);
    await sendFile(h.ctx, plan(3), null);
    expect(api.calls).toEqual(["create", "store 0", "store 1", "store 2", "send 0", "send 1", "send 2", "get", "get", "get"]);
    expect(h.sleeps).toEqual([1000, 2000, 4000]);
    expect(h.state().phase).toBe("idle");
    expect(h.state().error).toBeNull();
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["done", "done", "done"]);
  });

  it("keeps the plan before the first batch is stored, once; a resume does not store it again", async () => {
    const api = new FakeJournal();
    const h = harness(api);
    await sendFile(h.ctx, { ...plan(2), planText: "kyoten_mei,syohin_code\r\n" }, null);
    expect(api.calls.slice(0, 4)).toEqual(["create", "plan", "store 0", "store 1"]);
    expect(api.plans.get("f1")).toBe("kyoten_mei,syohin_code\r\n");
    expect(h.state().file?.hasPlan).toBe(true);
    api.calls.length = 0;
    await sendFile(h.ctx, { ...plan(2), planText: "other" }, h.state().file);
    expect(api.calls).not.toContain("plan");
  });

  it("asks before sending a file sent before, and sends it only when confirmed", async () => {
    const api = new FakeJournal();
    api.duplicateUnlessConfirmed = true;
    const h = harness(api);
    await sendFile(h.ctx, plan(1), null);
    expect(api.calls).toEqual(["create"]);
    expect(h.state().phase).toBe("duplicate");
    expect(h.state().previous[0]?.personName).toBe("山田");
    await sendFile(h.ctx, plan(1), null, true);
    expect(api.calls.slice(0, 4)).toEqual(["create", "create confirmed", "store 0", "send 0"]);
  });

  it("stops at a failed batch and leaves the rest stored", async () => {
    const api = new FakeJournal();
    api.sendOutcome.set(1, "failed");
    const h = harness(api);
    await sendFile(h.ctx, plan(3), null);
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 0", "send 1"]);
    // The file is read once more, so its status is the journal's, not the one it was created with.
    expect(api.calls.at(-1)).toBe("get");
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["done", "failed", "stored"]);
  });

  it("never sends again by itself a batch whose answer was lost", async () => {
    const api = new FakeJournal();
    api.sendOutcome.set(0, "throw");
    const h = harness(api);
    await sendFile(h.ctx, plan(2), null);
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 0"]);
    expect(h.state().error?.code).toBe("timeout");
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["unknown", "stored"]);
  });

  it("sends a batch turned away busy again after 1, 2 s (nothing was queued), and goes on", async () => {
    const api = new FakeJournal();
    const busy = () => new BffError({ code: "003002", message: "busy", kind: "busy", retryable: true, status: 503 });
    api.turnAway.set(0, [busy(), busy()]);
    const h = harness(api);
    const retrying: number[] = [];
    const dispatch = h.ctx.dispatch;
    h.ctx.dispatch = (event) => {
      if (event.type === "retrying") retrying.push(event.waitMs);
      dispatch(event);
    };
    await sendFile(h.ctx, plan(2), null);
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 0", "send 0", "send 0", "send 1"]);
    expect(retrying).toEqual([1000, 2000]);
    expect(h.state().error).toBeNull();
    expect(h.state().retrying).toBeNull();
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["done", "done"]);
  });

  it("waits as long as a 429 asks before sending again", async () => {
    const api = new FakeJournal();
    api.turnAway.set(0, [new BffError({ code: "rate-limited", message: "slow down", kind: "busy", retryable: true, status: 429, retryAfterMs: 7000 })]);
    const h = harness(api);
    await sendFile(h.ctx, plan(1), null);
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 0", "send 0"]);
    expect(h.sleeps[0]).toBe(7000);
  });

  it("stops retrying a batch that stays busy, shows the error, and sends nothing else", async () => {
    const api = new FakeJournal();
    api.turnAway.set(0, Array.from({ length: 10 }, () => new BffError({ code: "003002", message: "busy", kind: "busy", retryable: true, status: 503 })));
    const h = harness(api);
    await sendFile(h.ctx, plan(2), null);
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 0", "send 0", "send 0", "send 0", "send 0"]);
    expect(h.sleeps.slice(0, 4)).toEqual([1000, 2000, 4000, 8000]);
    expect(h.state().error?.kind).toBe("busy");
    expect(h.state().phase).toBe("idle");
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["stored", "stored"]);
  });

  it("waits out maintenance (003004, 003005) beyond the busy tries: 15 s, 30 s, then every 60 s, the batch stored throughout, never unknown", async () => {
    const api = new FakeJournal();
    const maintenance = (code: string) => new BffError({ code, message: "メンテナンス中です", kind: "maintenance", retryable: true, status: 503 });
    api.turnAway.set(0, ["003004", "003005", "003004", "003004", "003004", "003004"].map(maintenance));
    const h = harness(api);
    const seen: { kind: string; waitMs: number; state: BatchState | undefined }[] = [];
    const dispatch = h.ctx.dispatch;
    h.ctx.dispatch = (event) => {
      dispatch(event);
      if (event.type === "retrying") seen.push({ kind: event.error.kind, waitMs: event.waitMs, state: h.state().file?.batches[0]?.state });
    };
    await sendFile(h.ctx, plan(2), null);
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual([...Array.from({ length: 7 }, () => "send 0"), "send 1"]);
    expect(seen.map((r) => r.waitMs)).toEqual([15_000, 30_000, 60_000, 60_000, 60_000, 60_000]);
    expect(seen.every((r) => r.kind === "maintenance" && r.state === "stored")).toBe(true);
    expect(h.state().error).toBeNull();
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["done", "done"]);
  });

  it("a wait for the end of maintenance ends early when the person asks to send now", async () => {
    const api = new FakeJournal();
    api.turnAway.set(0, [new BffError({ code: "003004", message: "メンテナンス中です", kind: "maintenance", retryable: true, status: 503 })]);
    const h = harness(api);
    let wake: AbortController | null = null;
    h.ctx.wake = () => (wake = new AbortController()).signal;
    let waited: number | null = null;
    // The wait before sending again lasts until it is woken; following the queue waits for nothing.
    h.ctx.sleep = (ms, signal) =>
      new Promise((resolve) => {
        if (!signal) return resolve();
        waited = ms;
        signal.addEventListener("abort", () => resolve(), { once: true });
      });
    const dispatch = h.ctx.dispatch;
    h.ctx.dispatch = (event) => {
      dispatch(event);
      // "Send now", pressed while the page says when it will send again.
      if (event.type === "retrying") queueMicrotask(() => wake?.abort());
    };
    await sendFile(h.ctx, plan(1), null);
    expect(waited).toBe(15_000);
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 0", "send 0"]);
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["done"]);
  });

  it("never retries an expired sign-in or a refusal", async () => {
    for (const error of [
      new BffError({ code: "002004", message: "expired", kind: "auth-expired", retryable: false, status: 401 }),
      new BffError({ code: "batch-sending", message: "elsewhere", kind: "invalid-request", retryable: false, status: 409 }),
    ]) {
      const api = new FakeJournal();
      api.turnAway.set(0, [error]);
      const h = harness(api);
      await sendFile(h.ctx, plan(1), null);
      expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 0"]);
      expect(h.state().error?.code).toBe(error.code);
    }
  });

  it("a stop asked while it waits to retry cancels the rest instead of sending", async () => {
    const api = new FakeJournal();
    api.turnAway.set(0, [new BffError({ code: "003002", message: "busy", kind: "busy", retryable: true, status: 503 })]);
    const h = harness(api, 1);
    await sendFile(h.ctx, plan(2), null);
    expect(api.calls.filter((c) => c.startsWith("send") || c === "cancel")).toEqual(["send 0", "cancel"]);
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["cancelled", "cancelled"]);
  });

  it("retries a failed store (a PUT is harmless to repeat) and continues", async () => {
    const api = new FakeJournal();
    api.storeFailures = 1;
    const h = harness(api);
    await sendFile(h.ctx, plan(1), null);
    expect(api.calls.slice(0, 4)).toEqual(["create", "store 0", "store 0", "send 0"]);
    expect(h.state().error).toBeNull();
  });

  it("cancels between batches: the batches not sent are cancelled, the sent one followed", async () => {
    const api = new FakeJournal();
    const h = harness(api, 1);
    await sendFile(h.ctx, plan(3), null);
    expect(api.calls).toEqual(["create", "store 0", "store 1", "store 2", "send 0", "cancel", "get"]);
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["done", "cancelled", "cancelled"]);
  });

  it("after a failure, continues from what the journal holds (no second entry, no batch stored twice)", async () => {
    const api = new FakeJournal();
    const h = harness(api);
    await api.create({ ...plan(2).request });
    await api.storeBatch("f1", 0, prepared(1)[0]!);
    api.calls = [];
    await sendFile(h.ctx, plan(2), api.files.get("f1")!);
    expect(api.calls.slice(0, 4)).toEqual(["get", "store 1", "send 0", "send 1"]);
  });
});

describe("resume, resend, cancel", () => {
  async function storedFile(api: FakeJournal, count: number): Promise<UploadFile> {
    await api.create(plan(count).request);
    for (const b of prepared(count)) await api.storeBatch("f1", b.index, b);
    api.calls = [];
    return structuredClone(api.files.get("f1")!);
  }

  it("resumes with the batches still stored only", async () => {
    const api = new FakeJournal();
    const file = await storedFile(api, 3);
    await api.sendBatch("f1", 0, false);
    api.calls = [];
    const h = harness(api);
    await resumeFile(h.ctx, structuredClone(api.files.get("f1")!));
    expect(api.calls.filter((c) => c.startsWith("send"))).toEqual(["send 1", "send 2"]);
    expect(file.batches).toHaveLength(3);
  });

  it("resends one batch with resend:true and follows it", async () => {
    const api = new FakeJournal();
    await storedFile(api, 2);
    api.sendOutcome.set(0, "failed");
    await api.sendBatch("f1", 0, false);
    api.calls = [];
    const h = harness(api);
    await resendBatch(h.ctx, structuredClone(api.files.get("f1")!), 0);
    expect(api.calls).toEqual(["send 0 resend", "get"]);
    expect(h.state().file?.batches[0]?.state).toBe("done");
    expect(h.state().file?.batches[1]?.state).toBe("stored");
  });

  it("cancels the rest of a file", async () => {
    const api = new FakeJournal();
    const file = await storedFile(api, 2);
    const h = harness(api);
    await cancelFile(h.ctx, file);
    expect(api.calls).toEqual(["cancel", "get"]);
    expect(h.state().file?.batches.map((b) => b.state)).toEqual(["cancelled", "cancelled"]);
  });
});

describe("pieces", () => {
  it("polls after 1, 2, 4, 8 s, then every 10 s", () => {
    const delays = [1000];
    for (let i = 0; i < 5; i++) delays.push(nextPollDelay(delays.at(-1)!));
    expect(delays).toEqual([1000, 2000, 4000, 8000, 10000, 10000]);
  });

  it("runs one file's sending at a time, in order, even when one fails", async () => {
    const lane = new SendLane();
    const log: string[] = [];
    const task = (name: string, fail = false) => async () => {
      log.push(`start ${name}`);
      await new Promise((r) => setTimeout(r, 5));
      log.push(`end ${name}`);
      if (fail) throw new Error(name);
    };
    const a = lane.run(task("a", true));
    const b = lane.run(task("b"));
    await expect(a).rejects.toThrow("a");
    await b;
    expect(log).toEqual(["start a", "end a", "start b", "end b"]);
  });

  it("keeps the last error on screen when the loop ends, clears it when a step starts", () => {
    const error = { code: "x", kind: "busy" as const, message: "m", retryable: true };
    let s = sendReducer(initialSendState, { type: "error", error });
    s = sendReducer(s, { type: "phase", phase: "idle" });
    expect(s.error).toEqual(error);
    s = sendReducer(s, { type: "phase", phase: "creating" });
    expect(s.error).toBeNull();
  });
});
