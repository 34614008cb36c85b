// The choice lists kept per company, through the BFF proxy as the route wires them: sessions,
// companies, the proxy's validation and the gateway call are the real code paths; the gateway is
// a stand-in that records its calls and answers what the test says.
import { describe, expect, it, vi } from "vitest";
import { NeError } from "@/lib/ne/errors";
import type { NeCallResult, NeRequest } from "@/lib/ne/server/client";
import type { CallPriority } from "../priority-header";
import { handleOperation, type ProxyDeps } from "./proxy";
import { CHOICE_MAX_AGE_MS, CHOICE_TTL_MS, REFRESH_RETRY_MS, asksWholeChoiceList, createChoiceCache } from "./choice-cache";

const ORIGIN = "http://localhost:3000";
const SHOPS = { fields: ["shop_name", "shop_id"], limit: 10_000 };
const COMPANY_OF: Record<string, string> = { "sk-a1": "company-a", "sk-a2": "company-a", "sk-b1": "company-b" };

interface Call {
  key: string;
  path: string;
  priority: CallPriority;
  request: NeRequest;
}

/** A gateway stand-in: answers `rows(call)` (or throws it), each call held until `release()` when `hold` is set. */
function setup({ now = (): number => 0, ttlMs = CHOICE_TTL_MS, maxAgeMs = CHOICE_MAX_AGE_MS }: { now?: () => number; ttlMs?: number; maxAgeMs?: number } = {}) {
  const calls: Call[] = [];
  let answer: (call: Call) => Promise<Partial<NeCallResult["envelope"]>> = async (call) => ({ data: [{ shop_id: "1", shop_name: `本店 ${calls.indexOf(call) + 1}` }] });
  const cache = createChoiceCache({ now, ttlMs, maxAgeMs });
  const companyAsks: string[] = [];
  const deps = (sessionKey: string): ProxyDeps => ({
    sessionKey: async () => sessionKey,
    call: async (key, path, request, options) => {
      const call = { key, path, request, priority: options.priority };
      calls.push(call);
      return { envelope: { result: "success", extra: {}, ...(await answer(call)) }, tokens: null } as NeCallResult;
    },
    choices: {
      cache,
      companyOf: async (key) => {
        companyAsks.push(key);
        return COMPANY_OF[key] ?? null;
      },
    },
  });
  const ask = async (sessionKey: string, path = "api_v1_master_shop/search", body: unknown = SHOPS, headers: Record<string, string> = {}) => {
    const req = new Request(`${ORIGIN}/api/ne/${path}`, {
      method: "POST",
      headers: { host: "localhost:3000", origin: ORIGIN, "content-type": "application/json", ...headers },
      body: JSON.stringify(body),
    });
    const res = await handleOperation(req, path.split("/"), deps(sessionKey));
    return { status: res.status, body: (await res.json()) as { rows?: { shop_name: string }[]; error?: { code: string } } };
  };
  return {
    calls,
    cache,
    companyAsks,
    ask,
    answerWith(next: typeof answer) {
      answer = next;
    },
  };
}

describe("choice lists, kept per company", () => {
  it("two sessions of one company share one upstream call, arriving together or one after the other", async () => {
    const t = setup();
    const together = await Promise.all([t.ask("sk-a1"), t.ask("sk-a2"), t.ask("sk-a1")]);
    expect(together.map((a) => a.status)).toEqual([200, 200, 200]);
    expect(t.calls).toHaveLength(1);
    const later = await t.ask("sk-a2", "api_v1_master_shop/search", { fields: ["shop_id", "shop_name"], limit: 10_000 });
    expect(later.body).toEqual(together[0]!.body);
    expect(t.calls).toHaveLength(1);
    // An info list the same way.
    await t.ask("sk-a1", "api_v1_system_orderstatus/info", {});
    await t.ask("sk-a2", "api_v1_system_orderstatus/info", {});
    expect(t.calls.map((c) => [c.key, c.path])).toEqual([
      ["sk-a1", "/api_v1_master_shop/search"],
      ["sk-a1", "/api_v1_system_orderstatus/info"],
    ]);
  });

  it("another company does not share it: its own call, its own answer", async () => {
    const t = setup();
    const a = await t.ask("sk-a1");
    const b = await t.ask("sk-b1");
    expect(t.calls.map((c) => c.key)).toEqual(["sk-a1", "sk-b1"]);
    expect(a.body.rows?.[0]?.shop_name).toBe("本店 1");
    expect(b.body.rows?.[0]?.shop_name).toBe("本店 2");
    await t.ask("sk-b1");
    await t.ask("sk-a2");
    expect(t.calls).toHaveLength(2);
  });

  it("an ended session (no company) is answered 401 without a call; other asks never look the company up", async () => {
    const t = setup();
    const gone = await t.ask("sk-gone");
    expect(gone.status).toBe(401);
    expect(t.calls).toHaveLength(0);
    const orders = { fields: ["receive_order_id"], limit: 100 };
    expect((await t.ask("sk-a1", "api_v1_receiveorder_base/search", orders)).status).toBe(200);
    // Paged, limited or searched asks of a list are not the list either: each goes upstream.
    for (const other of [{ ...SHOPS, conditions: [{ field: "shop_name", op: "like", value: "%店%" }] }, { ...SHOPS, limit: 100 }, { ...SHOPS, offset: 100 }]) {
      expect(asksWholeChoiceList("/api_v1_master_shop/search", other as never)).toBe(false);
      await t.ask("sk-a1", "api_v1_master_shop/search", other);
      await t.ask("sk-a2", "api_v1_master_shop/search", other);
    }
    expect(t.calls).toHaveLength(1 + 6);
    expect(t.companyAsks).toEqual(["sk-gone"]);
  });

  it("the small masters read whole are kept the same: a list narrowed to a kind (eq), a list with extra fields; each shape its own", async () => {
    const t = setup();
    const delivery = { fields: ["forwarding_agent_id", "forwarding_agent_type_name"], conditions: [{ field: "forwarding_agent_type", op: "eq", value: "binsyu_kbn" }], limit: 10_000 };
    const tagColours = { fields: ["grouping_tag_name", "grouping_tag_color", "grouping_tag_str_color"], limit: 10_000 };
    for (const key of ["sk-a1", "sk-a2"]) {
      expect((await t.ask(key, "api_v1_receiveorder_forwardingagent/search", delivery)).status).toBe(200);
      expect((await t.ask(key, "api_v1_receiveorder_groupingtag/search", tagColours)).status).toBe(200);
      expect((await t.ask(key, "api_v1_receiveorder_groupingtag/search", { fields: ["grouping_tag_name", "grouping_tag_id"], limit: 10_000 })).status).toBe(200);
    }
    await t.ask("sk-a1", "api_v1_receiveorder_forwardingagent/search", { ...delivery, conditions: [{ field: "forwarding_agent_type", op: "eq", value: "hasou_kbn" }] });
    expect(t.calls.map((c) => [c.key, c.path.replace("/api_v1_receiveorder_", "")])).toEqual([
      ["sk-a1", "forwardingagent/search"],
      ["sk-a1", "groupingtag/search"],
      ["sk-a1", "groupingtag/search"],
      ["sk-a1", "forwardingagent/search"],
    ]);
    // Not a list of the masters kept: an order search of 10,000 rows goes upstream each time.
    const orders = { fields: ["receive_order_id"], conditions: [{ field: "receive_order_shop_id", op: "eq", value: "1" }], limit: 10_000 };
    expect(asksWholeChoiceList("/api_v1_receiveorder_base/search", orders as never)).toBe(false);
  });

  it("past its lifetime the kept list is answered at once and ONE background refresh runs; its answer serves the next asks", async () => {
    let clock = 0;
    const t = setup({ now: () => clock });
    await t.ask("sk-a1");
    expect(t.calls).toHaveLength(1);
    clock = CHOICE_TTL_MS;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.answerWith(async () => {
      await held;
      return { data: [{ shop_id: "1", shop_name: "新しい本店" }] };
    });
    // The refresh is held: every ask meanwhile is answered the kept list at once.
    const stale = await Promise.all([t.ask("sk-a2"), t.ask("sk-a1"), t.ask("sk-a2")]);
    expect(stale.map((a) => a.body.rows?.[0]?.shop_name)).toEqual(["本店 1", "本店 1", "本店 1"]);
    expect(t.calls).toHaveLength(2);
    expect(t.calls[1]).toMatchObject({ key: "sk-a2", priority: "background" });
    release();
    await vi.waitFor(() => expect(t.cache.pending()).toBe(0));
    expect((await t.ask("sk-a1")).body.rows?.[0]?.shop_name).toBe("新しい本店");
    expect(t.calls).toHaveLength(2);
  });

  it("a failed refresh keeps the list, and the next one waits REFRESH_RETRY_MS", async () => {
    let clock = 0;
    const t = setup({ now: () => clock });
    await t.ask("sk-a1");
    clock = CHOICE_TTL_MS;
    t.answerWith(async () => {
      throw new NeError({ code: "003001", kind: "busy", message: "busy" });
    });
    expect((await t.ask("sk-a1")).body.rows?.[0]?.shop_name).toBe("本店 1");
    await vi.waitFor(() => expect(t.cache.pending()).toBe(0));
    expect((await t.ask("sk-a2")).body.rows?.[0]?.shop_name).toBe("本店 1");
    expect(t.calls).toHaveLength(2);
    clock += REFRESH_RETRY_MS;
    await t.ask("sk-a2");
    expect(t.calls).toHaveLength(3);
  });

  it("past the hard maximum age the ask waits for the API", async () => {
    let clock = 0;
    const t = setup({ now: () => clock });
    await t.ask("sk-a1");
    clock = CHOICE_MAX_AGE_MS;
    t.answerWith(async () => ({ data: [{ shop_id: "1", shop_name: "翌日の本店" }] }));
    const answer = await t.ask("sk-a2");
    expect(answer.body.rows?.[0]?.shop_name).toBe("翌日の本店");
    expect(t.calls.map((c) => c.priority)).toEqual(["interactive", "interactive"]);
  });

  it("asked fresh (x-backyard-fresh: 1), a list goes upstream past a young kept one, and its answer serves the company after", async () => {
    const t = setup();
    await t.ask("sk-a1", "api_v1_system_credittype/info", {});
    const fresh = await t.ask("sk-a2", "api_v1_system_credittype/info", {}, { "x-backyard-fresh": "1" });
    expect(fresh.status).toBe(200);
    expect(t.calls.map((c) => [c.key, c.priority])).toEqual([
      ["sk-a1", "interactive"],
      ["sk-a2", "interactive"],
    ]);
    const after = await t.ask("sk-a1", "api_v1_system_credittype/info", {});
    expect(after.body).toEqual(fresh.body);
    expect(t.calls).toHaveLength(2);
  });

  it("never keeps a failure: everyone waiting gets it, and the next ask goes upstream again", async () => {
    const t = setup();
    t.answerWith(async () => {
      throw new NeError({ code: "003002", kind: "busy", message: "busy" });
    });
    const failed = await Promise.all([t.ask("sk-a1"), t.ask("sk-a2")]);
    expect(failed.map((a) => a.status)).toEqual([503, 503]);
    expect(t.calls).toHaveLength(1);
    expect(t.cache.size()).toBe(0);
    t.answerWith(async () => ({ data: [{ shop_id: "1", shop_name: "本店" }] }));
    expect((await t.ask("sk-a2")).status).toBe(200);
    expect(t.calls).toHaveLength(2);
  });

  it("another person's ended sign-in is not this one's: it asks again with its own tokens", async () => {
    const t = setup();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    t.answerWith(async (call) => {
      if (call.key !== "sk-a1") return { data: [{ shop_id: "1", shop_name: "本店" }] };
      await held;
      throw new NeError({ code: "002004", kind: "auth-expired", message: "expired" });
    });
    const first = t.ask("sk-a1");
    const second = t.ask("sk-a2");
    release();
    const [a1, a2] = await Promise.all([first, second]);
    expect(a1.status).toBe(401);
    expect(a2.status).toBe(200);
    expect(t.calls.map((c) => c.key)).toEqual(["sk-a1", "sk-a2"]);
  });
});
