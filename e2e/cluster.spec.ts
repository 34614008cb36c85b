// Scale-out for real: two production instances behind nginx on one PostgreSQL
// (scripts/cluster.mjs). A person signed in through nginx is served by both instances, their
// session works on either, and a rollout (each instance restarted in turn) drops no request.
import { gunzipSync } from "node:zlib";
import { expect, signInThroughForm, test } from "./fixtures";
import { Cluster } from "../bench/lib/cluster";
import { clusterLoad } from "../bench/lib/cluster-load";
import { OrdersPage } from "./pages/orders-page";
import { postRaw } from "./pages/raw-post";
import { overlapLines, type OverlapRecord } from "./pages/sandbox-api";

const CLUSTER_PORT = Number(process.env.E2E_PORT ?? 3100) + 100;

test.describe("two instances behind nginx", () => {
  test.use({ user: null, baseURL: `http://localhost:${CLUSTER_PORT}` });
  let cluster: Cluster;

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    // Access tokens live 3 s: every story here meets rotations on both instances.
    cluster = await Cluster.start(CLUSTER_PORT, { SANDBOX_ACCESS_TTL_S: "3" });
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

    // Large answers reach the browser compressed through nginx (the instances compress them).
    const cookie = (await page.context().cookies(cluster.url)).map((c) => `${c.name}=${c.value}`).join("; ");
    const search = { fields: ["goods_id", "goods_name", "goods_selling_price"], limit: 300 };
    const plain = await postRaw(`${cluster.url}/api/ne/api_v1_master_goods/search`, search, { cookie, origin: cluster.url });
    const gzip = await postRaw(`${cluster.url}/api/ne/api_v1_master_goods/search`, search, { cookie, origin: cluster.url, "accept-encoding": "gzip" });
    expect([plain.status, gzip.status]).toEqual([200, 200]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
    expect(gzip.body.byteLength).toBeLessThan(plain.body.byteLength / 2);
  });

  test("a rollout restarts each instance in turn while a person keeps working: no request fails", async ({ page }) => {
    test.setTimeout(400_000);
    await signInThroughForm(page, "staff");
    // The person's browser keeps calling the BFF, one call after another, for the whole rollout
    // (in the page, as the grids do: a browser retries a request whose reused connection closed).
    await page.evaluate((origin) => {
      const w = window as unknown as { __statuses: (number | string)[]; __stop: boolean };
      w.__statuses = [];
      w.__stop = false;
      void (async () => {
        while (!w.__stop) {
          try {
            const res = await fetch("/api/ne/api_v1_master_goods/count", { method: "POST", headers: { "content-type": "application/json", origin }, body: "{}" });
            w.__statuses.push(res.status);
          } catch (err) {
            w.__statuses.push(String(err));
          }
        }
      })();
    }, cluster.url);
    await cluster.rollout();
    const statuses = await page.evaluate(() => {
      const w = window as unknown as { __statuses: (number | string)[]; __stop: boolean };
      w.__stop = true;
      return w.__statuses;
    });
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    // The page still works after the rollout, on the same session.
    const orders = new OrdersPage(page);
    await orders.goto();
  });

  test("load, bounded: 20 sessions × 15 grid requests through both instances while tokens expire every 3 s: no error, no lost rotation", async () => {
    test.setTimeout(300_000);
    const result = await clusterLoad({ url: cluster.url, sandbox: cluster.sandbox, sessions: 20, requestsPerSession: 15, accessTtlS: 3 });
    expect(result.errors).toBe(0);
    expect(result.rotations).toBeGreaterThan(0);
    expect(result.checked).toBe(20);
    expect(result.lostRotations).toBe(0);
  });

  test("the cluster's sandbox saw no second call with one access token while the first was in flight", async () => {
    // Last in this group: every session above went through both instances to this one sandbox.
    const res = await fetch(`${cluster.sandbox}/__sandbox/overlaps`);
    expect(res.ok, "GET /__sandbox/overlaps").toBe(true);
    const record = (await res.json()) as OverlapRecord;
    expect(record.checked).toBeGreaterThan(0);
    expect(overlapLines(record), `${record.total} of ${record.checked} calls overlapped another call with the same access token`).toEqual([]);
  });
});
