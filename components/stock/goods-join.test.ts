import { afterEach, describe, expect, it, vi } from "vitest";
import { MAX_LIST_VALUES } from "@/lib/ne/registry/types";
import { goodsJoinQuery, pageCodes, type GoodsJoin } from "./goods-join";
import { namesOf, thumbnailsOf } from "./goods-join-fetch";

afterEach(() => vi.unstubAllGlobals());

type Sent = { path: string; body: { conditions: { field: string; op: string; value: string[] }[] } };

function stubBff(answer: (sent: Sent) => unknown): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal("fetch", async (url: string, init: RequestInit) => {
    const call = { path: String(url).replace("/api/ne", ""), body: JSON.parse(String(init.body)) as Sent["body"] };
    sent.push(call);
    const body = answer(call);
    return new Response(JSON.stringify(body), { status: body === "fail" ? 500 : 200, headers: { "content-type": "application/json" } });
  });
  return sent;
}

describe("the stock grids' goods join", () => {
  it("takes each code of a page once, sorted, so the same page is the same query", () => {
    const rows = [{ c: "B" }, { c: "A" }, { c: "B" }, { c: null }, { c: "" }];
    expect(pageCodes(rows, "c")).toEqual(["A", "B"]);
    expect(goodsJoinQuery("c")([{ c: null }])).toBeNull();
    expect(goodsJoinQuery("c")(rows)?.queryKey).toEqual(goodsJoinQuery("c")([...rows].reverse())?.queryKey);
  });

  it("names by code, and each goods' first image by display order, deleted and unusable ones left out", () => {
    expect(namesOf([{ goods_id: "A", goods_name: "Aの名前" }, { goods_id: "B", goods_name: null }])).toEqual({ A: "Aの名前" });
    const images = thumbnailsOf([
      { goods_image_goods_id: "A", goods_image_display_order: "2", goods_image_url_https: "https://img.test/a2.jpg", goods_image_alt: "a2" },
      { goods_image_goods_id: "A", goods_image_display_order: "1", goods_image_url_https: "https://img.test/a1.jpg", goods_image_alt: "" , goods_image_file_name: "a1.jpg" },
      { goods_image_goods_id: "A", goods_image_display_order: "0", goods_image_url_https: "https://img.test/a0.jpg", goods_image_deleted_flag: "1" },
      { goods_image_goods_id: "B", goods_image_display_order: "1", goods_image_url_https: "javascript:alert(1)" },
    ]);
    expect(images).toEqual({ A: { src: "https://img.test/a1.jpg", alt: "a1.jpg" } });
  });

  it("asks one goods search and one image search for a page, with the page's codes in one `in`", async () => {
    const sent = stubBff((call) => ({
      rows: call.path.includes("goodsimage")
        ? [{ goods_image_goods_id: "A", goods_image_display_order: "1", goods_image_url_https: "https://img.test/a.jpg" }]
        : [{ goods_id: "A", goods_name: "名前A" }],
      count: 1,
    }));
    const query = goodsJoinQuery("stock_goods_id")([{ stock_goods_id: "A" }, { stock_goods_id: "B" }]);
    const join = (await query?.queryFn({ signal: new AbortController().signal })) as GoodsJoin;
    expect(sent.map((s) => s.path).sort()).toEqual(["/api_v1_master_goods/search", "/api_v1_master_goodsimage/search"]);
    expect(sent.find((s) => s.path === "/api_v1_master_goods/search")?.body.conditions).toEqual([{ field: "goods_id", op: "in", value: ["A", "B"] }]);
    expect(join).toEqual({ names: { A: "名前A" }, images: { A: { src: "https://img.test/a.jpg", alt: "" } } });
  });

  it("asks in chunks of the API's most `in` values for a bigger page", async () => {
    const sent = stubBff(() => ({ rows: [], count: 0 }));
    const rows = Array.from({ length: MAX_LIST_VALUES + 5 }, (_, i) => ({ c: `G${String(i).padStart(5, "0")}` }));
    await goodsJoinQuery("c")(rows)?.queryFn({ signal: new AbortController().signal });
    const goodsCalls = sent.filter((s) => s.path === "/api_v1_master_goods/search");
    expect(goodsCalls.map((s) => s.body.conditions[0]?.value.length)).toEqual([MAX_LIST_VALUES, 5]);
  });

  it("keeps the names when the image search fails, and fails when the goods search does", async () => {
    stubBff((call) => (call.path.includes("goodsimage") ? "fail" : { rows: [{ goods_id: "A", goods_name: "名前A" }], count: 1 }));
    const query = goodsJoinQuery("c")([{ c: "A" }]);
    expect(await query?.queryFn({ signal: new AbortController().signal })).toEqual({ names: { A: "名前A" }, images: null });
    stubBff((call) => (call.path.includes("goodsimage") ? { rows: [], count: 0 } : "fail"));
    await expect(goodsJoinQuery("c")([{ c: "A" }])?.queryFn({ signal: new AbortController().signal })).rejects.toBeDefined();
  });
});
