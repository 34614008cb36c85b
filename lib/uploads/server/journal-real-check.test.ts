// The journal with the real reader (lib/csv): a stored batch is checked again on the server by the
// same rules the browser's Worker ran, so a page that skipped them cannot send a bad batch.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createJournal, type Journal } from "./journal";
import { OWNER, batchOf, createRequest, openTestDatabase, type TestDatabase } from "./test-support";

const HEADER = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";

describe("the journal's re-check with lib/csv", () => {
  let test: TestDatabase;
  let journal: Journal;
  beforeAll(async () => {
    test = await openTestDatabase("pglite");
    journal = createJournal({ database: test.database, staleSendingMs: 300_000 });
  });
  afterAll(() => test?.close());

  async function store(text: string, rows: number) {
    const created = await journal.createFile(OWNER, createRequest({ batchCount: 1, rows }));
    if (!created.ok) throw new Error(created.failure.code);
    return journal.storeBatch(OWNER, created.value.id, 0, batchOf(text, 2, { rows }));
  }

  it("stores a batch the rules accept", async () => {
    const text = `${HEADER}\r\n基本拠点,A-1,5,,入荷,,\r\n基本拠点,A-2,,2,出荷,,\r\n`;
    expect(await store(text, 2)).toMatchObject({ ok: true, status: 201 });
  });

  it("refuses a batch with two operations in a row, a signed quantity, or a short row, naming the line", async () => {
    const text = `${HEADER}\r\n基本拠点,A-1,5,2,,,\r\n基本拠点,A-2,-3,,,,\r\n基本拠点,A-3\r\n`;
    const refused = await store(text, 3);
    expect(refused).toMatchObject({ ok: false, failure: { status: 422, code: "batch-problems" } });
    if (refused.ok) return;
    const problems = refused.failure.extra?.problems as { line: number; code: string }[];
    expect(problems.map((p) => p.line)).toEqual(expect.arrayContaining([2, 3, 4]));
    expect(problems.find((p) => p.line === 2)?.code).toBe("several-operations");
  });

  it("refuses an unknown column in the header", async () => {
    const refused = await store(`${HEADER},zaiko_secret\r\n基本拠点,A-1,5,,,,,x\r\n`, 1);
    expect(refused).toMatchObject({ ok: false, failure: { status: 422 } });
  });
});
