// The generator and the upload queue on PostgreSQL (SANDBOX_TEST_DATABASE_URL, a throwaway
// schema): generated data consistent, one good and one bad upload of each kind, stock still
// consistent. Skipped when no server answers.
import { gzipSync } from "node:zlib";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANIES } from "../accounts";
import { dropPgSchema } from "../db";
import { checkStockConsistency } from "../generate/consistency";
import type { RunningSandbox } from "../server";
import { login, startTestSandbox, type Tokens } from "../test-support";
import { TEST_PG_URL, postgresReachable } from "../../lib/test/postgres";
import { snapshot, upload, waitForJob } from "./test-helpers";

const PG_URL = TEST_PG_URL;
const SCHEMA = `sandbox_uploads_${process.pid}`;
const [c1, c2] = SANDBOX_COMPANIES;


const available = await postgresReachable();

describe("PostgreSQL: generated data and uploads", () => {
  let sb: RunningSandbox;
  let tokens: Tokens;
  beforeAll(async () => {
    // PostgreSQL runs on every machine and in CI (127.0.0.1:5432): its absence is a failure, not a skip.
    expect(available, "PostgreSQL is not reachable on 127.0.0.1:5432").toBe(true);
    sb = await startTestSandbox({ databaseUrl: PG_URL, databaseSchema: SCHEMA, data: "generate", orders: 300, seed: 5 });
    tokens = await login(sb.url);
  });
  afterAll(async () => {
    await sb?.close();
    await dropPgSchema(PG_URL, SCHEMA);
  });

  it("generated stock is consistent in both companies", async () => {
    expect(sb.prepared.seeded).toBe("generate");
    expect(await checkStockConsistency(sb.db, c1.neId)).toEqual([]);
    expect(await checkStockConsistency(sb.db, c2.neId)).toEqual([]);
  });

  it("applies a Shift_JIS gz warehouse upload and a UTF-8 goods upload; refuses a bad one without changes", async () => {
    const rows = await sb.db.query<{ g: string; q: string }>(
      `SELECT warehouse_stock_goods_id AS g, warehouse_stock_quantity::text AS q FROM ne_warehouse_stock WHERE company_ne_id = $1 AND warehouse_stock_warehouse_id = 1 ORDER BY 1 LIMIT 1`,
      [c1.neId],
    );
    const target = rows[0];
    if (!target) throw new Error("no warehouse stock");
    const header = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";
    const a = await upload(sb.url, tokens, "/api_v1_warehouse_stock/upload", gzipSync(iconv.encode(`${header}\n基本拠点,${target.g},4,,入荷,,\n`, "cp932")), "gz");
    expect((await waitForJob(sb.url, tokens, a.que_id as string)).que_status_id).toBe("2");
    const after = await sb.db.query<{ q: string }>(
      `SELECT warehouse_stock_quantity::text AS q FROM ne_warehouse_stock WHERE company_ne_id = $1 AND warehouse_stock_warehouse_id = 1 AND warehouse_stock_goods_id = $2`,
      [c1.neId, target.g],
    );
    expect(Number(after[0]?.q)).toBe(Number(target.q) + 4);

    const b = await upload(sb.url, tokens, "/api_v1_master_goods/upload", Buffer.from("syohin_code,syohin_name,baika_tnk,zaiko_su,tag\nPG-NEW-1,ポスグレ商品,500,9,[新商品]\n"));
    expect((await waitForJob(sb.url, tokens, b.que_id as string)).que_status_id).toBe("2");

    const before = await snapshot(sb.db, c1.neId);
    const c = await upload(sb.url, tokens, "/api_v1_warehouse_stock/upload", Buffer.from(`${header}\n基本拠点,${target.g},1,,,,\n基本拠点,${target.g},,,,,x\n`));
    const failed = await waitForJob(sb.url, tokens, c.que_id as string);
    expect(failed.que_status_id).toBe("-1");
    expect(failed.que_message).toBe('3行目 7列目[kyoten_syohin_sakujyo]: kyoten_syohin_sakujyo には d を指定してください: x (line 3, column 7 "kyoten_syohin_sakujyo": kyoten_syohin_sakujyo must be d: x)');
    expect(await snapshot(sb.db, c1.neId)).toBe(before);
    expect(await checkStockConsistency(sb.db, c1.neId)).toEqual([]);
  });
});
