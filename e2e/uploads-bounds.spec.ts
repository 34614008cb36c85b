// Uploads are bounded by what they hold, not by what they send (issue 31, item 2). Against a
// dashboard of its own (`next start` on the build under test, bench/lib/upload-flood.ts) with
// the default upload settings: the issue's goods batches (3000 rows of `P<n>,"<5,400 double
// quotes>"`, ~50 kB gzipped, ~16 MB unzipped), sixteen at once from eight sessions, are checked
// two at a time (the server's log says how many ran at once) while its resident memory grows less
// than 300 MB; a batch unzipping past what its rows may hold is refused naming the bound; cells
// longer than the API keeps are refused with line and column; one session's parallel bodies are
// turned away before they are read; its calls are limited per minute.
//
// Timings (/api/health during the flood) are not asserted here, where the machine may be busy:
// `npm run bench uploads` measures them against the same run's idle baseline.
import { createHash } from "node:crypto";
import { expect, test } from "./fixtures";
import { batchBody, call, checkLines, createGoodsFile, flood, quotesBatchText, rssMb, signIn, startUploadStack, type UploadStack } from "../bench/lib/upload-flood";

const APP_PORT = Number(process.env.E2E_PORT ?? 3100) + 7;
const SANDBOX_PORT = APP_PORT + 1000;
/** Low enough that the story reaches it quickly; the default is 300. */
const CALLS_PER_MINUTE = 40;
const WAREHOUSE = "kyoten_mei,syohin_code,kasan_su,gensan_su,nyusyukko_riyu,kyoten_syohin_himoduke,kyoten_syohin_sakujyo";

let stack: UploadStack | undefined;

test.describe("uploads bounded by what they hold", () => {
  test.use({ user: null });

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    stack = await startUploadStack({ appPort: APP_PORT, sandboxPort: SANDBOX_PORT, env: { RATE_LIMIT_UPLOADS_PER_MINUTE: String(CALLS_PER_MINUTE) } });
  });

  test.afterAll(async () => {
    await stack?.stop();
  });

  test("sixteen of the issue's batches at once: checked two at a time, memory grows less than 300 MB", async () => {
    test.setTimeout(300_000);
    const s = stack as UploadStack;
    const texts = new Map<string, string>();
    const bodies = new Map<string, string>();
    const bodyOf = (session: number, index: number) => {
      const key = `${session}-${index}`;
      if (!bodies.has(key)) {
        const text = quotesBatchText(`P${session}x${index}`);
        texts.set(key, text);
        bodies.set(key, JSON.stringify(batchBody(text, 3000)));
      }
      return bodies.get(key) as string;
    };
    for (let session = 0; session < 8; session++) for (let index = 0; index < 2; index++) bodyOf(session, index);
    expect(Buffer.byteLength(texts.get("0-0") as string)).toBeGreaterThan(16_000_000);
    expect(Buffer.byteLength(bodies.get("0-0") as string)).toBeLessThan(200_000);
    // Making the batches held this process for seconds: let its connections' timers and the
    // server's closes of idle kept-alive ones be seen before a request is sent on one.
    await new Promise((r) => setTimeout(r, 200));
    const cookies = await signIn(s.app, 8);
    // Warm up (the routes, the database, a checking thread), so the flood measures the batches.
    const warm = await createGoodsFile(s.app, cookies[0] as string, 1, 1);
    expect((await call(s.app, cookies[0] as string, "PUT", `/api/uploads/${warm}/batches/0`, batchBody("syohin_code,bikou\r\nW-1,x", 1))).status).toBe(201);

    const outcome = await flood(s, cookies, 2, bodyOf);
    test.info().annotations.push({
      type: "measured",
      description: `rss ${Math.round(outcome.rssBeforeMb)} -> peak ${Math.round(outcome.rssPeakMb)} MB; health max ${Math.round(Math.max(...outcome.healthMs))} ms over ${outcome.healthMs.length} asks, ${outcome.healthFailures} failed; ${Math.round(outcome.elapsedMs)} ms in all`,
    });
    expect(outcome.statuses).toEqual(Array.from({ length: 16 }, () => 201));
    expect(outcome.rssPeakMb - outcome.rssBeforeMb).toBeLessThan(300);
    // The server's own account: every batch checked, never more than two at once, most waiting their turn.
    await expect.poll(() => checkLines(s.logFile).filter((l) => l.outcome === "ok").length, { message: "the checks' log lines", timeout: 10_000 }).toBeGreaterThanOrEqual(17);
    const lines = checkLines(s.logFile);
    expect(Math.max(...lines.map((l) => l.running))).toBe(2);
    expect(lines.filter((l) => l.waitedMs > 0).length).toBeGreaterThan(8);
    expect(rssMb(s.pid)).toBeGreaterThan(0);
  });

  test("a batch is unzipped only up to what its rows may hold, and cells past the API's maximum are refused with line and column", async () => {
    const s = stack as UploadStack;
    const [cookie] = await signIn(s.app, 1);
    const file = await createGoodsFile(s.app, cookie as string, 1, 1);
    // One row claimed, 2 MiB of text: the unzipping stops past a header and one goods row (1 MiB).
    const goodsBomb = `syohin_code,bikou\r\nG-1,${"x".repeat(2 * 1024 * 1024)}`;
    const tooLarge = await call(s.app, cookie as string, "PUT", `/api/uploads/${file}/batches/0`, batchBody(goodsBomb, 1));
    expect(tooLarge.status).toBe(422);
    expect(tooLarge.body.error?.code).toBe("batch-too-large");
    expect(tooLarge.body).toMatchObject({ maxBytes: 8 * 1024 + 1024 * 1024 + 2, rows: 1, maxRowBytes: 1024 * 1024 });
    expect(tooLarge.body.error?.message).toContain(String(8 * 1024 + 1024 * 1024 + 2));

    const created = await call(s.app, cookie as string, "POST", "/api/uploads", {
      kind: "warehouse-stock",
      fileName: "stock.csv",
      size: 1,
      sha256: createHash("sha256").update(`stock-${Date.now()}-${Math.random()}`).digest("hex"),
      encoding: "utf-8",
      rows: 3,
      excludedLines: [],
      warningsConfirmed: false,
      batchCount: 1,
      goodsCodes: [],
    });
    expect(created.status).toBe(201);
    const stock = created.body.id as string;
    const longRows = [WAREHOUSE, `基本拠点,${"A".repeat(51)},5,,,,`, `基本拠点,A-2,${"1".repeat(65)},,,,`, `基本拠点,A-3,5,,"${" ".repeat(2100)}",,`].join("\r\n");
    const refused = await call(s.app, cookie as string, "PUT", `/api/uploads/${stock}/batches/0`, batchBody(longRows, 3));
    expect(refused.status).toBe(422);
    expect(refused.body.error?.code).toBe("batch-problems");
    const problems = refused.body.problems as { line: number; column: string | null; code: string; value: string | null }[];
    expect(problems.map((p) => [p.line, p.column, p.code])).toEqual([
      [2, "syohin_code", "cell-too-long"],
      [3, "kasan_su", "cell-too-long"],
      [4, null, "row-too-long"],
    ]);
    for (const p of problems) expect((p.value ?? "").length).toBeLessThanOrEqual(201);
  });

  test("one session's parallel bodies are turned away before they are read, and its calls are limited per minute", async () => {
    const s = stack as UploadStack;
    const [cookie] = await signIn(s.app, 1);
    const file = await createGoodsFile(s.app, cookie as string, 16);
    // 16 bodies of ~8 MB each at once (the issue sent 64): at most two of one session are taken in.
    const eightMb = JSON.stringify({ firstLine: 2, lastLine: 3001, rows: 3000, sha256: "c".repeat(64), gzipBase64: Buffer.alloc(6 * 1024 * 1024 - 64, 7).toString("base64") });
    expect(eightMb.length).toBeGreaterThan(8_000_000);
    const before = rssMb(s.pid);
    const answers = await Promise.all(Array.from({ length: 16 }, (_, i) => call(s.app, cookie as string, "PUT", `/api/uploads/${file}/batches/${i}`, eightMb)));
    const after = rssMb(s.pid);
    const turnedAway = answers.filter((a) => a.status === 429 && a.body.error?.code === "batches-under-way");
    expect(turnedAway.length).toBeGreaterThanOrEqual(8);
    expect(turnedAway[0]?.retryAfter).toBe("1");
    // The others were read and refused as what they are (not gzip).
    expect(answers.filter((a) => a.status !== 429).every((a) => a.body.error?.code === "not-gzip")).toBe(true);
    expect(after - before).toBeLessThan(300);

    // The per-minute limit: a fresh session's calls until the first 429 (the window may roll over
    // once meanwhile, so within twice the limit one must come, and never before the limit).
    const [fresh] = await signIn(s.app, 1);
    let firstRefused = 0;
    let retryAfter: string | null = null;
    for (let n = 1; n <= 2 * CALLS_PER_MINUTE + 1; n++) {
      const answer = await call(s.app, fresh as string, "GET", "/api/uploads?limit=1");
      if (answer.status === 429) {
        firstRefused = n;
        retryAfter = answer.retryAfter;
        expect(answer.body.error?.code).toBe("rate-limited");
        break;
      }
      expect(answer.status).toBe(200);
    }
    expect(firstRefused).toBeGreaterThan(CALLS_PER_MINUTE);
    expect(Number(retryAfter)).toBeGreaterThanOrEqual(1);
  });
});
