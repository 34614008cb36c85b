// The data generator: every table resource filled in both companies, the spec's statuses and
// limits covered, amounts that add up, stock consistent with the orders, the same rows for the
// same seed, and the seam of sandbox/seed.ts (prepareDatabase with data "generate") working.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { classificationValues, GOODS_IMAGE_MAX_BYTES, GOODS_IMAGE_MAX_PIXELS, GOODS_IMAGE_STATUS, ORDER_STATUS } from "../../lib/ne/registry";
import { SANDBOX_COMPANIES } from "../accounts";
import { openPglite, type SandboxDb } from "../db";
import { defaultRegistry, RegistryIndex } from "../registry";
import { COMPANY_COLUMN, ensureSchema, tableName } from "../schema";
import { prepareDatabase, seedAccounts } from "../seed";
import { checkStockConsistency } from "./consistency";
import { generate, type GenerateResult } from "./index";

const registry = new RegistryIndex(defaultRegistry());
const [c1, c2] = SANDBOX_COMPANIES;
const NOW = Date.UTC(2026, 0, 15, 3, 0, 0); // 2026-01-15 12:00:00 JST

async function freshDb(): Promise<SandboxDb> {
  const db = await openPglite("memory");
  await ensureSchema(db, registry);
  await seedAccounts(db, registry);
  return db;
}

async function scalar(db: SandboxDb, sql: string, params: (string | number)[] = []): Promise<number> {
  const rows = await db.query<{ n: string | number }>(sql, params);
  return Number(rows[0]?.n ?? 0);
}

describe("generated data (prepareDatabase → generate)", () => {
  let db: SandboxDb;
  beforeAll(async () => {
    db = await openPglite("memory");
    const prepared = await prepareDatabase(db, registry, { data: "generate", orders: 1500, seed: 7 });
    expect(prepared.seeded).toBe("generate");
  });
  afterAll(async () => {
    await db?.close();
  });

  it("fills every table resource in both companies, company 2 smaller, the upload queue empty", async () => {
    for (const r of registry.tableResources()) {
      const counts = await db.query<{ company: string; n: string }>(
        `SELECT ${COMPANY_COLUMN} AS company, count(*)::text AS n FROM "${tableName(r.key)}" GROUP BY 1`,
      );
      const n1 = Number(counts.find((x) => x.company === c1.neId)?.n ?? 0);
      const n2 = Number(counts.find((x) => x.company === c2.neId)?.n ?? 0);
      if (r.key === "systemQue") {
        expect(n1 + n2, r.key).toBe(0);
        continue;
      }
      expect(n1, `${r.key} company 1`).toBeGreaterThan(0);
      expect(n2, `${r.key} company 2`).toBeGreaterThan(0);
      if (["receiveOrder", "receiveOrderRow", "goods", "stock", "goodsImage", "setGoods", "wholesale", "shop"].includes(r.key)) {
        expect(n2, `${r.key}: company 2 smaller`).toBeLessThan(n1);
      }
    }
    expect(await scalar(db, `SELECT count(*) AS n FROM ne_receive_order`)).toBe(1500);
    expect(await scalar(db, `SELECT count(*) AS n FROM ne_goods WHERE company_ne_id = $1`, [c1.neId])).toBe(2000);
  });

  it("order statuses cover all of spec 3.1 in each company, with names; cancelled orders exist", async () => {
    for (const company of [c1, c2]) {
      const rows = await db.query<{ id: string; name: string }>(
        `SELECT DISTINCT receive_order_order_status_id AS id, receive_order_order_status_name AS name FROM ne_receive_order WHERE company_ne_id = $1`,
        [company.neId],
      );
      expect(rows.map((r) => r.id).sort()).toEqual(ORDER_STATUS.map((s) => s.value).sort());
      for (const r of rows) expect(r.name).toBe(ORDER_STATUS.find((s) => s.value === r.id)?.label.ja);
      expect(await scalar(db, `SELECT count(*) AS n FROM ne_receive_order WHERE company_ne_id = $1 AND receive_order_cancel_type_id <> '0'`, [company.neId])).toBeGreaterThan(0);
    }
  });

  it("orders fall in the last 90 days, rows 1 to 5 a slip, on several shops and malls", async () => {
    const span = await db.query<{ lo: string; hi: string; days: string }>(
      `SELECT min(receive_order_date)::text AS lo, max(receive_order_date)::text AS hi,
              extract(day FROM max(receive_order_date) - min(receive_order_date))::text AS days FROM ne_receive_order`,
    );
    expect(Number(span[0]?.days)).toBeGreaterThanOrEqual(85);
    expect(Number(span[0]?.days)).toBeLessThanOrEqual(90);
    const perSlip = await db.query<{ lo: string; hi: string }>(
      `SELECT min(n)::text AS lo, max(n)::text AS hi FROM (SELECT count(*) AS n FROM ne_receive_order_row GROUP BY company_ne_id, receive_order_row_receive_order_id) x`,
    );
    expect(Number(perSlip[0]?.lo)).toBe(1);
    expect(Number(perSlip[0]?.hi)).toBeLessThanOrEqual(5);
    expect(await scalar(db, `SELECT count(DISTINCT receive_order_shop_id) AS n FROM ne_receive_order WHERE company_ne_id = $1`, [c1.neId])).toBeGreaterThanOrEqual(5);
    expect(await scalar(db, `SELECT count(DISTINCT shop_mall_id) AS n FROM ne_shop WHERE company_ne_id = $1`, [c1.neId])).toBeGreaterThanOrEqual(5);
    // Every slip has rows and every row a slip.
    expect(await scalar(db, `SELECT count(*) AS n FROM ne_receive_order o WHERE NOT EXISTS (SELECT 1 FROM ne_receive_order_row r WHERE r.company_ne_id = o.company_ne_id AND r.receive_order_row_receive_order_id = o.receive_order_id)`)).toBe(0);
  });

  it("amounts add up: total = goods + tax + charge + fee + other − points; goods = Σ valid rows; sub total = unit × ratio/10 × quantity", async () => {
    expect(
      await scalar(db, `SELECT count(*) AS n FROM ne_receive_order WHERE receive_order_total_amount <> receive_order_goods_amount + receive_order_tax_amount + receive_order_charge_amount + receive_order_delivery_fee_amount + receive_order_other_amount - receive_order_point_amount OR receive_order_total_amount < 0`),
    ).toBe(0);
    expect(
      await scalar(db, `SELECT count(*) AS n FROM ne_receive_order o JOIN (SELECT company_ne_id, receive_order_row_receive_order_id AS id, sum(receive_order_row_sub_total_price) FILTER (WHERE receive_order_row_cancel_flag = '0') AS s FROM ne_receive_order_row GROUP BY 1, 2) r ON r.company_ne_id = o.company_ne_id AND r.id = o.receive_order_id WHERE COALESCE(r.s, 0) <> o.receive_order_goods_amount`),
    ).toBe(0);
    expect(
      await scalar(db, `SELECT count(*) AS n FROM ne_receive_order_row WHERE receive_order_row_sub_total_price <> floor(receive_order_row_unit_price * receive_order_row_wholesale_retail_ratio * receive_order_row_quantity / 10)`),
    ).toBe(0);
  });

  it("people and places look Japanese: kana, prefectures, postal codes, phone numbers, mail addresses", async () => {
    const rows = await db.query<Record<string, string | null>>(
      `SELECT receive_order_purchaser_name, receive_order_purchaser_kana, receive_order_purchaser_zip_code, receive_order_purchaser_address1, receive_order_purchaser_tel, receive_order_purchaser_mail_address, receive_order_consignee_name
       FROM ne_receive_order WHERE company_ne_id = $1 AND receive_order_customer_type_id = '0' LIMIT 200`,
      [c1.neId],
    );
    expect(rows.length).toBe(200);
    for (const r of rows) {
      expect(r.receive_order_purchaser_kana).toMatch(/^[ァ-ヶー]+ [ァ-ヶー]+$/);
      expect(r.receive_order_purchaser_zip_code).toMatch(/^\d{3}-\d{4}$/);
      expect(r.receive_order_purchaser_address1).toMatch(/^(北海道|東京都|(京都|大阪)府|.{2,3}県)/);
      expect(r.receive_order_purchaser_tel).toMatch(/^0\d{1,4}-\d{1,4}-\d{4}$/);
      expect(r.receive_order_purchaser_tel?.replace(/-/g, "")).toMatch(/^\d{10,11}$/);
      expect(r.receive_order_purchaser_mail_address).toMatch(/^[a-z0-9._-]+@[a-z0-9.-]+$/);
      expect(r.receive_order_consignee_name).toBeTruthy();
    }
    expect(await scalar(db, `SELECT count(DISTINCT substring(receive_order_purchaser_address1 from '^(北海道|東京都|京都府|大阪府|..県|...県)')) AS n FROM ne_receive_order`)).toBeGreaterThan(30);
  });

  it("grouping tags have colors and the slips' tags name them", async () => {
    const tags = await db.query<{ name: string; color: string; str: string }>(
      `SELECT grouping_tag_name AS name, grouping_tag_color AS color, grouping_tag_str_color AS str FROM ne_receive_order_grouping_tag WHERE company_ne_id = $1`,
      [c1.neId],
    );
    expect(tags.length).toBeGreaterThanOrEqual(5);
    for (const t of tags) {
      expect(t.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(t.str).toMatch(/^#[0-9a-f]{6}$/);
    }
    const used = await db.query<{ tag: string }>(`SELECT DISTINCT receive_order_gruoping_tag AS tag FROM ne_receive_order WHERE company_ne_id = $1 AND receive_order_gruoping_tag IS NOT NULL`, [c1.neId]);
    expect(used.length).toBeGreaterThan(0);
    const names = new Set(tags.map((t) => t.name));
    for (const { tag } of used) for (const m of tag.matchAll(/\[([^\]]+)\]/g)) expect(names.has(m[1] ?? "")).toBe(true);
  });

  it("goods images cover every status of spec 3.2 within the size limits", async () => {
    for (const company of [c1, c2]) {
      const statuses = await db.query<{ s: string }>(`SELECT DISTINCT goods_image_status::text AS s FROM ne_goods_image WHERE company_ne_id = $1`, [company.neId]);
      expect(statuses.map((r) => r.s).sort()).toEqual(GOODS_IMAGE_STATUS.map((s) => s.value).sort());
    }
    expect(
      await scalar(db, `SELECT count(*) AS n FROM ne_goods_image WHERE goods_image_size IS NULL OR goods_image_size > $1 OR goods_image_size <= 0 OR goods_image_width > $2 OR goods_image_height > $2 OR goods_image_width <= 0 OR goods_image_height <= 0`, [GOODS_IMAGE_MAX_BYTES, GOODS_IMAGE_MAX_PIXELS]),
    ).toBe(0);
    // convert_flg 1 exactly for the non-JPEG files.
    expect(await scalar(db, `SELECT count(*) AS n FROM ne_goods_image WHERE (goods_image_convert_flg = 1) <> (goods_image_file_name NOT LIKE '%.jpg')`)).toBe(0);
  });

  it("classification lists carry the spec's values; 47 payment classifications", async () => {
    const lists: [keyof typeof classificationValues, string, string][] = [
      ["paymentMethod", "ne_payment_method", "payment_method"],
      ["creditType", "ne_credit_type", "credit_type"],
      ["returnedReason", "ne_returned_reason", "returned_reason"],
      ["orderStatus", "ne_order_status", "order_status"],
      ["socialInsurance", "ne_social_insurance", "social_insurance"],
      ["forwardingMethod", "ne_forwarding_method", "forwarding_method"],
      ["merchandise", "ne_merchandise", "merchandise"],
      ["goodsType", "ne_goods_type", "goods_type"],
    ];
    for (const [key, table, stem] of lists) {
      for (const company of [c1, c2]) {
        const rows = await db.query<{ id: string; name: string }>(`SELECT ${stem}_id AS id, ${stem}_name AS name FROM ${table} WHERE company_ne_id = $1 ORDER BY sb_row`, [company.neId]);
        expect(rows, key).toEqual(classificationValues[key].map((v) => ({ id: v.id, name: v.ja })));
      }
    }
    expect(classificationValues.paymentMethod.length).toBe(47);
  });

  it("warehouses: three in company 1, warehouse 1 named 基本拠点 in both", async () => {
    const w = await db.query<{ company: string; id: string; name: string }>(`SELECT company_ne_id AS company, warehouse_id::text AS id, warehouse_name AS name FROM ne_warehouse ORDER BY 1, 2`);
    expect(w.filter((x) => x.company === c1.neId).length).toBe(3);
    expect(w.filter((x) => x.id === "1").map((x) => x.name)).toEqual(["基本拠点", "基本拠点"]);
  });

  it("stock is consistent with warehouses and active order rows, never negative", async () => {
    for (const company of [c1, c2]) expect(await checkStockConsistency(db, company.neId)).toEqual([]);
    // Some goods are waiting for stock (shortage), some allocation exists.
    expect(await scalar(db, `SELECT count(*) AS n FROM ne_stock WHERE stock_out_quantity > 0`)).toBeGreaterThan(0);
    expect(await scalar(db, `SELECT sum(stock_allocation_quantity) AS n FROM ne_stock`)).toBeGreaterThan(0);
  });

  it("audit fields are filled; date-times are JST and never after the generation time", async () => {
    expect(await scalar(db, `SELECT count(*) AS n FROM ne_receive_order WHERE receive_order_creation_date IS NULL OR receive_order_creator_name IS NULL OR receive_order_last_modified_null_safe_date IS NULL OR receive_order_last_modified_by_null_safe_name IS NULL`)).toBe(0);
    expect(await scalar(db, `SELECT count(*) AS n FROM ne_goods WHERE goods_creation_date IS NULL OR goods_last_modified_null_safe_date IS NULL`)).toBe(0);
    const max = await db.query<{ m: string }>(`SELECT to_char(max(GREATEST(receive_order_date, receive_order_import_date, receive_order_last_modified_date, receive_order_send_date)), 'YYYY-MM-DD HH24:MI:SS') AS m FROM ne_receive_order`);
    expect(new Date(`${max[0]?.m.replace(" ", "T")}+09:00`).getTime()).toBeLessThanOrEqual(Date.now());
  });
});

describe("determinism", () => {
  async function dump(db: SandboxDb): Promise<string> {
    const parts: string[] = [];
    for (const r of registry.tableResources()) {
      const rows = await db.query<Record<string, unknown>>(`SELECT * FROM "${tableName(r.key)}" ORDER BY sb_row`);
      parts.push(`${r.key}:${JSON.stringify(rows)}`);
    }
    return parts.join("\n");
  }

  async function run(seed: number): Promise<{ dump: string; result: GenerateResult }> {
    const db = await freshDb();
    try {
      const result = await generate(db, { seed, orders: 300, nowMs: NOW, registry });
      return { dump: await dump(db), result };
    } finally {
      await db.close();
    }
  }

  let a: { dump: string; result: GenerateResult };
  let b: { dump: string; result: GenerateResult };
  let c: { dump: string; result: GenerateResult };
  beforeAll(async () => {
    a = await run(42);
    b = await run(42);
    c = await run(43);
  });

  it("the same seed gives the same rows; another seed other rows", () => {
    expect(a.result.companies.map((x) => x.rows)).toEqual(b.result.companies.map((x) => x.rows));
    expect(a.dump.length).toBeGreaterThan(100_000);
    expect(a.dump === b.dump).toBe(true);
    expect(a.dump === c.dump).toBe(false);
  });
});
