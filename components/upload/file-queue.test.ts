import { describe, expect, it } from "vitest";
import type { CsvProblem, UploadLookups } from "@/lib/csv/types";
import { BffError } from "@/lib/query/bff-error";
import { currentGoodsOf, diffGoods, readCsvBytes, type GoodsDiffNeeds } from "@/lib/csv";
import { checkCard, compareAgain, diffCard, nextStep, oneAtATime, queueReducer, readCard, type CardDeps, type CardStage, type DiffDeps, type DiffStage, type UploadCard } from "./file-queue";
import { bytesToBase64, goodsChangeAt, goodsCreatedAt, packGoodsDiff, packProblems, problemAt, type GoodsDiffView, type UploadPreview } from "./worker-protocol";

const card = (id: string, stage: CardStage = { name: "waiting" }, size = 10): UploadCard => ({
  id,
  kind: "warehouse-stock",
  fileName: `${id}.csv`,
  size,
  source: { type: "paste", text: "a\tb" },
  stage,
});

const preview: UploadPreview = {
  encoding: "shift_jis",
  lineEndings: "CRLF",
  rows: 1,
  header: ["a"],
  sample: [],
  needs: { goodsCodes: [], warehouseNames: [] },
  sha256: "0".repeat(64),
  size: 10,
};

const lookups: UploadLookups = { warehouseNames: new Set(), goodsCodes: new Set(), warehouseStock: new Map() };

describe("the file queue", () => {
  it("reads one file at a time, in the order they were dropped", () => {
    let cards = queueReducer([], { type: "add", cards: [card("a"), card("b")] });
    expect(nextStep(cards)).toEqual({ id: "a", step: "read" });
    cards = queueReducer(cards, { type: "stage", id: "a", stage: { name: "reading" } });
    expect(nextStep(cards)).toBeNull();
    cards = queueReducer(cards, { type: "stage", id: "a", stage: { name: "checking", preview } });
    expect(nextStep(cards)).toBeNull();
    cards = queueReducer(cards, { type: "stage", id: "a", stage: { name: "lookup-failed", preview, error: { code: "x", kind: "busy", message: "", retryable: true } } });
    expect(nextStep(cards)).toEqual({ id: "b", step: "read" });
  });

  it("queues a look-up retry like a new file", () => {
    const cards = [card("a", { name: "checking", preview }), card("b", { name: "lookup-waiting", preview })];
    expect(nextStep(cards)).toBeNull();
    expect(nextStep(queueReducer(cards, { type: "remove", id: "a" }))).toEqual({ id: "b", step: "lookups" });
  });
});

function deps(overrides: Partial<CardDeps> = {}) {
  const stages: string[] = [];
  let released = false;
  const d: CardDeps = {
    read: async () => ({ ok: true, preview }),
    check: async () => ({ problems: packProblems([]), summary: { errorRows: 0, warningRows: 0 } }),
    lookups: async () => lookups,
    setStage: (s) => stages.push(s.name),
    release: () => {
      released = true;
    },
    ...overrides,
  };
  return { d, stages, released: () => released };
}

describe("reading a card", () => {
  it("goes reading → looking-up → checking → checked", async () => {
    const h = deps();
    await readCard(card("a"), h.d, 100);
    expect(h.stages).toEqual(["reading", "looking-up", "checking", "checked"]);
    expect(h.released()).toBe(false);
  });

  it("refuses a file larger than the limit without reading it", async () => {
    const h = deps({ read: () => Promise.reject(new Error("must not read")) });
    await readCard({ ...card("a", { name: "waiting" }, 101), source: { type: "file", file: new File(["x"], "a.csv") } }, h.d, 100);
    expect(h.stages).toEqual(["too-large"]);
    expect(h.released()).toBe(true);
  });

  it("shows the reader's refusal and lets go of the worker", async () => {
    const h = deps({ read: async () => ({ ok: false, refusal: { code: "binary", reason: { ja: "バイナリ", en: "binary" } } }) });
    await readCard(card("a"), h.d, 100);
    expect(h.stages).toEqual(["reading", "refused"]);
    expect(h.released()).toBe(true);
  });

  it("keeps the file when the look-ups fail, for a retry", async () => {
    const h = deps({
      lookups: () => Promise.reject(new BffError({ code: "003002", message: "busy", kind: "busy", retryable: true, status: 200 })),
    });
    await readCard(card("a"), h.d, 100);
    expect(h.stages).toEqual(["reading", "looking-up", "lookup-failed"]);
    expect(h.released()).toBe(false);
    const retry = deps();
    await checkCard("goods", preview, retry.d);
    expect(retry.stages).toEqual(["looking-up", "checking", "checked"]);
  });

  it("marks a card broken when its worker fails", async () => {
    const h = deps({ check: () => Promise.reject(new Error("out of memory")) });
    await readCard(card("a"), h.d, 100);
    expect(h.stages.at(-1)).toBe("broken");
    expect(h.released()).toBe(true);
  });
});

describe("problems in transit", () => {
  it("come back as they went, texts shared", () => {
    const problems: CsvProblem[] = [
      { line: 2, column: "kasan_su", value: "x", code: "not-a-quantity", reason: { ja: "数量ではありません", en: "Not a quantity" }, severity: "error" },
      { line: 3, column: null, value: null, code: "cell-count", reason: { ja: "列の数", en: "Cell count" }, severity: "warning" },
      { line: 9, column: "kasan_su", value: "y", code: "not-a-quantity", reason: { ja: "数量ではありません", en: "Not a quantity" }, severity: "error" },
    ];
    const packed = packProblems(problems);
    expect([0, 1, 2].map((i) => problemAt(packed, i))).toEqual(problems);
    expect(packed.strings.filter((s) => s === "Not a quantity")).toHaveLength(1);
  });

  it("base64 of large byte arrays matches Node's", () => {
    const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) % 256);
    expect(bytesToBase64(bytes)).toBe(Buffer.from(bytes).toString("base64"));
  });
});

describe("a goods file's diff", () => {
  const needs: GoodsDiffNeeds = { codes: ["A", "B", "C"], compared: [], notCompared: [] };
  const current = currentGoodsOf([{ goods_id: "A", goods_deleted_flag: "0" }]);
  const view = { counts: { rows: 3 } } as unknown as GoodsDiffView;

  function diffDeps(overrides: Partial<DiffDeps> = {}) {
    const stages: DiffStage[] = [];
    const diffs: { excludeErrors: boolean; current: unknown }[] = [];
    const d: DiffDeps = {
      needs: async () => needs,
      fetch: async (_, onCall) => {
        onCall();
        onCall();
        return current;
      },
      diff: async (excludeErrors, cur) => {
        diffs.push({ excludeErrors, current: cur });
        return view;
      },
      setStage: (s) => stages.push(s),
      turn: (run) => run(),
      ...overrides,
    };
    return { d, stages, diffs };
  }

  it("reads the goods (saying how many and how many calls), then compares in the worker", async () => {
    const h = diffDeps();
    expect(await diffCard(true, h.d)).toBe(true);
    expect(h.stages).toEqual([
      { name: "reading-goods", goods: 3, calls: 0 },
      { name: "reading-goods", goods: 3, calls: 1 },
      { name: "reading-goods", goods: 3, calls: 2 },
      { name: "comparing" },
      { name: "ready", view, excludeErrors: true },
    ]);
    expect(h.diffs).toEqual([{ excludeErrors: true, current }]);
  });

  it("waits for the operator's retry when the read fails, and compares again without reading for another choice", async () => {
    const failing = diffDeps({ fetch: () => Promise.reject(new BffError({ code: "003002", message: "busy", kind: "busy", retryable: true, status: 200 })) });
    expect(await diffCard(false, failing.d)).toBe(false);
    expect(failing.stages.at(-1)).toMatchObject({ name: "diff-failed", error: { code: "003002", kind: "busy" } });
    expect(failing.diffs).toEqual([]);
    const h = diffDeps();
    await compareAgain(true, h.d);
    expect(h.diffs).toEqual([{ excludeErrors: true, current: undefined }]);
    expect(h.stages.map((s) => s.name)).toEqual(["comparing", "ready"]);
  });

  it("says the worker failed rather than waiting forever", async () => {
    const h = diffDeps({ diff: () => Promise.reject(new Error("goods diff before check")) });
    expect(await diffCard(false, h.d)).toBe(false);
    expect(h.stages.at(-1)).toEqual({ name: "diff-broken", message: "goods diff before check" });
  });

  it("reads one file's goods at a time, in the order asked, past a failure", async () => {
    const turn = oneAtATime();
    const log: string[] = [];
    let release: () => void = () => undefined;
    const first = turn(async () => {
      log.push("a start");
      await new Promise<void>((r) => (release = r));
      log.push("a end");
      throw new Error("a failed");
    });
    const second = turn(async () => {
      log.push("b");
      return 2;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(log).toEqual(["a start"]);
    release();
    await expect(first).rejects.toThrow("a failed");
    expect(await second).toBe(2);
    expect(log).toEqual(["a start", "a end", "b"]);
  });
});

describe("a goods diff in transit", () => {
  it("comes back as the diff made it, texts shared", () => {
    const out = readCsvBytes(new TextEncoder().encode("syohin_code,syohin_name,baika_tnk\r\nA,x,1\r\nB,y,2\r\nN,z,3\r\nA2,x,5\r\n"));
    if (!out.ok) throw new Error(out.refusal.reason.en);
    const now = currentGoodsOf([
      { goods_id: "A", goods_deleted_flag: "0", goods_name: "old", goods_selling_price: "1" },
      { goods_id: "B", goods_deleted_flag: "1", goods_name: null, goods_selling_price: "9" },
      { goods_id: "A2", goods_deleted_flag: "0", goods_name: "old", goods_selling_price: "5" },
    ]);
    const diff = diffGoods(out.read, now);
    const view = packGoodsDiff(diff);
    expect(view.changes.count).toBe(4);
    expect([0, 1, 2, 3].map((i) => goodsChangeAt(view, i))).toEqual([
      { line: 2, code: "A", column: "syohin_name", old: "old", new: "x", deleted: false },
      { line: 3, code: "B", column: "syohin_name", old: null, new: "y", deleted: true },
      { line: 3, code: "B", column: "baika_tnk", old: "9", new: "2", deleted: true },
      { line: 5, code: "A2", column: "syohin_name", old: "old", new: "x", deleted: false },
    ]);
    expect(goodsCreatedAt(view, 0)).toEqual({ line: 4, code: "N" });
    expect(view.strings.filter((s) => s === "x")).toHaveLength(1);
    expect(view.counts).toEqual(diff.counts);
    expect(view.deleted).toEqual([{ code: "B", line: 3 }]);
  });
});
