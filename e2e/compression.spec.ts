// Answers over 1 kB go out compressed to a client that accepts it: Next's own compression, the
// same under `next start` and the standalone server.js (the BFF is an App Router route like the
// rest); nginx in front passes it on (compose's config here, the cluster's in e2e/cluster.spec.ts).
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { expect, test } from "./fixtures";
import { postRaw } from "./pages/raw-post";

test("a BFF answer over 1 kB is gzip on the wire when accepted, and the same JSON as sent plain; a small one stays plain", async ({ page, baseURL }) => {
  const origin = new URL(baseURL!).origin;
  // The session's cookies, for a client that shows the bytes on the wire (Playwright's decodes them).
  const cookie = (await page.context().cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
  const search = { fields: ["receive_order_id", "receive_order_shop_cut_form_id", "receive_order_date", "receive_order_purchaser_name", "receive_order_total_amount"], limit: 500 };

  const plain = await postRaw(`${origin}/api/ne/api_v1_receiveorder_base/search`, search, { cookie, origin });
  const gzip = await postRaw(`${origin}/api/ne/api_v1_receiveorder_base/search`, search, { cookie, origin, "accept-encoding": "gzip" });
  expect(plain.status).toBe(200);
  expect(gzip.status).toBe(200);
  expect(plain.headers["content-encoding"]).toBeUndefined();
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  const rows = JSON.parse(plain.body.toString("utf8")) as { rows: unknown[] };
  expect(rows.rows).toHaveLength(500);
  expect(JSON.parse(gunzipSync(gzip.body).toString("utf8"))).toEqual(rows);
  expect(gzip.body.byteLength).toBeLessThan(plain.body.byteLength / 3);
  // Still an API answer: never cached, with its own security headers.
  expect(gzip.headers["cache-control"]).toBe("no-store");
  expect(gzip.headers["x-content-type-options"]).toBe("nosniff");

  const count = await postRaw(`${origin}/api/ne/api_v1_receiveorder_base/count`, {}, { cookie, origin, "accept-encoding": "gzip" });
  expect(count.status).toBe(200);
  expect(count.body.byteLength).toBeLessThan(1024);
  expect(count.headers["content-encoding"]).toBeUndefined();
});

test.describe("through compose's nginx (deploy/nginx.conf)", () => {
  const NGINX_PORT = Number(process.env.E2E_PORT ?? 3100) + 8;
  let nginx: ChildProcess | undefined;
  let dir = "";

  test.beforeAll(async () => {
    // The config as compose runs it, with only what names compose's network changed: its two
    // instances become this run's server, port 80 a free port, and its files go to a folder of its own.
    dir = mkdtempSync(path.join(tmpdir(), "backyard-nginx-"));
    const port = Number(process.env.E2E_PORT ?? 3100);
    const conf = readFileSync("deploy/nginx.conf", "utf8")
      .replace(/^\s*server app1:3000[^\n]*\n\s*server app2:3000[^\n]*$/m, `    server 127.0.0.1:${port};`)
      .replace("listen 80;", `listen 127.0.0.1:${NGINX_PORT};`)
      .replace("${TRUSTED_PROXY_SECRET}", "not-this-run's-secret")
      .replace("worker_processes auto;", `worker_processes 1;\ndaemon off;\npid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;`)
      .replace("http {", `http {\n  access_log off;\n  client_body_temp_path ${dir}/body;\n  proxy_temp_path ${dir}/proxy;\n  fastcgi_temp_path ${dir}/fastcgi;\n  uwsgi_temp_path ${dir}/uwsgi;\n  scgi_temp_path ${dir}/scgi;`);
    expect(conf, "the two instances were replaced").toContain(`server 127.0.0.1:${port};`);
    writeFileSync(path.join(dir, "nginx.conf"), conf);
    nginx = spawn(process.env.NGINX_BIN ?? "/usr/sbin/nginx", ["-p", dir, "-c", path.join(dir, "nginx.conf")], { stdio: "ignore" });
    await expect.poll(async () => (await fetch(`http://127.0.0.1:${NGINX_PORT}/api/health`).catch(() => null))?.status, { timeout: 30_000 }).toBe(200);
  });
  test.afterAll(async () => {
    if (nginx && nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx!.once("exit", resolve));
      nginx.kill("SIGQUIT");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  test("a large answer reaches the browser gzip through it; the same JSON", async ({ page, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const cookie = (await page.context().cookies(origin)).map((c) => `${c.name}=${c.value}`).join("; ");
    const search = { fields: ["goods_id", "goods_name"], limit: 300 };
    const via = `http://127.0.0.1:${NGINX_PORT}/api/ne/api_v1_master_goods/search`;
    // The page's origin as the server knows it (AUTH_URL): nginx passes the Host on.
    const headers = { cookie, origin, host: new URL(origin).host };
    const plain = await postRaw(via, search, headers);
    const gzip = await postRaw(via, search, { ...headers, "accept-encoding": "gzip" });
    expect([plain.status, gzip.status]).toEqual([200, 200]);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
  });
});
