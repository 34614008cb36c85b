// The sandbox's image host: goods image rows name the sandbox's own origin, and every address they
// name answers a deterministic picture of the row's declared size.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { imageSvg, servedImageUrl } from "./images";
import type { RunningSandbox } from "./server";
import { call, login, type Tokens, startTestSandbox } from "./test-support";

let sb: RunningSandbox;
let tokens: Tokens;
beforeAll(async () => {
  sb = await startTestSandbox();
  tokens = await login(sb.url);
});
afterAll(async () => {
  await sb?.close();
});

const FIELDS = "goods_image_id, goods_image_url_http, goods_image_url_https, goods_image_width, goods_image_height";

describe("servedImageUrl", () => {
  it("moves the placeholder host onto the sandbox's origin and leaves other addresses alone", () => {
    expect(servedImageUrl("https://img.sandbox.test/NE1/a_1.jpg", "http://127.0.0.1:4010", "NE0000000001")).toBe(
      "http://127.0.0.1:4010/images/NE0000000001/NE1/a_1.jpg",
    );
    expect(servedImageUrl("https://shop.example/a.jpg", "http://127.0.0.1:4010", "NE1")).toBe("https://shop.example/a.jpg");
    expect(servedImageUrl(null, "http://127.0.0.1:4010", "NE1")).toBeNull();
  });
});

describe("imageSvg", () => {
  it("is the same for the same image and declares its size", () => {
    const a = imageSvg({ id: 7, width: 600, height: 800, label: "a<b>.jpg" });
    expect(imageSvg({ id: 7, width: 600, height: 800, label: "a<b>.jpg" })).toBe(a);
    expect(a).toMatch(/^<svg [^>]*width="600" height="800"/);
    expect(a).not.toContain("<b>");
    expect(imageSvg({ id: 8, width: 600, height: 800, label: "a<b>.jpg" })).not.toBe(a);
  });
});

describe("GET /images/...", () => {
  it("answers every image a search lists, at the row's width and height, on the sandbox's own host", async () => {
    const answer = await call(sb.url, "/api_v1_master_goodsimage/search", { access_token: tokens.access_token, fields: FIELDS });
    const rows = answer.data ?? [];
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      for (const url of [row.goods_image_url_http, row.goods_image_url_https]) {
        expect(url?.startsWith(`${sb.url}/images/`), String(url)).toBe(true);
        const response = await fetch(url as string);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
        const svg = await response.text();
        expect(svg).toMatch(new RegExp(`^<svg [^>]*width="${row.goods_image_width}" height="${row.goods_image_height}"`));
      }
    }
  });

  it("answers 404 for an address no row has, and for another company's image", async () => {
    expect((await fetch(`${sb.url}/images/NE0000000001/nothing.jpg`)).status).toBe(404);
    const answer = await call(sb.url, "/api_v1_master_goodsimage/search", { access_token: tokens.access_token, fields: FIELDS, limit: 1 });
    const url = String(answer.data?.[0]?.goods_image_url_http);
    expect((await fetch(url.replace(/\/images\/[^/]+\//, "/images/NE0000000002/"))).status).toBe(404);
  });
});
