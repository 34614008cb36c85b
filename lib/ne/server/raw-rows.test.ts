import { describe, expect, it } from "vitest";
import { RAW_ROWS_MIN_BYTES, scanRows, scanRowsText, splitRawRows } from "./raw-rows";

const PAD = "x".repeat(RAW_ROWS_MIN_BYTES);

function rowsOf(n: number): Record<string, string | null>[] {
  return Array.from({ length: n }, (_, i) => ({
    receive_order_id: String(i + 1),
    receive_order_purchaser_name: "山田 太郎",
    receive_order_note: i % 3 === 0 ? null : `備考 "引用" \\ 改行\n${i}`,
  }));
}

function answer(data: unknown, extra: Record<string, unknown> = {}): Buffer {
  return Buffer.from(JSON.stringify({ result: "success", count: "3", data, access_token: "AT", refresh_token: "RT", ...extra }));
}

/** What the split stands for: the head with the rows put back. */
function rejoin(split: NonNullable<ReturnType<typeof splitRawRows>>): unknown {
  const head = JSON.parse(split.head) as Record<string, unknown>;
  expect(head.data).toEqual([]);
  return { ...head, data: JSON.parse(split.rows.toString("utf8")) };
}

describe("splitRawRows", () => {
  it("splits an answer into its envelope and the rows' exact bytes", () => {
    const body = answer(rowsOf(40));
    const split = splitRawRows(body);
    expect(split).not.toBeNull();
    expect(split!.rowCount).toBe(40);
    expect(rejoin(split!)).toEqual(JSON.parse(body.toString()));
    expect(JSON.parse(split!.head)).toMatchObject({ access_token: "AT", count: "3" });
    expect(split!.head.length).toBeLessThan(200);
  });

  it("reads whitespace, escapes, empty rows and empty arrays as JSON does", () => {
    const text = ` \n{ "result" : "success" ,\t"message" : [ {"a":"}]\\"{["} ] , "data" : [ { } , {"k" : "\\u3042\\ud83d\\ude00\\/\\b\\f\\r\\t" , "n" : null } ] , "pad" : "${PAD}" } \r\n`;
    const split = splitRawRows(Buffer.from(text));
    expect(split).not.toBeNull();
    expect(split!.rowCount).toBe(2);
    expect(rejoin(split!)).toEqual(JSON.parse(text));
    const none = splitRawRows(Buffer.from(`{"data":[],"pad":"${PAD}"}`));
    expect(none?.rowCount).toBe(0);
  });

  it.each([
    ["a number to normalize", [{ a: 1 }]],
    ["a boolean to normalize", [{ a: true }]],
    ["a nested value", [{ a: { b: "c" } }]],
    ["a row that is not an object", ["row"]],
    ["a token key", [{ access_token: "x" }]],
    ["a token key in capitals", [{ ReFreSh_TOKEN_x: "x" }]],
    ["a token key among others", [{ a: "1", b: "2" }, { a: "1", my_token: "2" }]],
  ])("leaves rows with %s to the ordinary path", (_name, data) => {
    expect(splitRawRows(answer(data, { pad: PAD }))).toBeNull();
  });

  it.each([
    ["an escaped row key", `{"data":[{"tok\\u0065n":"x"}],"pad":"${PAD}"}`],
    ["an escaped top-level key", `{"d\\u0061ta":[{"a":"x"}],"pad":"${PAD}"}`],
    ["two data keys", `{"data":[{"a":"x"}],"data":[{"access_token":"x"}],"pad":"${PAD}"}`],
    ["data that is not an array", `{"data":{"a":"x"},"pad":"${PAD}"}`],
    ["no data", `{"result":"success","pad":"${PAD}"}`],
    ["a control character in a value", `{"data":[{"a":"x\ny"}],"pad":"${PAD}"}`],
    ["a bad escape", `{"data":[{"a":"x\\qy"}],"pad":"${PAD}"}`],
    ["a short \\u escape", `{"data":[{"a":"x\\u12"}],"pad":"${PAD}"}`],
    ["a missing comma between rows", `{"data":[{"a":"x"}{"a":"y"}],"pad":"${PAD}"}`],
    ["a trailing comma", `{"data":[{"a":"x"},],"pad":"${PAD}"}`],
    ["a bare word for null", `{"data":[{"a":nul}],"pad":"${PAD}"}`],
    ["text after the envelope", `{"data":[{"a":"x"}],"pad":"${PAD}"} extra`],
    ["a truncated answer", `{"data":[{"a":"x"}],"pad":"${PAD}`],
    ["an array at the top", `[{"data":[{"a":"x"}],"pad":"${PAD}"}]`],
  ])("answers null for %s", (_name, text) => {
    expect(splitRawRows(Buffer.from(text))).toBeNull();
  });

  it("answers null for bytes that are not UTF-8, and for small answers", () => {
    const body = answer(rowsOf(40));
    const broken = Buffer.concat([body.subarray(0, 60), Buffer.from([0xff, 0xfe]), body.subarray(60)]);
    expect(splitRawRows(broken)).toBeNull();
    expect(splitRawRows(answer(rowsOf(1)))).toBeNull();
  });

  it("never passes on what the ordinary path would change, whatever the bytes (fuzzed)", () => {
    // Seeded, so a failure repeats.
    let seed = 20261122;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = ['"', "\\", "{", "}", "[", "]", ",", ":", " ", "\n", "1", "null", "true", "token", "data", "\\u0041", "あ", "\u0001", "\\n"];
    let split = 0;
    for (let round = 0; round < 3000; round++) {
      const base = answer(rowsOf(30), { message: [{ a: "b" }], pad: PAD }).toString();
      // Damage the answer in one to three places.
      let text = base;
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        const at = Math.floor(random() * text.length);
        const cut = Math.floor(random() * 3);
        text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + text.slice(at + cut);
      }
      const bytes = Buffer.from(text);
      const result = splitRawRows(bytes);
      if (!result) continue;
      // The rows must be clean JSON whatever else is wrong.
      expect(Array.isArray(JSON.parse(result.rows.toString()))).toBe(true);
      let head: unknown;
      try {
        head = JSON.parse(result.head);
      } catch {
        // A broken head sends the caller to read the whole answer, which fails the same way.
        expect(() => JSON.parse(text)).toThrow();
        continue;
      }
      // A head that parses means the answer parses, to the same thing.
      const original: unknown = JSON.parse(text);
      split++;
      expect({ ...(head as object), data: JSON.parse(result.rows.toString()) }).toEqual(original);
      const rows = (original as { data: Record<string, unknown>[] }).data;
      expect(rows).toHaveLength(result.rowCount);
      for (const row of rows) {
        for (const [key, value] of Object.entries(row)) {
          expect(key).not.toMatch(/token/i);
          expect(value === null || typeof value === "string").toBe(true);
        }
      }
    }
    // Most damage lands in the padding or a value and still splits; some of it must.
    expect(split).toBeGreaterThan(300);
  });

  it("reads rows alike with the row pattern and with the byte loop, whatever the bytes (fuzzed)", () => {
    let seed = 20261124;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const pieces = ['"', "\\", "{", "}", "[", "]", ",", ":", " ", "\n", "\t", "1", "null", "nul", "data", "\\u0041", "\\u00", "\\q", "あ", "\u0001", "\\n", "{}", "[]", '""'];
    let agreedRows = 0;
    for (let round = 0; round < 4000; round++) {
      let text = `{"result":"success","data":${JSON.stringify(rowsOf(8), null, round % 2 ? 1 : undefined)},"pad":"x"}`;
      for (let k = 1 + Math.floor(random() * 3); k > 0; k--) {
        const from = text.indexOf('"data":') + 8;
        const at = from + Math.floor(random() * (text.length - from));
        text = text.slice(0, at) + pieces[Math.floor(random() * pieces.length)] + text.slice(at + Math.floor(random() * 3));
      }
      const bytes = Buffer.from(text);
      const at = bytes.indexOf('"data":[') + 7;
      if (at < 7) continue;
      const byLoop = scanRows(bytes, at);
      expect(scanRowsText(bytes.toString("latin1"), at)).toEqual(byLoop);
      if (byLoop) agreedRows++;
    }
    // Both verdicts are met: some damage leaves the rows valid, most does not.
    expect(agreedRows).toBeGreaterThan(200);
    expect(agreedRows).toBeLessThan(3800);
  });

  it("checks keys for a token with the byte loop when the rows mention one: a value may, a key may not", () => {
    const mentioned = answer([{ note: "the token is not a key", a: "1" }], { pad: PAD });
    expect(splitRawRows(mentioned)?.rowCount).toBe(1);
    expect(splitRawRows(answer([{ note: "x", Token: "1" }], { pad: PAD }))).toBeNull();
    expect(splitRawRows(answer([{ note: "x" }, { a: "1", my_tOkEn: "1" }], { pad: PAD }))).toBeNull();
  });
});
