import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { parseUrlEncoded, percentDecode, readRequestParams, RequestParams } from "./request-params";

describe("request parameters", () => {
  it("keeps the bytes of percent-encoded Shift_JIS data and reads text as UTF-8", () => {
    const sjis = iconv.encode("拠点名,商品コード\n基本拠点,A-1\n", "Shift_JIS");
    const encoded = [...sjis].map((b) => `%${b.toString(16).toUpperCase().padStart(2, "0")}`).join("");
    const params = new RequestParams();
    parseUrlEncoded(Buffer.from(`data=${encoded}&fields=a,+b&name=%E5%95%86%E5%93%81&empty=&flag`), params);
    expect(params.file("data")?.data.equals(sjis)).toBe(true);
    expect(params.get("fields")).toBe("a, b");
    expect(params.get("name")).toBe("商品");
    expect(params.get("empty")).toBe("");
    expect(params.get("flag")).toBe("");
    expect([...params.keys()]).toEqual(["data", "fields", "name", "empty", "flag"]);
  });

  it("leaves malformed escapes as they are", () => {
    expect(percentDecode(Buffer.from("100%+x%2")).toString()).toBe("100% x%2");
  });

  it("reads multipart bodies with file names, and the query string", async () => {
    const form = new FormData();
    form.set("data_type", "csv");
    form.set("data", new Blob([Buffer.from("a,b\n1,2\n")]), "stock.csv");
    const request = new Request("http://x/api_v1_warehouse_stock/upload?access_token=t", { method: "POST", body: form });
    const params = await readRequestParams(request);
    expect(params.get("access_token")).toBe("t");
    expect(params.get("data_type")).toBe("csv");
    expect(params.file("data")).toEqual({ data: Buffer.from("a,b\n1,2\n"), fileName: "stock.csv" });
  });
});
