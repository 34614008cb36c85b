import { dashboardSession } from "./lib/stack";
import { runLoad } from "./lib/load";
import { ORDER_FIELDS } from "./lib/order-fields";
const SEARCH = { fields: [...ORDER_FIELDS], conditions: [{ field: "receive_order_order_status_id", op: "in", value: ["20","30","40","50"] }, { field: "receive_order_total_amount", op: "gte", value: "1000" }], limit: 100 };
async function main() {
  const app = "http://localhost:3690";
  const cookies: string[] = [];
  for (let i = 0; i < 8; i++) cookies.push(await dashboardSession(app, i % 2 ? "manager@sandbox.test" : "staff@sandbox.test"));
  const requests = cookies.map((cookie) => ({ url: `${app}/api/ne/api_v1_receiveorder_base/search`, headers: { "content-type": "application/json", origin: app, cookie }, body: JSON.stringify(SEARCH) }));
  const rewrite = { url: `${app}/__bench/rewrite/api_v1_receiveorder_base/search`, headers: { "content-type": "application/x-www-form-urlencoded" }, body: "" };
  console.log(await runLoad({ requests, total: 3000, concurrency: 8, expect: { status: 200, headIncludes: '{"rows":' } }));
  console.log(await runLoad({ requests, total: 6000, concurrency: 8, expect: { status: 200, headIncludes: '{"rows":' } }));
  void rewrite;
}
main().then(() => process.exit(0), (e) => { console.error(e); process.exit(1); });
