// POST /__sandbox/orders/<id>/cancel: a test cancels one slip of one company (as a person does on
// the main function's order screen), and the API's searches answer the cancel classification and a
// newer last-modified date: what an incremental `*_last_modified_null_safe_date-gt` read finds.
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
