import { describe, expect, it } from "vitest";
import { imageHosts, imgSrc } from "./image-policy";

describe("image policy", () => {
  it("allows any https: image host by default, and the embedded sandbox's host", () => {
    expect(imageHosts({ SANDBOX_PORT: "4340" })).toEqual(["https:", "http://127.0.0.1:4340"]);
    expect(imgSrc({ NE_API_BASE_URL: "https://api.next-engine.org" })).toBe("img-src 'self' data: blob: https:");
    expect(imgSrc({ NE_API_BASE_URL: "https://api.next-engine.org", NE_IMAGE_HOSTS: "  " })).toBe("img-src 'self' data: blob: https:");
  });

  it("narrows to the hosts NE_IMAGE_HOSTS names, with the sandbox's on the sandbox", () => {
    expect(imageHosts({ NE_IMAGE_HOSTS: "https://image.rakuten.co.jp, https://*.shop.example:8443/", SANDBOX_PORT: "4340" })).toEqual([
      "https://image.rakuten.co.jp",
      "https://*.shop.example:8443",
      "http://127.0.0.1:4340",
    ]);
    expect(imgSrc({ NE_API_BASE_URL: "http://127.0.0.1:4010", NE_IMAGE_HOSTS: "https://img.example" })).toBe(
      "img-src 'self' data: blob: https://img.example http://127.0.0.1:4010",
    );
  });

  it("takes nothing but host sources from the variable: `none` (or only bad entries) allows no outside host", () => {
    expect(imageHosts({ NE_API_BASE_URL: "https://api.next-engine.org", NE_IMAGE_HOSTS: "https: * 'unsafe-inline' javascript:alert(1) https://a.example/path https://ok.example" })).toEqual([
      "https://ok.example",
    ]);
    expect(imgSrc({ NE_API_BASE_URL: "https://api.next-engine.org", NE_IMAGE_HOSTS: "none" })).toBe("img-src 'self' data: blob:");
  });
});
