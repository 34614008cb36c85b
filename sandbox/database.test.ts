// The two databases: PGlite on disk survives a restart; PostgreSQL (SANDBOX_DATABASE_URL) passes
// a smoke subset in a throwaway schema.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropPgSchema, openDb } from "./db";
import { loadRows } from "./loader";
import { defaultRegistry, RegistryIndex } from "./registry";
import { ensureSchema } from "./schema";
import type { RunningSandbox } from "./server";
import { TEST_PG_URL, postgresReachable } from "../lib/test/postgres";
import { advanceClock, call, login, startTestSandbox } from "./test-support";

const PG_URL = TEST_PG_URL;


describe("PGlite on disk", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), "sandbox-pglite-"));
  });
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("keeps data and tokens across a restart and does not seed twice", async () => {
    const first = await startTestSandbox({ dataDir: dir });
    expect(first.prepared.seeded).toBe("minimal");
    const t = await login(first.url);
    const up = await call(first.url, "/api_v1_master_goods/upload", { ...t, data_type: "csv", data: "syohin_code,syohin_name,baika_tnk\nX-1,テスト商品,100\n" });
    expect(up.result).toBe("success");
    await first.close();

    const second = await startTestSandbox({ dataDir: dir });
    try {
      expect(second.prepared).toEqual({ schema: "current", seeded: false });
      expect((await call(second.url, "/api_v1_receiveorder_base/count", { ...t })).count).toBe("12");
      expect((await call(second.url, "/api_v1_system_que/count", { ...t, "que_id-eq": up.que_id })).count).toBe("1");
    } finally {
      await second.close();
    }
  });

  it("refuses a directory another live process holds", async () => {
    writeFileSync(path.join(dir, ".sandbox.pid"), String(process.ppid));
    await expect(openDb({ dataDir: dir })).rejects.toThrow(/in use by process/);
    // A lock left by a process that is gone is taken over.
    writeFileSync(path.join(dir, ".sandbox.pid"), "999999999");
    const db = await openDb({ dataDir: dir });
    await db.close();
  });
});

describe("loadRows", () => {
  it("types values, stores empty as NULL and refuses unknown fields and bad values", async () => {
    const db = await openDb({ dataDir: "memory" });
    try {
      const registry = new RegistryIndex(defaultRegistry());
      await ensureSchema(db, registry);
      const n = await loadRows(db, "warehouse", "NE-X", [
        { warehouse_id: 7, warehouse_name: "" },
        { warehouse_id: "8", warehouse_name: "第二倉庫" },
      ]);
      expect(n).toBe(2);
      const rows = await db.query<{ warehouse_id: string; warehouse_name: string | null; company_ne_id: string }>(
        `SELECT warehouse_id::text, warehouse_name, company_ne_id FROM ne_warehouse ORDER BY warehouse_id`,
      );
      expect(rows).toEqual([
        { warehouse_id: "7", warehouse_name: null, company_ne_id: "NE-X" },
        { warehouse_id: "8", warehouse_name: "第二倉庫", company_ne_id: "NE-X" },
      ]);
      await loadRows(db, "receiveOrder", "NE-X", [{ receive_order_id: 1, receive_order_date: "0000-00-00 00:00:00" }]);
      const [order] = await db.query<{ d: string | null }>(`SELECT receive_order_date::text AS d FROM ne_receive_order`);
      expect(order?.d).toBeNull();
      await expect(loadRows(db, "warehouse", "NE-X", [{ warehouse_nope: 1 }])).rejects.toThrow(/warehouse_nope/);
      await expect(loadRows(db, "warehouse", "NE-X", [{ warehouse_id: "abc" }])).rejects.toThrow(/not a number/);
      await expect(loadRows(db, "receiveOrder", "NE-X", [{ receive_order_date: "2024/01/01" }])).rejects.toThrow(/date-time/);
      await expect(loadRows(db, "auth", "NE-X", [{}])).rejects.toThrow(/no table/);
      // Many rows go in batches.
      const many = Array.from({ length: 2500 }, (_, i) => ({ warehouse_id: 100 + i, warehouse_name: `W${i}` }));
      await loadRows(db, "warehouse", "NE-Y", many, { batchSize: 1000 });
      const [count] = await db.query<{ c: string }>(`SELECT count(*)::text AS c FROM ne_warehouse WHERE company_ne_id = 'NE-Y'`);
      expect(count?.c).toBe("2500");

      // Totals per company follow every write (the count twin without conditions reads them).
      const totals = async () =>
        Object.fromEntries(
          (await db.query<{ company_ne_id: string; n: string | number }>(`SELECT company_ne_id, n FROM sb_counts WHERE table_name = 'ne_warehouse'`)).map(
            (r) => [r.company_ne_id, Number(r.n)],
          ),
        );
      expect(await totals()).toEqual({ "NE-X": 2, "NE-Y": 2500 });
      await db.query(`DELETE FROM ne_warehouse WHERE company_ne_id = 'NE-Y' AND warehouse_id < 200`);
      await db.query(`INSERT INTO ne_warehouse (company_ne_id, warehouse_id) VALUES ('NE-Z', 1)`);
      expect(await totals()).toEqual({ "NE-X": 2, "NE-Y": 2400, "NE-Z": 1 });
      await db.exec(`TRUNCATE ne_warehouse`);
      expect(await totals()).toEqual({});
    } finally {
      await db.close();
    }
  });
});

const reachable = await postgresReachable();

describe("PostgreSQL (SANDBOX_DATABASE_URL)", () => {
  const schema = `sandbox_test_${process.pid}_${Date.now().toString(36)}`;
  let sb: RunningSandbox;
  beforeAll(async () => {
    // PostgreSQL runs on every machine and in CI (127.0.0.1:5432): its absence is a failure, not a skip.
    expect(reachable, "PostgreSQL is not reachable on 127.0.0.1:5432").toBe(true);
    sb = await startTestSandbox({ databaseUrl: PG_URL, databaseSchema: schema });
  });
  afterAll(async () => {
    await sb?.close();
    await dropPgSchema(PG_URL, schema);
  });

  it("creates its tables in its own schema", async () => {
    expect(sb.db.dialect).toBe("pg");
    const client = new pg.Client({ connectionString: PG_URL });
    await client.connect();
    try {
      const res = await client.query(`SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1 AND tablename = 'ne_receive_order'`, [schema]);
      expect(res.rows[0]).toEqual({ n: 1 });
    } finally {
      await client.end();
    }
  });

  it("signs in, searches with operators, counts, pages and rotates tokens", async () => {
    const t = await login(sb.url);
    const search = await call(sb.url, "/api_v1_receiveorder_base/search/", {
      ...t,
      fields: "receive_order_id, receive_order_date, receive_order_total_amount, receive_order_purchaser_name",
      "receive_order_total_amount-gte": "4300",
      "receive_order_date-lt": "2024-01-08",
      "receive_order_purchaser_name-nlikeornull": "%中%",
      offset: 1,
      limit: 2,
    });
    expect(search.result, JSON.stringify(search)).toBe("success");
    expect(search.data).toEqual([
      { receive_order_id: "5", receive_order_date: "2024-01-05 10:05:00", receive_order_total_amount: "6000", receive_order_purchaser_name: null },
      { receive_order_id: "7", receive_order_date: "2024-01-07 10:07:00", receive_order_total_amount: "8200", receive_order_purchaser_name: "小林 さくら" },
    ]);
    expect((await call(sb.url, "/api_v1_receiveorder_base/count", { ...t, "receive_order_id-in": "1,2,99" })).count).toBe("2");
    expect((await call(sb.url, "/api_v1_receiveorder_base/count", { ...t, "receive_order_shop_cut_form_id-like": "YH-%" })).count).toBe("4");
    const unknown = await call(sb.url, "/api_v1_receiveorder_base/search", { ...t, fields: "x_field" });
    expect(unknown.message).toContain("x_field");
    await advanceClock(sb.url, 86_401);
    const rotated = await call(sb.url, "/api_v1_warehouse_base/search", { ...t, fields: "warehouse_id, warehouse_name", "warehouse_id-eq": "1" });
    expect(rotated.data).toEqual([{ warehouse_id: "1", warehouse_name: "基本拠点" }]);
    expect(rotated.access_token).not.toBe(t.access_token);
    expect((await call(sb.url, "/api_v1_receiveorder_base/count", { ...t })).code).toBe("002002");
    const other = await login(sb.url, "operator@another.test");
    expect((await call(sb.url, "/api_v1_receiveorder_base/count", { ...other })).count).toBe("3");
    const up = await call(sb.url, "/api_v1_warehouse_stock/upload", { ...other, data_type: "csv", data: "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo\n基本拠点,TEA-001,1,,入荷,,\n" });
    expect(up.que_id).toMatch(/^\d+$/);
  });
});
