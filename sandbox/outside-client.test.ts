// A client that knows only the spec (and the sandbox's sign-in contract): plain fetch, form
// encoding, JSON answers. Nothing of the project is imported except what starts the server.
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "./server";

let sandbox: RunningSandbox;
let base: string;
beforeAll(async () => {
  // The app's registered redirect URI: the sandbox refuses a sign-in naming another.
  sandbox = await startSandbox({ log: () => undefined, redirectUri: REDIRECT });
  base = sandbox.url;
});
afterAll(async () => {
  await sandbox?.close();
});

const CLIENT_ID = "sandbox-client-id";
const CLIENT_SECRET = "sandbox-client-secret";
const REDIRECT = "https://app.example.test/callback";

type Answer = Record<string, unknown> & { result: string; data?: Record<string, unknown>[]; count?: unknown };

async function post(path: string, params: Record<string, string>): Promise<Answer> {
  const res = await fetch(base + path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(params).toString(),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
}

/** Reads the inputs of the first form of a page, as a browser would submit them. */
function formOf(html: string): { action: string; fields: Map<string, string> } {
  const form = /<form[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/i.exec(html);
  expect(form).not.toBeNull();
  const fields = new Map<string, string>();
  for (const input of (form?.[2] ?? "").matchAll(/<input([^>]*)>/gi)) {
    const attrs = input[1] ?? "";
    const name = /name="([^"]*)"/.exec(attrs)?.[1];
    const value = /value="([^"]*)"/.exec(attrs)?.[1] ?? "";
    if (name) fields.set(name.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))), value.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))));
  }
  return { action: form?.[1] ?? "", fields };
}

it("signs in through the form, gets tokens, reads orders and uploads a CSV", async () => {
  // 1. The sign-in page.
  const page = await fetch(`${base}/users/sign_in/?client_id=${CLIENT_ID}&redirect_uri=${encodeURIComponent(REDIRECT)}`);
  expect(page.status).toBe(200);
  const { action, fields } = formOf(await page.text());
  fields.set("user[login_code]", "staff@sandbox.test");
  fields.set("user[password]", "sandbox");
  const submitted = await fetch(new URL(action, base), {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams([...fields]).toString(),
    redirect: "manual",
  });
  expect(submitted.status).toBe(302);
  const back = new URL(submitted.headers.get("location") ?? "");
  expect(back.origin + back.pathname).toBe(REDIRECT);
  const uid = back.searchParams.get("uid") ?? "";
  const state = back.searchParams.get("state") ?? "";

  // 2. Token issue (spec 4, /api_neauth).
  const auth = await post("/api_neauth", { uid, state, client_id: CLIENT_ID, client_secret: CLIENT_SECRET });
  expect(auth.result).toBe("success");
  expect(typeof auth.access_token).toBe("string");
  expect(typeof auth.refresh_token).toBe("string");
  expect(typeof auth.company_ne_id).toBe("string");
  let accessToken = String(auth.access_token);
  let refreshToken = String(auth.refresh_token);
  const keep = (answer: Answer) => {
    if (typeof answer.access_token === "string") accessToken = answer.access_token;
    if (typeof answer.refresh_token === "string") refreshToken = answer.refresh_token;
  };

  // 3. Order slips (spec 2.5 / 4), with conditions of 2.3.
  const orders = await post("/api_v1_receiveorder_base/search", {
    access_token: accessToken,
    refresh_token: refreshToken,
    fields: "receive_order_id, receive_order_shop_id, receive_order_date, receive_order_total_amount",
    "receive_order_date-gt": "2024-01-01 00:00:00",
    offset: "0",
    limit: "5",
  });
  keep(orders);
  expect(orders.result).toBe("success");
  expect(Number(orders.count)).toBe(orders.data?.length);
  expect(orders.data?.length).toBeGreaterThan(0);
  for (const row of orders.data ?? []) {
    expect(Object.keys(row).sort()).toEqual(["receive_order_date", "receive_order_id", "receive_order_shop_id", "receive_order_total_amount"]);
    expect(String(row.receive_order_date)).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  }
  expect(typeof orders.access_token_end_date).toBe("string");

  // Order rows can be counted (spec 4).
  const firstId = String(orders.data?.[0]?.receive_order_id);
  const rowCount = await post("/api_v1_receiveorder_row/count", {
    access_token: accessToken,
    refresh_token: refreshToken,
    "receive_order_row_receive_order_id-eq": firstId,
  });
  keep(rowCount);
  expect(rowCount.result).toBe("success");
  expect(Number(rowCount.count)).toBeGreaterThan(0);

  // A classification list (info).
  const statuses = await post("/api_v1_system_orderstatus/info", { access_token: accessToken, refresh_token: refreshToken });
  keep(statuses);
  expect(statuses.result).toBe("success");
  expect(statuses.data?.length).toBe(7);

  // 4. Upload (spec 4, warehouse stock) answers a que_id.
  const csv = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo\n基本拠点,MUG-001,3,,入荷,,\n";
  const upload = await post("/api_v1_warehouse_stock/upload", {
    access_token: accessToken,
    refresh_token: refreshToken,
    data_type: "csv",
    data: csv,
  });
  keep(upload);
  expect(upload.result).toBe("success");
  expect(String(upload.que_id)).toMatch(/^\d+$/);

  // A wrong field is an error in the same envelope, HTTP 200.
  const wrong = await post("/api_v1_master_goods/search", { access_token: accessToken, refresh_token: refreshToken, fields: "no_such_field" });
  expect(wrong.result).toBe("error");
  expect(typeof wrong.code).toBe("string");
});
