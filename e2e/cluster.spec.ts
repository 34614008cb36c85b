// Scale-out for real: two production instances behind nginx on one PostgreSQL
// (scripts/cluster.mjs). A person signed in through nginx is served by both instances, their
// session works on either, and a rollout (each instance restarted in turn) drops no request.
import { expect, signInThroughForm, test } from "./fixtures";
import { Cluster } from "./pages/cluster";
import { OrdersPage } from "./pages/orders-page";

const CLUSTER_PORT = Number(process.env.E2E_PORT ?? 3100) + 100;

test.describe("two instances behind nginx", () => {
  test.use({ user: null, baseURL: `http://localhost:${CLUSTER_PORT}` });
  let cluster: Cluster;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    cluster = await Cluster.start(CLUSTER_PORT);
  });
  test.afterAll(async () => {
    await cluster?.stop();
  });

  test("both instances are ready, and a signed-in session's calls are answered by both", async ({ page, request }) => {
    test.setTimeout(180_000);
    const ready = await request.get("/api/ready");
    expect(ready.status()).toBe(200);

    await signInThroughForm(page, "staff");
    const orders = new OrdersPage(page);
    await orders.waitForRows();
    const instances = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await page.request.post("/api/ne/api_v1_master_goods/count", { headers: { "content-type": "application/json", origin: cluster.url }, data: {} });
      expect(res.status(), `call ${i + 1}`).toBe(200);
      instances.add(res.headers()["x-backyard-instance"] ?? "");
    }
    expect([...instances].sort()).toEqual([`127.0.0.1:${CLUSTER_PORT + 1}`, `127.0.0.1:${CLUSTER_PORT + 2}`]);
  });

  test("a rollout restarts each instance in turn while a person keeps working: no request fails", async ({ page }) => {
    test.setTimeout(400_000);
    await signInThroughForm(page, "staff");
    const call = () => page.request.post("/api/ne/api_v1_master_goods/count", { headers: { "content-type": "application/json", origin: cluster.url }, data: {} });
    const statuses: number[] = [];
    let rolling = true;
    const load = (async () => {
      while (rolling) statuses.push((await call()).status());
    })();
    await cluster.rollout();
    rolling = false;
    await load;
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // The page still works after the rollout, on the same session.
    const orders = new OrdersPage(page);
    await orders.goto();
  });
});
