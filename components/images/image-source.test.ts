import { describe, expect, it } from "vitest";
import { imageAlt, imageSource } from "./image-source";

describe("imageSource", () => {
  it("prefers the https URL", () => {
    expect(imageSource({ goods_image_url_https: "https://img.example/a.jpg", goods_image_url_http: "http://img.example/a.jpg" })).toBe("https://img.example/a.jpg");
  });

  it("falls back to the http URL when there is no https one", () => {
    expect(imageSource({ goods_image_url_https: null, goods_image_url_http: "http://img.example/a.jpg" })).toBe("http://img.example/a.jpg");
    expect(imageSource({ goods_image_url_https: "", goods_image_url_http: " http://img.example/b.png " })).toBe("http://img.example/b.png");
  });

  it("refuses anything that is not an absolute http(s) URL", () => {
    for (const bad of ["javascript:alert(1)", "data:image/png;base64,AAAA", "/relative/a.jpg", "img.example/a.jpg", "ftp://img.example/a.jpg"]) {
      expect(imageSource({ goods_image_url_https: bad, goods_image_url_http: null })).toBeNull();
    }
  });

  it("is null without any URL", () => {
    expect(imageSource({})).toBeNull();
  });
});

describe("imageAlt", () => {
  it("uses the image's alt, then its file name", () => {
    expect(imageAlt({ goods_image_alt: "Tシャツ 画像1", goods_image_file_name: "a.jpg" })).toBe("Tシャツ 画像1");
    expect(imageAlt({ goods_image_alt: "  ", goods_image_file_name: "a.jpg" })).toBe("a.jpg");
    expect(imageAlt({ goods_image_alt: null, goods_image_file_name: null })).toBe("");
  });
});
