// The work queues as data: every condition one the slip search accepts (registry fields and the
// official operator table), labels in both languages, today resolved in Japan time, the person's
// filters merged; and against generated sandbox data, every queue has slips.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import ja from "@/messages/ja.json";
import en from "@/messages/en.json";
import { filtersToConditions, validateFilter } from "@/lib/grid/filters";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { openPglite, type SandboxDb } from "@/sandbox/db";
import { runAll, runCount } from "@/sandbox/query-engine";
import { defaultRegistry, RegistryIndex } from "@/sandbox/registry";
import { prepareDatabase } from "@/sandbox/seed";
import { SANDBOX_COMPANIES } from "@/sandbox/accounts";
import { TODAY, WORK_QUEUE_IDS, WORK_QUEUES, parseWorkQueueId, queueFilters, rowMatches, withQueue, workQueue } from "./work-queues";

describe("work queues (data)", () => {
  it("are the nine queues of NextEngine's order screens, in their order, each with a source", () => {
    expect(WORK_QUEUES.map((q) => q.id)).toEqual([...WORK_QUEUE_IDS]);
    for (const q of WORK_QUEUES) {
      expect(q.label).toBe(`workQueues.${q.id}`);
      expect(q.source).toMatch(/^https?:\/\/manual\.next-engine\.|^https:\/\/next-engine\.net\//);
    }
  });

  it("are conditions the slip search accepts: registry fields, operators of the field's type", () => {
    const now = new Date("2026-11-28T00:10:00Z");
    for (const q of WORK_QUEUES) {
      const filters = queueFilters(q, now);
      for (const f of filters) expect(validateFilter(receiveOrder, f), `${q.id} ${f.field}-${f.op}`).not.toBeNull();
      // One condition per field and operator, none dropped.
      expect(filtersToConditions(receiveOrder, filters)).toHaveLength(filters.length);
      // Canceled slips are never in a queue.
      expect(filters).toContainEqual({ field: "receive_order_cancel_type_id", op: "eq", value: "0" });
    }
  });

  it("name themselves in Japanese and English", () => {
    const jaQ = (ja as unknown as { workQueues: Record<string, unknown> }).workQueues;
    const enQ = (en as unknown as { workQueues: Record<string, unknown> }).workQueues;
    for (const id of WORK_QUEUE_IDS) {
      expect(jaQ[id], id).toBeTruthy();
      expect(enQ[id], id).toBeTruthy();
    }
    expect(jaQ.kakunin).toBe("確認待ち");
    expect(Object.keys(jaQ).sort()).toEqual(Object.keys(enQ).sort());
  });

  it("resolve today as Japan's day (09:00 JST is still the 28th, 23:30 UTC the next day)", () => {
    const q = workQueue("insatsubi");
    expect(q).not.toBeNull();
    const day = (now: string) => queueFilters(q!, new Date(now)).find((f) => f.field.endsWith("instruct_printing_date"))?.value;
    expect(day("2026-11-28T00:10:00Z")).toBe("2026-11-28");
    expect(day("2026-11-28T15:30:00Z")).toBe("2026-11-29");
    expect(q!.filters.some((f) => f.value === TODAY)).toBe(true);
    // A date `gt` a day starts after its last second: slips dated later than today.
    expect(filtersToConditions(receiveOrder, queueFilters(q!, new Date("2026-11-28T00:10:00Z")))).toContainEqual({
      field: "receive_order_statement_delivery_instruct_printing_date",
      op: "gt",
      value: "2026-11-28 23:59:59",
    });
  });

  it("are read from a URL only by their id; anything else is no queue", () => {
    expect(parseWorkQueueId("kakunin")).toBe("kakunin");
    expect(parseWorkQueueId("KAKUNIN")).toBeNull();
    expect(parseWorkQueueId("toString")).toBeNull();
    expect(parseWorkQueueId("")).toBeNull();
    expect(workQueue(null)).toBeNull();
  });

  it("AND the person's filters: same-operator lists keep the values in both, none in common matches nothing", () => {
    const shinki = queueFilters(workQueue("shinki")!, new Date());
    const status = "receive_order_order_status_id";
    expect(withQueue(shinki, [{ field: status, op: "in", value: ["1", "20"] }])).toContainEqual({ field: status, op: "in", value: ["1"] });
    const none = withQueue(shinki, [{ field: status, op: "in", value: ["20"] }]);
    expect(none).toContainEqual({ field: status, op: "in", value: ["0", "1"] });
    expect(none).toContainEqual({ field: status, op: "nin", value: ["0", "1"] });
    // Other fields are added as they are; the same filter twice is one.
    const shop = { field: "receive_order_shop_id", op: "in" as const, value: ["1"] };
    expect(withQueue(shinki, [shop, { field: "receive_order_cancel_type_id", op: "eq", value: "0" }])).toEqual([...shinki, shop]);
  });
});

describe("work queues on generated sandbox data", () => {
  let db: SandboxDb;
  const registry = new RegistryIndex(defaultRegistry());
  beforeAll(async () => {
    db = await openPglite("memory");
    await prepareDatabase(db, registry, { data: "generate", orders: 3000, seed: 1 });
  }, 120_000);
  afterAll(async () => {
    await db?.close();
  });

  it("every queue has slips in the first company, and 印刷日待ち and 印刷待ち split the slips at 20", async () => {
    const company = SANDBOX_COMPANIES[0]!.neId;
    const count = async (filters: Parameters<typeof filtersToConditions>[1]) => {
      const params = new Map<string, string>();
      for (const c of filtersToConditions(receiveOrder, filters)) params.set(`${c.field}-${c.op}`, Array.isArray(c.value) ? c.value.join(",") : (c.value ?? ""));
      return Number(await runCount(db, receiveOrder, { get: (k) => params.get(k), keys: () => params.keys() }, company));
    };
    const now = new Date();
    const counts: Record<string, number> = {};
    for (const q of WORK_QUEUES) counts[q.id] = await count(queueFilters(q, now));
    for (const q of WORK_QUEUES) expect(counts[q.id], q.id).toBeGreaterThan(0);
    const at20 = await count([{ field: "receive_order_order_status_id", op: "eq", value: "20" }, { field: "receive_order_cancel_type_id", op: "eq", value: "0" }]);
    expect(counts.insatsubi! + counts.insatsu!).toBe(at20);

    // The board puts each slip read in its queues (rowMatches): the same numbers as the API's counts.
    const rows = await runAll(db, receiveOrder, company);
    for (const q of WORK_QUEUES) {
      const conditions = filtersToConditions(receiveOrder, queueFilters(q, now));
      expect(rows.filter((r) => rowMatches(r, conditions)).length, q.id).toBe(counts[q.id]);
    }
  });
});
