import { describe, expect, it } from "vitest";
import iconv from "iconv-lite";
import { gzipSync } from "node:zlib";
import { encodeRequest, percentEncodeBytes, type NeCondition } from "./encode";
import { NeError } from "./errors";
import { decodeForm, decodeFormBytes } from "./server/test-upstream";

const ascii = (bytes: Uint8Array) => Buffer.from(bytes).toString("latin1");

function expectInvalid(run: () => unknown, pattern: RegExp) {
  let caught: unknown;
  try {
    run();
  } catch (err) {
    caught = err;
  }
  expect(caught).toBeInstanceOf(NeError);
  const err = caught as NeError;
  expect(err.kind).toBe("invalid-request");
  expect(err.code).toBe("invalid-request");
  expect(err.retryable).toBe(false);
  expect(err.message).toMatch(pattern);
}

describe("percentEncodeBytes", () => {
  it("keeps only letters, digits and *-._, writes space as +, everything else as %XX", () => {
    const all = Uint8Array.from({ length: 256 }, (_, i) => i);
    const encoded = percentEncodeBytes(all);
    expect(encoded).toMatch(/^[A-Za-z0-9*\-._+%]+$/);
    expect(percentEncodeBytes(Buffer.from("a b+c&d=e%f/g~h"))).toBe("a+b%2Bc%26d%3De%25f%2Fg%7Eh");
    expect(percentEncodeBytes(Uint8Array.of(0x00, 0x7f, 0x80, 0xff))).toBe("%00%7F%80%FF");
    // Every byte value comes back as itself.
    const [pair] = decodeFormBytes(Buffer.from(`x=${encoded}`));
    expect(pair?.[1].equals(Buffer.from(all))).toBe(true);
  });
});

describe("encodeRequest", () => {
  it("encodes text exactly as percentEncodeBytes encodes its UTF-8 bytes, for every ASCII character and beyond", () => {
    const text = String.fromCharCode(...Array.from({ length: 128 }, (_, i) => i)) + "é日本語🍣 ~!'()*";
    const body = ascii(encodeRequest({ params: { note: text } }));
    expect(body).toBe(`note=${percentEncodeBytes(Buffer.from(text, "utf8"))}`);
    // And as a browser's form serializer would.
    expect(body).toBe(new URLSearchParams({ note: text }).toString());
    expect(decodeForm(Buffer.from(body, "latin1"))).toEqual([["note", text]]);
  });

  it("encodes tokens, wait_flag, fields, conditions, paging, extension id and params in order", () => {
    const body = encodeRequest(
      {
        waitFlag: true,
        fields: ["receive_order_id", "receive_order_shop_id", "receive_order_date"],
        conditions: [
          { field: "receive_order_shop_id", op: "eq", value: "1" },
          { field: "receive_order_purchaser_name", op: "like", value: "山田%" },
          { field: "receive_order_last_modified_date", op: "gt", value: "2024-03-01 09:30:00" },
          { field: "receive_order_order_status_id", op: "in", value: ["10", "20", "40"] },
          { field: "receive_order_id", op: "nin", value: "5,6" },
          { field: "receive_order_total_amount", op: "gte", value: 1000 },
          { field: "receive_order_note", op: "blank" },
          { field: "receive_order_cancel_date", op: "null", value: "ignored" },
        ],
        offset: 200,
        limit: 100,
        extensionExecutionId: "ext-1",
        params: { uid: "u 1", state: "s&t=ate" },
      },
      { accessToken: "acc+/=", refreshToken: "ref%" },
    );
    expect(decodeForm(body)).toEqual([
      ["access_token", "acc+/="],
      ["refresh_token", "ref%"],
      ["wait_flag", "1"],
      ["fields", "receive_order_id,receive_order_shop_id,receive_order_date"],
      ["receive_order_shop_id-eq", "1"],
      ["receive_order_purchaser_name-like", "山田%"],
      ["receive_order_last_modified_date-gt", "2024-03-01 09:30:00"],
      ["receive_order_order_status_id-in", "10,20,40"],
      ["receive_order_id-nin", "5,6"],
      ["receive_order_total_amount-gte", "1000"],
      ["receive_order_note-blank", ""],
      ["receive_order_cancel_date-null", ""],
      ["offset", "200"],
      ["limit", "100"],
      ["extension_execution_id", "ext-1"],
      ["uid", "u 1"],
      ["state", "s&t=ate"],
    ]);
    // The exact wire form of the tricky parts.
    const wire = ascii(body);
    expect(wire).toContain("access_token=acc%2B%2F%3D&refresh_token=ref%25&");
    expect(wire).toContain("receive_order_order_status_id-in=10%2C20%2C40&");
    expect(wire).toContain("receive_order_purchaser_name-like=%E5%B1%B1%E7%94%B0%25&");
    expect(wire).toContain("receive_order_last_modified_date-gt=2024-03-01+09%3A30%3A00&");
    expect(wire).toContain("receive_order_note-blank=&");
    // A standard decoder reads the same.
    const std = new URLSearchParams(wire);
    expect(std.get("receive_order_purchaser_name-like")).toBe("山田%");
    expect(std.get("state")).toBe("s&t=ate");
  });

  it("sends wait_flag=0, every valueless operator empty, and nothing that was not asked for", () => {
    const body = encodeRequest({
      waitFlag: false,
      fields: [],
      conditions: (["blank", "nblank", "null", "nnull"] as const).map((op) => ({ field: "goods_name", op })),
    });
    expect(ascii(body)).toBe("wait_flag=0&goods_name-blank=&goods_name-nblank=&goods_name-null=&goods_name-nnull=");
    expect(ascii(encodeRequest({}))).toBe("");
  });

  it("accepts every operator of the registry", () => {
    const ops = ["eq", "neq", "lt", "lte", "gt", "gte", "like", "nlike", "nlikeornull"] as const;
    const body = encodeRequest({ conditions: ops.map((op) => ({ field: "f", op, value: "v" })) });
    expect(decodeForm(body).map(([k]) => k)).toEqual(ops.map((op) => `f-${op}`));
  });

  it("accepts 1000 values for in and refuses 1001", () => {
    const values = Array.from({ length: 1000 }, (_, i) => `G${i}`);
    const [pair] = decodeForm(encodeRequest({ conditions: [{ field: "goods_id", op: "in", value: values }] }));
    expect(pair?.[1].split(",")).toHaveLength(1000);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "goods_id", op: "in", value: [...values, "x"] }] }), /at most 1000/);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "goods_id", op: "nin", value: [...values, "x"].join(",") }] }), /at most 1000/);
  });

  it("refuses list values that would be misread", () => {
    expectInvalid(() => encodeRequest({ conditions: [{ field: "goods_id", op: "in", value: ["a,b"] }] }), /comma/);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "goods_id", op: "in", value: [] }] }), /at least one/);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "goods_id", op: "in" }] }), /list/);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "goods_id", op: "eq", value: ["a"] }] }), /one value/);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "goods_id", op: "eq" }] }), /one value/);
  });

  it("refuses bad names, unknown operators, duplicates and overrides of its own parameters", () => {
    expectInvalid(() => encodeRequest({ fields: ["goods_id", "x&access_token=1"] }), /field name/);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "a-b", op: "eq", value: "1" }] }), /condition field name/);
    expectInvalid(() => encodeRequest({ conditions: [{ field: "a", op: "regex", value: "1" } as unknown as NeCondition] }), /unknown operator/);
    expectInvalid(
      () =>
        encodeRequest({
          conditions: [
            { field: "a", op: "eq", value: "1" },
            { field: "a", op: "eq", value: "2" },
          ],
        }),
      /given twice/,
    );
    expectInvalid(() => encodeRequest({ params: { access_token: "x" } }), /set by the client/);
    expectInvalid(() => encodeRequest({ params: { "goods_id-eq": "x" } }), /parameter name/);
    expectInvalid(() => encodeRequest({ params: { uid: 1 as unknown as string } }), /must be a string/);
    expectInvalid(() => encodeRequest({ params: { uid: "\uD800" } }), /well-formed/);
    expectInvalid(() => encodeRequest({}, { accessToken: "" }), /access token/);
  });

  it("checks offset and limit", () => {
    expect(ascii(encodeRequest({ offset: 0, limit: 10000 }))).toBe("offset=0&limit=10000");
    expectInvalid(() => encodeRequest({ limit: 0 }), /limit/);
    expectInvalid(() => encodeRequest({ limit: 10001 }), /limit/);
    expectInvalid(() => encodeRequest({ limit: 1.5 }), /limit/);
    expectInvalid(() => encodeRequest({ offset: -1 }), /offset/);
  });

  it("puts upload bytes in unchanged and checks data_type", () => {
    const sjis = iconv.encode("拠点名,商品コード,加算数\r\n表示ソ,A+B&C=D%,1\r\n", "Shift_JIS");
    const body = encodeRequest({ params: { data_type: "csv" }, data: sjis });
    const pairs = decodeFormBytes(body);
    expect(pairs.map(([k]) => k)).toEqual(["data_type", "data"]);
    expect(pairs[1]?.[1].equals(sjis)).toBe(true);

    const gz = gzipSync(sjis);
    const gzBody = encodeRequest({ params: { data_type: "gz" }, data: gz });
    expect(decodeFormBytes(gzBody)[1]?.[1].equals(gz)).toBe(true);

    expectInvalid(() => encodeRequest({ data: sjis }), /data_type/);
    expectInvalid(() => encodeRequest({ params: { data_type: "gz" }, data: sjis }), /not gzip/);
    expectInvalid(() => encodeRequest({ params: { data_type: "csv" }, data: "text" as unknown as Uint8Array }), /bytes/);
  });
});
