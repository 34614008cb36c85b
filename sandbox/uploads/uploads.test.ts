// Uploads through the sandbox's HTTP API: goods master and warehouse stock files in UTF-8 (with
// and without BOM) and Shift_JIS, as csv and gz; the queue job goes 0 → 1 → 2, or -1 with a
// message naming the line, column and reason; a bad file changes nothing; stock stays consistent.
import { gzipSync } from "node:zlib";
import iconv from "iconv-lite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_COMPANIES } from "../accounts";
import { checkStockConsistency } from "../generate/consistency";
import type { RunningSandbox } from "../server";
import { call, login, startTestSandbox, type Tokens } from "../test-support";
import { processNextJob } from "./index";
import { queRow, snapshot, upload, waitForJob } from "./test-helpers";

const [c1] = SANDBOX_COMPANIES;
const WS = "/api_v1_warehouse_stock/upload";
const GOODS = "/api_v1_master_goods/upload";
const HEADER = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";

const utf8 = (text: string) => Buffer.from(text, "utf8");
const utf8Bom = (text: string) => Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(text, "utf8")]);
const sjis = (text: string) => iconv.encode(text, "cp932");

let sb: RunningSandbox;
let tokens: Tokens;

interface WsRow {
  g: string;
  q: number;
  a: number;
}

async function wsRows(where: string, params: (string | number)[] = []): Promise<WsRow[]> {
  const rows = await sb.db.query<{ g: string; q: string; a: string }>(
    `SELECT warehouse_stock_goods_id AS g, warehouse_stock_quantity::text AS q, warehouse_stock_allocation_quantity::text AS a
     FROM ne_warehouse_stock WHERE company_ne_id = $1 AND ${where} ORDER BY warehouse_stock_goods_id`,
    [c1.neId, ...params],
  );
  return rows.map((r) => ({ g: r.g, q: Number(r.q), a: Number(r.a) }));
}

async function ws(warehouseId: number, goodsId: string): Promise<WsRow | undefined> {
  return (await wsRows(`warehouse_stock_warehouse_id = $2 AND warehouse_stock_goods_id = $3`, [warehouseId, goodsId]))[0];
}

async function stockOf(goodsId: string): Promise<{ q: number; a: number; f: number; goodsQ: number }> {
  const rows = await sb.db.query<{ q: string; a: string; f: string; gq: string }>(
    `SELECT s.stock_quantity::text AS q, s.stock_allocation_quantity::text AS a, s.stock_free_quantity::text AS f, g.stock_quantity::text AS gq
     FROM ne_stock s JOIN ne_goods g ON g.company_ne_id = s.company_ne_id AND g.goods_id = s.stock_goods_id
     WHERE s.company_ne_id = $1 AND s.stock_goods_id = $2`,
    [c1.neId, goodsId],
  );
  const r = rows[0];
  if (!r) throw new Error(`no stock for ${goodsId}`);
  return { q: Number(r.q), a: Number(r.a), f: Number(r.f), goodsQ: Number(r.gq) };
}

async function send(path: string, data: Uint8Array, dataType = "csv") {
  const answer = await upload(sb.url, tokens, path, data, dataType);
  expect(answer.result, JSON.stringify(answer)).toBe("success");
  expect(answer.que_id).toMatch(/^\d+$/);
  return waitForJob(sb.url, tokens, answer.que_id as string);
}

async function expectDone(path: string, data: Uint8Array, dataType = "csv") {
  const job = await send(path, data, dataType);
  expect(job.que_message).toBeNull();
  expect(job.que_status_id).toBe("2");
  return job;
}

beforeAll(async () => {
  sb = await startTestSandbox({ data: "generate", orders: 400, seed: 11 });
  tokens = await login(sb.url);
});
afterAll(async () => {
  await sb?.close();
});

describe("warehouse stock upload: applied", () => {
  it("UTF-8 without BOM, csv: kasan_su adds to the warehouse and goods stock follows", async () => {
    const [target] = await wsRows(`warehouse_stock_warehouse_id = 1 AND warehouse_stock_allocation_quantity > 0`);
    if (!target) throw new Error("no allocated goods in the generated data");
    const before = await stockOf(target.g);
    const job = await expectDone(WS, utf8(`${HEADER}\n基本拠点,${target.g},7,,入荷,,\n`));
    expect(job.que_method_name).toBe("倉庫在庫一括更新");
    expect((await ws(1, target.g))?.q).toBe(target.q + 7);
    const after = await stockOf(target.g);
    expect(after).toEqual({ q: before.q + 7, a: before.a, f: before.f + 7, goodsQ: before.q + 7 });
  });

  it("UTF-8 with BOM and CRLF, csv: gensan_su subtracts free stock", async () => {
    const [target] = await wsRows(`warehouse_stock_warehouse_id = 1 AND warehouse_stock_quantity - warehouse_stock_allocation_quantity >= 2`);
    if (!target) throw new Error("no goods with free stock");
    await expectDone(WS, utf8Bom(`${HEADER}\r\n基本拠点,${target.g},,2,棚卸,,\r\n`));
    expect((await ws(1, target.g))?.q).toBe(target.q - 2);
  });

  it("Shift_JIS, csv: kyoten_syohin_himoduke links without stock, then Shift_JIS gz: kasan_su and sakujyo", async () => {
    const goods = await sb.db.query<{ g: string }>(
      `SELECT goods_id AS g FROM ne_goods g WHERE company_ne_id = $1 AND NOT EXISTS (SELECT 1 FROM ne_warehouse_stock w WHERE w.company_ne_id = g.company_ne_id AND w.warehouse_stock_goods_id = g.goods_id AND w.warehouse_stock_warehouse_id = 3) ORDER BY goods_id LIMIT 2`,
      [c1.neId],
    );
    const [a, b] = goods.map((r) => r.g);
    if (!a || !b) throw new Error("no goods outside warehouse 3");
    const before = await stockOf(a);
    await expectDone(WS, sjis(`${HEADER}\n西日本物流センター,${a},,,,a,\n`));
    expect(await ws(3, a)).toEqual({ g: a, q: 0, a: 0 });
    expect(await stockOf(a)).toEqual(before);
    // gz of Shift_JIS: add to the new link, link and add another goods, then unlink the first.
    const text = `${HEADER}\n西日本物流センター,${a},3,,入荷,,\n西日本物流センター,${b},4,,入荷,,\n西日本物流センター,${a},,3,移動,,\n西日本物流センター,${a},,,,,d\n`;
    await expectDone(WS, gzipSync(sjis(text)), "gz");
    expect(await ws(3, a)).toBeUndefined();
    expect((await ws(3, b))?.q).toBe(4);
    expect(await stockOf(a)).toEqual(before);
  });

  it("columns may come in any order and optional ones may be left out; quoted cells are read", async () => {
    const [target] = await wsRows(`warehouse_stock_warehouse_id = 2`);
    if (!target) throw new Error("no goods at warehouse 2");
    await expectDone(WS, gzipSync(utf8Bom(`syohin_code,kasan_su,kyoten_mei\n"${target.g}","1","東日本物流センター"\n`)), "gz");
    expect((await ws(2, target.g))?.q).toBe(target.q + 1);
  });
});

describe("goods upload: applied", () => {
  it("UTF-8 csv: creates goods with stock at 基本拠点, tags and an image waiting for download", async () => {
    const csv = [
      "syohin_code,syohin_name,baika_tnk,genka_tnk,syohin_kbn,tag,zaiko_su,jan_code,image_url_http,image_alt",
      'NEW-TEA-001,"新茶 八十八夜摘み 100g, 限定",1620,700,0,[新商品][季節限定],12,4900000000015,https://img.example.jp/new-tea-001.jpg,新茶',
      "NEW-TEA-002,玉露 50g,2160,900,10,,0,,,",
    ].join("\n");
    await expectDone(GOODS, utf8(`${csv}\n`));
    const goods = await sb.db.query<Record<string, string | null>>(
      `SELECT goods_id, goods_name, goods_selling_price::text AS price, goods_type_id, goods_type_name, goods_tag, goods_creator_name, stock_quantity::text AS sq FROM ne_goods WHERE company_ne_id = $1 AND goods_id LIKE 'NEW-TEA-%' ORDER BY goods_id`,
      [c1.neId],
    );
    expect(goods).toEqual([
      { goods_id: "NEW-TEA-001", goods_name: "新茶 八十八夜摘み 100g, 限定", price: "1620", goods_type_id: "0", goods_type_name: "通常商品", goods_tag: "[新商品][季節限定]", goods_creator_name: "佐藤 花子", sq: "12" },
      { goods_id: "NEW-TEA-002", goods_name: "玉露 50g", price: "2160", goods_type_id: "10", goods_type_name: "予約商品", goods_tag: null, goods_creator_name: "佐藤 花子", sq: "0" },
    ]);
    expect(await ws(1, "NEW-TEA-001")).toEqual({ g: "NEW-TEA-001", q: 12, a: 0 });
    expect(await stockOf("NEW-TEA-001")).toEqual({ q: 12, a: 0, f: 12, goodsQ: 12 });
    const tags = await sb.db.query<{ n: string }>(`SELECT goods_tag_name AS n FROM ne_goods_tag WHERE company_ne_id = $1 AND goods_tag_goods_id = 'NEW-TEA-001' ORDER BY 1`, [c1.neId]);
    expect(tags.map((t) => t.n)).toEqual(["季節限定", "新商品"]);
    const images = await sb.db.query<Record<string, string | null>>(
      `SELECT goods_image_status::text AS status, goods_image_url_https AS url, goods_image_alt AS alt FROM ne_goods_image WHERE company_ne_id = $1 AND goods_image_goods_id = 'NEW-TEA-001'`,
      [c1.neId],
    );
    expect(images).toEqual([{ status: "0", url: "https://img.example.jp/new-tea-001.jpg", alt: "新茶" }]);
  });

  it("Shift_JIS gz: updates by syohin_code; empty cells leave fields as they are; zaiko_su sets the stock", async () => {
    const [target] = await wsRows(`warehouse_stock_warehouse_id = 1 AND warehouse_stock_allocation_quantity > 0`);
    if (!target) throw new Error("no allocated goods");
    const before = await sb.db.query<{ name: string; cost: string }>(`SELECT goods_name AS name, goods_cost_price::text AS cost FROM ne_goods WHERE company_ne_id = $1 AND goods_id = $2`, [c1.neId, target.g]);
    const stock = await stockOf(target.g);
    const total = stock.q + 5;
    await expectDone(GOODS, gzipSync(sjis(`syohin_code,syohin_name,genka_tnk,baika_tnk,zaiko_su\r\n${target.g},,,9800,${total}\r\n`)), "gz");
    const after = await sb.db.query<{ name: string; cost: string; price: string; modifier: string }>(
      `SELECT goods_name AS name, goods_cost_price::text AS cost, goods_selling_price::text AS price, goods_last_modified_by_name AS modifier FROM ne_goods WHERE company_ne_id = $1 AND goods_id = $2`,
      [c1.neId, target.g],
    );
    expect(after[0]).toEqual({ name: before[0]?.name, cost: before[0]?.cost, price: "9800", modifier: "佐藤 花子" });
    expect(await stockOf(target.g)).toEqual({ q: total, a: stock.a, f: stock.f + 5, goodsQ: total });
    expect((await ws(1, target.g))?.q).toBe(target.q + 5);
  });

  it("the same image URL again updates its alt text; hasou_houhou_kbn sets the delivery method and its name", async () => {
    await expectDone(GOODS, utf8("syohin_code,image_url_http,image_alt,hasou_houhou_kbn\nNEW-TEA-001,http://img.example.jp/new-tea-001.jpg,新茶 八十八夜,4\n"));
    const images = await sb.db.query<Record<string, string | null>>(
      `SELECT goods_image_alt AS alt, goods_image_last_modified_by_name AS modifier FROM ne_goods_image WHERE company_ne_id = $1 AND goods_image_goods_id = 'NEW-TEA-001'`,
      [c1.neId],
    );
    expect(images).toEqual([{ alt: "新茶 八十八夜", modifier: "佐藤 花子" }]);
    const goods = await sb.db.query<Record<string, string | null>>(`SELECT goods_delivery_id AS id, goods_delivery_name AS name FROM ne_goods WHERE company_ne_id = $1 AND goods_id = 'NEW-TEA-001'`, [c1.neId]);
    expect(goods).toEqual([{ id: "4", name: "ネコポス" }]);
  });

  it("goods upload of the sample's full header is accepted", async () => {
    const header = "syohin_code,sire_code,jan_code,maker_name,maker_kana,maker_jyusyo,maker_yubin_bangou,kataban,hs_code,iro,syohin_name,gaikoku_syohin_name,invoice_commodity_name,syohin_kbn,toriatukai_kbn,genka_tnk,hyoji_tnk,baika_tnk,gaikoku_baika_tnk,kake_ritu,omosa,haba,okuyuki,takasa,yusou_kbn,syohin_status_kbn,hatubai_bi,zaiko_teisu,hachu_ten,lot,keisai_tantou,keisai_bi,bikou,daihyo_syohin_code,visible_flg,mail_tag,tag,location,mail_send_flg,mail_send_num,gift_ok_flg,size,org_select1,org_select2,org_select3,org_select4,org_select5,org_select6,org_select7,org_select8,org_select9,org_select10,org1,org2,org3,org4,org5,org6,org7,org8,org9,org10,org11,org12,org13,org14,org15,org16,org17,org18,org19,org20,maker_kataban,zaiko_threshold,orosi_threshold,hasou_houhou_kbn,hasoumoto_code,zaiko_su,yoyaku_zaiko_su,nyusyukko_riyu,hit_syohin_alert_quantity,nouki_kbn,nouki_sitei_bi,syohin_setumei_html,syohin_setumei_text,spec_html,spec_text,chui_jiko_html,chui_jiko_text,syohin_jyotai_kbn,syohin_jyotai_setumei,category_code_auc,category_text,image_url_http,image_alt";
    const cells = header.split(",").map(() => "");
    const set = (name: string, value: string) => {
      cells[header.split(",").indexOf(name)] = value;
    };
    set("syohin_code", "FULL-001");
    set("syohin_name", "全項目テスト商品");
    set("hatubai_bi", "2025/04/01");
    set("yusou_kbn", "1");
    set("visible_flg", "0");
    set("syohin_jyotai_kbn", "10");
    set("zaiko_su", "3");
    set("yoyaku_zaiko_su", "2");
    await expectDone(GOODS, utf8Bom(`${header}\n${cells.join(",")}\n`));
    const rows = await sb.db.query<Record<string, string | null>>(
      `SELECT to_char(goods_release_date, 'YYYY-MM-DD HH24:MI:SS') AS release, goods_forwarding_method_name AS fm, goods_visible_flag AS visible, goods_condition_id AS cond FROM ne_goods WHERE company_ne_id = $1 AND goods_id = 'FULL-001'`,
      [c1.neId],
    );
    expect(rows).toEqual([{ release: "2025-04-01 00:00:00", fm: "冷蔵", visible: "0", cond: "10" }]);
    const stock = await sb.db.query<Record<string, string>>(`SELECT stock_quantity::text AS q, stock_advance_order_quantity::text AS aq, stock_advance_order_free_quantity::text AS af FROM ne_stock WHERE company_ne_id = $1 AND stock_goods_id = 'FULL-001'`, [c1.neId]);
    expect(stock).toEqual([{ q: "3", aq: "2", af: "2" }]);
  });
});

describe("bad uploads: the job fails with the exact message and nothing changes", () => {
  let free: WsRow;
  let allocated: WsRow;
  beforeAll(async () => {
    const f = (await wsRows(`warehouse_stock_warehouse_id = 1 AND warehouse_stock_allocation_quantity = 0 AND warehouse_stock_quantity > 0`))[0];
    const a = (await wsRows(`warehouse_stock_warehouse_id = 1 AND warehouse_stock_allocation_quantity > 0`))[0];
    if (!f || !a) throw new Error("test data missing");
    free = f;
    allocated = a;
  });

  async function expectRejected(path: string, data: Uint8Array, message: string, dataType = "csv") {
    const before = await snapshot(sb.db, c1.neId);
    const job = await send(path, data, dataType);
    expect(job.que_status_id).toBe("-1");
    expect(job.que_message).toBe(message);
    expect(await snapshot(sb.db, c1.neId)).toBe(before);
  }

  const ok = () => `基本拠点,${free.g},1,,入荷,,`;

  it("1. unknown header column", async () => {
    await expectRejected(WS, utf8(`kyoten_mei,syohin_code,kasan_su,zaiko\n基本拠点,${free.g},1,2\n`), '1行目 4列目[zaiko]: 知らない列名です: zaiko (line 1, column 4 "zaiko": unknown column name: zaiko)');
  });

  it("2. missing syohin_code column (goods)", async () => {
    await expectRejected(GOODS, utf8("syohin_name,baika_tnk\n商品,100\n"), "1行目: 必須の列がありません: syohin_code (line 1: required column missing: syohin_code)");
  });

  it("3. two operations in one line (after a good line: all or nothing)", async () => {
    await expectRejected(
      WS,
      utf8(`${HEADER}\n${ok()}\n基本拠点,${free.g},5,3,,,\n`),
      '3行目 4列目[gensan_su]: kasan_su と gensan_su は同じ行に指定できません（1行に1つの操作） (line 3, column 4 "gensan_su": kasan_su and gensan_su cannot be combined in one line (one operation a line))',
    );
  });

  it("4. no operation in a line", async () => {
    await expectRejected(
      WS,
      utf8(`${HEADER}\n${ok()}\n基本拠点,${free.g},,,入荷,,\n`),
      "3行目: kasan_su・gensan_su・kyoten_syohin_himoduke・kyoten_syohin_sakujyo のいずれか1つを指定してください (line 3: give exactly one of kasan_su, gensan_su, kyoten_syohin_himoduke, kyoten_syohin_sakujyo)",
    );
  });

  it("5. kasan_su not a number (Shift_JIS)", async () => {
    await expectRejected(WS, sjis(`${HEADER}\n基本拠点,${free.g},abc,,,,\n`), '2行目 3列目[kasan_su]: 数値ではありません: abc (line 2, column 3 "kasan_su": not a number: abc)');
  });

  it("6. negative number", async () => {
    await expectRejected(WS, utf8(`${HEADER}\n基本拠点,${free.g},-3,,,,\n`), '2行目 3列目[kasan_su]: 負の数は指定できません: -3 (line 2, column 3 "kasan_su": negative numbers are not allowed: -3)');
  });

  it("7. unknown warehouse name", async () => {
    await expectRejected(WS, utf8Bom(`${HEADER}\n${ok()}\n東京倉庫,${free.g},1,,,,\n`), '3行目 1列目[kyoten_mei]: 倉庫が存在しません: 東京倉庫 (line 3, column 1 "kyoten_mei": no such warehouse: 東京倉庫)');
  });

  it("8. unknown goods code", async () => {
    await expectRejected(WS, utf8(`${HEADER}\n基本拠点,NO-SUCH-GOODS,1,,,,\n`), '2行目 2列目[syohin_code]: 商品が存在しません: NO-SUCH-GOODS (line 2, column 2 "syohin_code": no such goods: NO-SUCH-GOODS)');
  });

  it("9. delete while allocated", async () => {
    await expectRejected(
      WS,
      utf8(`${HEADER}\n基本拠点,${allocated.g},,,,,d\n`),
      `2行目 7列目[kyoten_syohin_sakujyo]: 引当数が0ではないため削除できません（引当数 ${allocated.a}） (line 2, column 7 "kyoten_syohin_sakujyo": cannot delete: ${allocated.a} allocated)`,
    );
  });

  it("10. subtract below zero", async () => {
    const n = free.q + 1;
    await expectRejected(
      WS,
      utf8(`${HEADER}\n基本拠点,${free.g},,${n},,,\n`),
      `2行目 4列目[gensan_su]: 在庫数がマイナスになります（在庫数 ${free.q}、減算 ${n}） (line 2, column 4 "gensan_su": stock would go below zero (quantity ${free.q}, subtract ${n}))`,
    );
  });

  it("11. subtract allocated stock (free would go negative)", async () => {
    const n = allocated.q - allocated.a + 1;
    await expectRejected(
      WS,
      utf8(`${HEADER}\n基本拠点,${allocated.g},,${n},,,\n`),
      `2行目 4列目[gensan_su]: 引当済みの在庫は減算できません（在庫数 ${allocated.q}、引当数 ${allocated.a}、減算 ${n}） (line 2, column 4 "gensan_su": cannot subtract allocated stock (quantity ${allocated.q}, allocated ${allocated.a}, subtract ${n}))`,
    );
  });

  it("12. 3001 data lines", async () => {
    const lines = Array.from({ length: 3001 }, () => ok());
    await expectRejected(WS, utf8(`${HEADER}\n${lines.join("\n")}\n`), "3002行目: データ行は3000行までです（この行が3001行目のデータ、全3001行） (line 3002: at most 3000 data lines (this is data line 3001 of 3001))", "csv");
  });

  it("13. empty file: refused at the call when data is empty; a job fails when the gz holds nothing", async () => {
    const answer = await upload(sb.url, tokens, WS, new Uint8Array(0));
    expect(answer.result).toBe("error");
    expect(answer.message).toBe("data が指定されていません (data is missing)");
    await expectRejected(WS, gzipSync(Buffer.alloc(0)), "ファイルが空です (the file is empty)", "gz");
    await expectRejected(WS, utf8Bom("\r\n\r\n"), "ファイルが空です (the file is empty)");
  });

  it("14. header only", async () => {
    await expectRejected(WS, utf8(`${HEADER}\n`), "ヘッダー行の後にデータ行がありません (no data lines after the header)");
  });

  it("15. bad gzip: corrupt, not gzip at all, and gzip sent as csv", async () => {
    const good = gzipSync(utf8(`${HEADER}\n${ok()}\n`));
    await expectRejected(WS, good.subarray(0, good.length - 12), "gzip データを展開できません（壊れているか途中で切れています） (cannot decompress the gzip data (corrupt or truncated): Z_BUF_ERROR)", "gz");
    await expectRejected(WS, utf8(`${HEADER}\n${ok()}\n`), "gzip 形式のデータではありません (the data is not gzip (data_type gz))", "gz");
    await expectRejected(WS, good, "data_type が csv ですが、データが gzip 圧縮されています (data_type is csv but the data is gzip-compressed)", "csv");
  });

  it("16. invalid UTF-8 in a file with BOM", async () => {
    const data = Buffer.concat([utf8Bom(`${HEADER}\n${ok()}\n基本拠点,`), Buffer.from([0xe6, 0x97]), utf8(",1,,,,\n")]);
    const at = data.indexOf(Buffer.from([0xe6, 0x97])) + 1;
    await expectRejected(WS, data, `3行目: UTF-8（BOM付き）として正しくないバイト列があります (line 3: invalid UTF-8 bytes in a file marked UTF-8 (BOM) at byte ${at})`);
  });

  it("17. bytes that are neither UTF-8 nor Shift_JIS", async () => {
    const data = Buffer.concat([sjis(`${HEADER}\n${ok()}\n基本拠点,`), Buffer.from([0xff, 0xfe]), utf8(",1,,,,\n")]);
    const at = data.indexOf(Buffer.from([0xff, 0xfe])) + 1;
    await expectRejected(WS, data, `3行目: 文字コードを判別できません（UTF-8 としても Shift_JIS としても読めないバイトがあります） (line 3: cannot tell the encoding: bytes that are neither UTF-8 nor Shift_JIS at byte ${at})`);
  });

  it("18. wrong column count on a line", async () => {
    await expectRejected(WS, utf8(`${HEADER}\n${ok()}\n基本拠点,${free.g},1,,,,,x\n`), "3行目 8列目: 列の数がヘッダーと違います（ヘッダー7列、この行8列） (line 3, column 8: 8 columns where the header has 7)");
    await expectRejected(WS, utf8(`${HEADER}\n基本拠点,${free.g},1\n`), '2行目 4列目[gensan_su]: 列の数がヘッダーと違います（ヘッダー7列、この行3列） (line 2, column 4 "gensan_su": 3 columns where the header has 7)');
  });

  it("19. quote not closed", async () => {
    await expectRejected(WS, utf8(`${HEADER}\n${ok()}\n基本拠点,"${free.g},1,,,,\n`), '3行目 2列目: 引用符（"）が閉じられていません (line 3, column 2: a quoted field is not closed (missing "))');
  });

  it("20. data_type other than csv and gz is refused at the call", async () => {
    const before = await snapshot(sb.db, c1.neId);
    const answer = await upload(sb.url, tokens, WS, utf8(`${HEADER}\n${ok()}\n`), "zip");
    expect(answer.result).toBe("error");
    expect(answer.code).toBe("003901");
    expect(answer.message).toBe("data_type は csv か gz です (data_type must be csv or gz): zip");
    expect(answer.que_id).toBeUndefined();
    expect(await snapshot(sb.db, c1.neId)).toBe(before);
  });

  it("21. goods price not a number", async () => {
    await expectRejected(GOODS, utf8(`syohin_code,syohin_name,baika_tnk\n${free.g},名前,1.2a\n`), '2行目 3列目[baika_tnk]: 数値ではありません: 1.2a (line 2, column 3 "baika_tnk": not a number: 1.2a)');
  });

  it("22. duplicate syohin_code in one file", async () => {
    await expectRejected(
      GOODS,
      sjis(`syohin_code,baika_tnk\n${free.g},100\n${free.g},200\n`),
      `3行目 1列目[syohin_code]: syohin_code が重複しています（2行目と同じ）: ${free.g} (line 3, column 1 "syohin_code": duplicate syohin_code (same as line 2): ${free.g})`,
    );
  });

  it("23. a new goods without syohin_name", async () => {
    await expectRejected(GOODS, utf8("syohin_code,syohin_name,baika_tnk\nBRAND-NEW-9,,500\n"), '2行目 2列目[syohin_name]: 新しい商品（BRAND-NEW-9）には商品名（syohin_name）が必要です (line 2, column 2 "syohin_name": a new goods (BRAND-NEW-9) needs syohin_name)');
  });

  it("24. zaiko_su below what is allocated", async () => {
    const stock = await stockOf(allocated.g);
    const others = stock.q - allocated.q;
    const floor = others + allocated.a;
    await expectRejected(
      GOODS,
      utf8(`syohin_code,zaiko_su\n${allocated.g},${floor - 1}\n`),
      `2行目 2列目[zaiko_su]: 在庫数は引当数と他の倉庫の在庫数の合計（${floor}）以上にしてください: ${floor - 1} (line 2, column 2 "zaiko_su": zaiko_su must be at least ${floor} (allocated at warehouse 1 plus the stock of the other warehouses): ${floor - 1})`,
    );
  });

  it("25. a goods code with full-width characters; a choice out of its list", async () => {
    await expectRejected(GOODS, utf8("syohin_code,syohin_name\n商品ＡＢＣ,名前\n"), '2行目 1列目[syohin_code]: 商品コードは半角英数字・記号の50文字以内で指定してください: 商品ＡＢＣ (line 2, column 1 "syohin_code": a goods code is at most 50 half-width letters, digits or symbols: 商品ＡＢＣ)');
    await expectRejected(GOODS, utf8(`syohin_code,syohin_kbn\n${free.g},5\n`), '2行目 2列目[syohin_kbn]: 指定できる値は 0, 10, 20 です: 5 (line 2, column 2 "syohin_kbn": allowed values are 0, 10, 20: 5)');
  });

  it("26. kyoten_syohin_himoduke other than a; a duplicate header column", async () => {
    await expectRejected(WS, utf8(`${HEADER}\n基本拠点,${free.g},,,,x,\n`), '2行目 6列目[kyoten_syohin_himoduke]: kyoten_syohin_himoduke には a を指定してください: x (line 2, column 6 "kyoten_syohin_himoduke": kyoten_syohin_himoduke must be a: x)');
    await expectRejected(WS, utf8(`kyoten_mei,syohin_code,kasan_su,kasan_su\n基本拠点,${free.g},1,1\n`), '1行目 4列目[kasan_su]: 列名が重複しています（3列目と同じ） (line 1, column 4 "kasan_su": duplicate column name (same as column 3))');
  });

  it("27. several bad lines: each is named, one per line of the message", async () => {
    await expectRejected(
      WS,
      utf8(`${HEADER}\n基本拠点,${free.g},x,,,,\n${ok()}\n基本拠点,NOPE-1,1,,,,\n`),
      [
        '2行目 3列目[kasan_su]: 数値ではありません: x (line 2, column 3 "kasan_su": not a number: x)',
        '4行目 2列目[syohin_code]: 商品が存在しません: NOPE-1 (line 4, column 2 "syohin_code": no such goods: NOPE-1)',
      ].join("\n"),
    );
  });
});

describe("after the uploads", () => {
  it("stock is still consistent with warehouses and order rows", async () => {
    expect(await checkStockConsistency(sb.db, c1.neId)).toEqual([]);
  });

  it("count operations still agree with the tables (rows inserted and deleted by uploads)", async () => {
    const pairs: [string, string][] = [
      ["/api_v1_master_goods/count", "ne_goods"],
      ["/api_v1_master_stock/count", "ne_stock"],
      ["/api_v1_warehouse_stock/count", "ne_warehouse_stock"],
      ["/api_v1_master_goodstag/count", "ne_goods_tag"],
      ["/api_v1_master_goodsimage/count", "ne_goods_image"],
    ];
    for (const [path, tableName] of pairs) {
      const answer = await call(sb.url, path, { ...tokens });
      const rows = await sb.db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${tableName} WHERE company_ne_id = $1`, [c1.neId]);
      expect(answer.count, path).toBe(rows[0]?.n);
    }
  });

  it("wait_flag=1: the call answers once its job is processed, done or failed", async () => {
    const [target] = await wsRows(`warehouse_stock_warehouse_id = 1`);
    if (!target) throw new Error("no warehouse stock in the generated data");
    const good = await upload(sb.url, tokens, WS, utf8(`${HEADER}\n基本拠点,${target.g},1,,入荷,,\n`), "csv", { wait_flag: "1" });
    expect(good.result, JSON.stringify(good)).toBe("success");
    expect((await queRow(sb.url, tokens, good.que_id as string)).que_status_id).toBe("2");
    const bad = await upload(sb.url, tokens, WS, utf8(`${HEADER}\nどこにもない倉庫,${target.g},1,,入荷,,\n`), "csv", { wait_flag: "1" });
    const failed = await queRow(sb.url, tokens, bad.que_id as string);
    expect(failed.que_status_id).toBe("-1");
    expect(failed.que_message).toMatch(/^2行目 .*kyoten_mei.*line 2/);
    const refused = await upload(sb.url, tokens, WS, utf8(`${HEADER}\n基本拠点,${target.g},1,,入荷,,\n`), "csv", { wait_flag: "2" });
    expect(refused).toMatchObject({ result: "error", code: "003901" });
  });

  it("the que search lists the jobs with their statuses", async () => {
    const answer = await call(sb.url, "/api_v1_system_que/count", { ...tokens, "que_status_id-eq": "-1" });
    expect(Number(answer.count)).toBeGreaterThanOrEqual(20);
  });
});

describe("job statuses 0 → 1 → 2 (worker driven by the test)", () => {
  let own: RunningSandbox;
  let ownTokens: Tokens;
  beforeAll(async () => {
    own = await startTestSandbox({ queueWorker: false });
    ownTokens = await login(own.url);
  });
  afterAll(async () => {
    await own?.close();
  });

  it("waits at 0, is 1 while processed, ends at 2", async () => {
    const answer = await upload(own.url, ownTokens, WS, utf8(`${HEADER}\n基本拠点,MUG-001,2,,入荷,,\n`));
    const queId = answer.que_id as string;
    expect((await queRow(own.url, ownTokens, queId)).que_status_id).toBe("0");
    const seen: string[] = [];
    const outcome = await processNextJob(own.db, own.clock, own.registry, {
      onProcessing: async () => {
        seen.push((await queRow(own.url, ownTokens, queId)).que_status_id);
      },
    });
    expect(outcome?.status).toBe(2);
    expect(seen).toEqual(["1"]);
    expect((await queRow(own.url, ownTokens, queId)).que_status_id).toBe("2");
    expect(await processNextJob(own.db, own.clock, own.registry)).toBeUndefined();
  });

  it("wait_flag=1 holds the answer while the job waits, and gives it when the job is processed", async () => {
    let answered = false;
    const pending = upload(own.url, ownTokens, WS, utf8(`${HEADER}\n基本拠点,MUG-001,1,,入荷,,\n`), "csv", { wait_flag: "1" }).then((a) => {
      answered = true;
      return a;
    });
    // The job is queued (the que row exists) while the call is still open. Asked with a pair of
    // its own: the open call holds ownTokens (a second call with them would be refused, 003902).
    const watcher = await login(own.url);
    let queued: string | undefined;
    for (let i = 0; i < 200 && !queued; i++) {
      const waiting = await call(own.url, "/api_v1_system_que/search", { ...watcher, fields: "que_id,que_status_id", "que_status_id-eq": "0" });
      queued = waiting.data?.[0]?.que_id ?? undefined;
      if (!queued) await new Promise((r) => setTimeout(r, 20));
    }
    expect(queued).toBeDefined();
    await new Promise((r) => setTimeout(r, 600)); // more than one poll of the waiting call
    expect(answered).toBe(false);
    expect((await processNextJob(own.db, own.clock, own.registry))?.status).toBe(2);
    const answer = await pending;
    expect(answer).toMatchObject({ result: "success", que_id: queued });
  });
});

describe("wait_flag=1 with no worker to process the job", () => {
  let own: RunningSandbox;
  let ownTokens: Tokens;
  beforeAll(async () => {
    own = await startTestSandbox({ queueWorker: false, uploadWaitMs: 400 });
    ownTokens = await login(own.url);
  });
  afterAll(async () => {
    await own?.close();
  });

  it("answers the que id after the longest wait, with the job still waiting", async () => {
    const started = Date.now();
    const answer = await upload(own.url, ownTokens, WS, utf8(`${HEADER}\n基本拠点,MUG-001,1,,入荷,,\n`), "csv", { wait_flag: "1" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(answer.result).toBe("success");
    expect((await queRow(own.url, ownTokens, answer.que_id as string)).que_status_id).toBe("0");
  });
});
