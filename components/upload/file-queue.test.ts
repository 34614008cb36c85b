import { describe, expect, it } from "vitest";
import type { CsvProblem, UploadLookups } from "@/lib/csv/types";
import { BffError } from "@/lib/query/bff-error";
import { checkCard, nextStep, queueReducer, readCard, type CardDeps, type CardStage, type UploadCard } from "./file-queue";
import { bytesToBase64, packProblems, problemAt, type UploadPreview } from "./worker-protocol";

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
