import { describe, expect, it } from "vitest";
import { messageText, parseEnvelope } from "./envelope";

function ok(json: unknown) {
  const parsed = parseEnvelope(json);
  if (!parsed.ok) throw new Error(`expected an envelope: ${parsed.issues}`);
  return parsed;
}

describe("parseEnvelope", () => {
  it("normalizes a search answer: count as string, values to string or null, tokens split off", () => {
    const { envelope, tokenFields } = ok({
      result: "success",
      count: "2",
      data: [
        { goods_id: "A-1", goods_name: "りんご", stock_quantity: 3, goods_visible_flag: true, goods_memo: null },
        { goods_id: "A-2", goods_name: "", stock_quantity: "0", goods_visible_flag: false, goods_memo: "x" },
      ],
      access_token: "AT",
      access_token_end_date: "2024-03-02 09:00:00",
      refresh_token: "RT",
      refresh_token_end_date: "2024-03-04 09:00:00",
    });
    expect(envelope).toEqual({
      result: "success",
      count: 2,
      data: [
        { goods_id: "A-1", goods_name: "りんご", stock_quantity: "3", goods_visible_flag: "1", goods_memo: null },
        { goods_id: "A-2", goods_name: "", stock_quantity: "0", goods_visible_flag: "0", goods_memo: "x" },
      ],
      extra: {},
    });
    expect(tokenFields).toEqual({
      accessToken: "AT",
      accessTokenEndDate: "2024-03-02 09:00:00",
      refreshToken: "RT",
      refreshTokenEndDate: "2024-03-04 09:00:00",
    });
  });

  it("reads count as a number too, and que_id", () => {
    expect(ok({ result: "success", count: 12345 }).envelope.count).toBe(12345);
    expect(ok({ result: "success", count: "0" }).envelope.count).toBe(0);
    expect(ok({ result: "success", que_id: "987" }).envelope.queId).toBe("987");
    expect(ok({ result: "success", que_id: 987 }).envelope.queId).toBe("987");
  });

  it("keeps /api_neauth's top-level fields", () => {
    const { envelope, tokenFields } = ok({
      result: "success",
      access_token: "AT",
      refresh_token: "RT",
      company_app_header: "hdr",
      company_ne_id: "NE123",
      company_name: "株式会社サンドボックス",
      uid: "u-1",
      pic_ne_id: "P1",
      pic_name: "山田 太郎",
    });
    expect(envelope.extra).toEqual({
      company_app_header: "hdr",
      company_ne_id: "NE123",
      company_name: "株式会社サンドボックス",
      uid: "u-1",
      pic_ne_id: "P1",
      pic_name: "山田 太郎",
    });
    expect(tokenFields).toEqual({ accessToken: "AT", refreshToken: "RT" });
  });

  it("reads an error with a string message", () => {
    const { envelope } = ok({ result: "error", code: "003002", message: "混み合っています" });
    expect(envelope).toMatchObject({ result: "error", code: "003002", message: "混み合っています", rawMessage: "混み合っています" });
  });

  it("reads an error with an array message, keeping the array", () => {
    const raw = [
      { field: "kasan_su", message: "数値ではありません" },
      { code: "E1", message: "行3: 倉庫がありません" },
      { line: 4, reason: "重複" },
      "plain",
    ];
    const { envelope } = ok({ result: "error", code: "003003", message: raw });
    expect(envelope.message).toBe("kasan_su: 数値ではありません\nE1: 行3: 倉庫がありません\nline: 4, reason: 重複\nplain");
    expect(envelope.rawMessage).toEqual([...raw.slice(0, 3), { message: "plain" }]);
  });

  it("reads a numeric code back to six digits, and redirect", () => {
    expect(ok({ result: "error", code: 2004 }).envelope.code).toBe("002004");
    expect(ok({ result: "redirect" }).envelope.result).toBe("redirect");
  });

  it("drops empty and null token fields", () => {
    expect(ok({ result: "success", access_token: "", refresh_token: null }).tokenFields).toEqual({});
  });

  it.each([
    ["no result", { count: 1 }],
    ["unknown result", { result: "ok" }],
    ["count not a number", { result: "success", count: "many" }],
    ["negative count", { result: "success", count: -1 }],
    ["data not an array", { result: "success", data: { a: "1" } }],
    ["nested value", { result: "success", data: [{ a: { b: 1 } }] }],
    ["message an object", { result: "error", code: "1", message: { a: 1 } }],
    ["not an object", ["result", "success"]],
    ["null", null],
  ])("refuses %s", (_name, json) => {
    expect(parseEnvelope(json).ok).toBe(false);
  });
});

describe("messageText", () => {
  it("joins items", () => {
    expect(messageText("x")).toBe("x");
    expect(messageText([{ message: "a" }, { message: "b", name: "n" }])).toBe("a\nn: b");
  });
});
