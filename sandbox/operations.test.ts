// Every operation of the registry answers over HTTP, in the envelope of spec 2.2.
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operations, resources } from "../lib/ne/registry";
import type { OperationDef } from "../lib/ne/registry/types";
import type { RunningSandbox } from "./server";
import { admin, call, login, type ApiAnswer, type Tokens, startTestSandbox } from "./test-support";

let sb: RunningSandbox;
let tokens: Tokens;
beforeAll(async () => {
  sb = await startTestSandbox();
  tokens = await login(sb.url);
});
afterAll(async () => {
  await sb?.close();
});

const DATE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const dataOps = operations.filter((op) => op.kind !== "auth" && op.kind !== "list");

function expectRowsTyped(op: OperationDef, answer: ApiAnswer): void {
  const fields = new Map(resources[op.resource].fields.map((f) => [f.name, f]));
  for (const row of answer.data ?? []) {
    for (const [name, value] of Object.entries(row)) {
      const field = fields.get(name);
      expect(field, `${op.path}: unexpected field ${name}`).toBeDefined();
      if (value === null) continue;
      expect(typeof value).toBe("string");
      if (field?.type === "D") expect(value, `${op.path} ${name}`).toMatch(DATE_TIME);
      if (field?.type === "N") expect(Number.isFinite(Number(value)), `${op.path} ${name}=${value}`).toBe(true);
    }
  }
}

const CSV: Record<string, string> = {
  "/api_v1_master_goods/upload": "syohin_code,syohin_name,baika_tnk\nNEW-001,新商品,1200\n",
  "/api_v1_warehouse_stock/upload": "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo\n基本拠点,MUG-001,5,,入荷,,\n",
};

describe("every operation answers", () => {
  it("covers the spec section 4 and the extensions", () => {
    const paths = new Set(operations.map((o) => o.path));
    for (const p of ["/api_v1_receiveorder_row/search", "/api_v1_system_que/search", "/api_v1_system_que/count", "/api_v1_warehouse_base/search"]) {
      expect(paths.has(p as `/${string}`)).toBe(true);
    }
    for (const op of operations.filter((o) => o.kind === "search")) expect(op.twin, op.path).toBeDefined();
  });

  for (const op of dataOps) {
    it(`${op.kind} ${op.path}`, async () => {
      const resource = resources[op.resource];
      const allFields = resource.fields.map((f) => f.name).join(", ");
      switch (op.kind) {
        case "search": {
          const answer = await call(sb.url, `${op.path}/`, { access_token: tokens.access_token, fields: allFields });
          expect(answer.result, JSON.stringify(answer)).toBe("success");
          expect(answer.count).toBe(String(answer.data?.length));
          if (op.resource !== "systemQue") expect(answer.data?.length, op.path).toBeGreaterThan(0);
          for (const row of answer.data ?? []) expect(Object.keys(row)).toEqual(resource.fields.map((f) => f.name));
          expectRowsTyped(op, answer);
          const twin = await call(sb.url, op.twin ?? "", { access_token: tokens.access_token });
          expect(twin.result).toBe("success");
          expect(twin.count).toBe(answer.count);
          expect(twin.access_token).toBe(tokens.access_token);
          break;
        }
        case "count": {
          const answer = await call(sb.url, op.path, { access_token: tokens.access_token, fields: "" });
          expect(answer.result).toBe("success");
          expect(answer.count).toMatch(/^\d+$/);
          expect(answer.data).toBeUndefined();
          break;
        }
        case "info": {
          const answer = await call(sb.url, op.path, { access_token: tokens.access_token });
          expect(answer.result, JSON.stringify(answer)).toBe("success");
          expect(answer.data?.length).toBeGreaterThan(0);
          expect(answer.count).toBe(String(answer.data?.length));
          expectRowsTyped(op, answer);
          break;
        }
        case "upload": {
          const csv = CSV[op.path] ?? "a\n1\n";
          const plain = await call(sb.url, op.path, { access_token: tokens.access_token, data_type: "csv", data: csv });
          expect(plain.result, JSON.stringify(plain)).toBe("success");
          expect(plain.que_id).toMatch(/^\d+$/);
          expect(plain.access_token).toBe(tokens.access_token);
          const que = await call(sb.url, "/api_v1_system_que/search", {
            access_token: tokens.access_token,
            fields: "que_id, que_status_id, que_upload_name",
            "que_id-eq": plain.que_id,
          });
          expect(que.data?.[0]).toMatchObject({ que_id: plain.que_id });
          expect(["0", "1", "2", "-1"]).toContain(que.data?.[0]?.que_status_id);
          // gzip data keeps its bytes through the form encoding.
          const gz = gzipSync(Buffer.from(csv));
          const body = `access_token=${tokens.access_token}&data_type=gz&data=${[...gz].map((b) => `%${b.toString(16).padStart(2, "0")}`).join("")}`;
          const res = await fetch(`${sb.url}${op.path}`, { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
          const gzAnswer = (await res.json()) as ApiAnswer;
          expect(gzAnswer.result, JSON.stringify(gzAnswer)).toBe("success");
          const missing = await call(sb.url, op.path, { access_token: tokens.access_token, data_type: "xml", data: csv });
          expect(missing).toMatchObject({ result: "error", code: "003901" });
          break;
        }
        default:
          throw new Error(`unexpected kind ${op.kind}`);
      }
    });
  }

  it("answers an unknown path with a JSON error (HTTP 404)", async () => {
    const res = await fetch(`${sb.url}/api_v1_nothing/search`, { method: "POST" });
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ result: "error", code: "005001" });
  });
});

describe("extension_execution_id: the slips picked on the main screen", () => {
  const ORDERS = "/api_v1_receiveorder_base";
  const FIELDS = "receive_order_id,receive_order_shop_id";

  async function pick(ids: string[], who: Record<string, string> = { login_code: "staff@sandbox.test" }): Promise<string> {
    const res = await admin(sb.url, "POST", "/extension-executions", { ...who, receive_order_ids: ids });
    expect(res.status).toBe(201);
    return ((await res.json()) as { extension_execution_id: string }).extension_execution_id;
  }

  it("search and count answer exactly the picked slips, ANDed with the conditions", async () => {
    const all = await call(sb.url, `${ORDERS}/search`, { ...tokens, fields: FIELDS, limit: "5" });
    const picked = (all.data ?? []).slice(0, 3).map((r) => r.receive_order_id as string);
    expect(picked).toHaveLength(3);
    const id = await pick(picked);
    const found = await call(sb.url, `${ORDERS}/search`, { ...tokens, fields: FIELDS, extension_execution_id: id });
    expect(found.result).toBe("success");
    expect((found.data ?? []).map((r) => r.receive_order_id).sort()).toEqual([...picked].sort());
    expect((await call(sb.url, `${ORDERS}/count`, { ...tokens, extension_execution_id: id })).count).toBe("3");
    const narrowed = await call(sb.url, `${ORDERS}/count`, { ...tokens, extension_execution_id: id, "receive_order_id-eq": picked[0]! });
    expect(narrowed.count).toBe("1");
    const none = await call(sb.url, `${ORDERS}/count`, { ...tokens, extension_execution_id: id, "receive_order_id-eq": "999999999" });
    expect(none.count).toBe("0");
  });

  it("an unknown id, or another company's, is refused with 003901 (a parameter the API refuses) rather than answered as no slips", async () => {
    const unknown = await call(sb.url, `${ORDERS}/search`, { ...tokens, fields: FIELDS, extension_execution_id: "no-such-group" });
    expect(unknown).toMatchObject({ result: "error", code: "003901" });
    expect(String(unknown.message)).toContain("extension_execution_id");
    const theirs = await pick(["1"], { login_code: "operator@another.test" });
    expect(await call(sb.url, `${ORDERS}/count`, { ...tokens, extension_execution_id: theirs })).toMatchObject({ result: "error", code: "003901" });
  });

  it("the admin route checks its input", async () => {
    expect((await admin(sb.url, "POST", "/extension-executions", { login_code: "staff@sandbox.test", receive_order_ids: [] })).status).toBe(400);
    expect((await admin(sb.url, "POST", "/extension-executions", { receive_order_ids: ["1"] })).status).toBe(400);
    expect((await admin(sb.url, "POST", "/extension-executions", { login_code: "nobody@x", receive_order_ids: ["1"] })).status).toBe(400);
    expect((await admin(sb.url, "POST", "/extension-executions", { login_code: "staff@sandbox.test", receive_order_ids: ["1; drop"] })).status).toBe(400);
  });
});
