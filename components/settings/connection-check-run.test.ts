// The connection check's loop against a stand-in proxy: one call at a time, every operation but
// the uploads called once, 004001 read as "refused", other failures as "failing", and a run that
// stops for everyone at maintenance or an ended sign-in.
import { describe, expect, it } from "vitest";
import { API_PERMISSIONS, type ApiPermission } from "@/lib/ne/api-permissions";
import { BffError } from "@/lib/query/bff-error";
import { runConnectionCheck, type CheckResult } from "./connection-check-run";

const REFUSED = "/api_v1_master_goods/search";
const FAILING = "/api_v1_system_mall/count";

function recorder() {
  const results = new Map<string, CheckResult>();
  const started: string[] = [];
  return { results, started, on: { start: (p: string) => started.push(p), result: (p: string, r: CheckResult) => results.set(p, r) } };
}

describe("runConnectionCheck", () => {
  it("calls every operation but the uploads once, never two at a time, and names what was refused", async () => {
    let inFlight = 0;
    let most = 0;
    const called: string[] = [];
    const call = async (p: ApiPermission) => {
      called.push(p.path);
      most = Math.max(most, ++inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      if (p.path === REFUSED) throw new BffError({ code: "004001", message: "このAPIは利用が許可されていません", kind: "forbidden", retryable: false, status: 403 });
      if (p.path === FAILING) throw new BffError({ code: "999999", message: "system error", kind: "upstream-failure", retryable: true, status: 502 });
    };
    const r = recorder();
    expect(await runConnectionCheck(API_PERMISSIONS, call, r.on)).toBe("done");
    expect(most).toBe(1);
    const uploads = API_PERMISSIONS.filter((p) => p.kind === "upload").map((p) => p.path);
    expect(uploads).toEqual(expect.arrayContaining(["/api_v1_master_goods/upload", "/api_v1_warehouse_stock/upload"]));
    expect(called).toEqual(API_PERMISSIONS.map((p) => p.path).filter((p) => !uploads.includes(p)));
    expect(r.started).toEqual(called);
    expect(r.results.size).toBe(API_PERMISSIONS.length);
    expect(r.results.get(REFUSED)).toEqual({ state: "refused", code: "004001" });
    expect(r.results.get(FAILING)).toEqual({ state: "failing", code: "999999", message: "system error", kind: "upstream-failure" });
    for (const u of uploads) expect(r.results.get(u)).toEqual({ state: "not-checked", reason: "would-queue" });
    expect([...r.results.values()].filter((x) => x.state === "allowed")).toHaveLength(API_PERMISSIONS.length - uploads.length - 2);
  });

  it("stops at maintenance and at an ended sign-in: the same answer would come for every operation", async () => {
    for (const [code, kind, status] of [["003004", "maintenance", 503], ["002004", "auth-expired", 401]] as const) {
      let calls = 0;
      const r = recorder();
      const end = await runConnectionCheck(API_PERMISSIONS, async () => {
        if (++calls === 3) throw new BffError({ code, message: code, kind, retryable: kind === "maintenance", status });
      }, r.on);
      expect(end).toBe(kind);
      expect(calls).toBe(3);
    }
  });

  it("stops between calls when the person stops it", async () => {
    const abort = new AbortController();
    let calls = 0;
    const end = await runConnectionCheck(API_PERMISSIONS, async () => {
      if (++calls === 2) abort.abort();
    }, recorder().on, abort.signal);
    expect(end).toBe("stopped");
    expect(calls).toBe(2);
  });
});
