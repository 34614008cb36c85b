import { describe, expect, it } from "vitest";
import { imageHosts, imgSrc } from "./image-policy";

describe("image policy", () => {
  it("allows the configured image hosts and, on the embedded sandbox, the sandbox's host", () => {
    expect(imageHosts({ NE_IMAGE_HOSTS: "https://image.rakuten.co.jp, https://*.shop.example:8443/", SANDBOX_PORT: "4340" })).toEqual([
      "https://image.rakuten.co.jp",
      "https://*.shop.example:8443",
      "http://127.0.0.1:4340",
    ]);
    expect(imgSrc({ NE_API_BASE_URL: "http://127.0.0.1:4010" })).toBe("img-src 'self' data: blob: http://127.0.0.1:4010");
  });

  it("allows no sandbox on a real upstream, and nothing but host sources from the variable", () => {
    expect(imageHosts({ NE_API_BASE_URL: "https://api.next-engine.org", NE_IMAGE_HOSTS: "https: * 'unsafe-inline' javascript:alert(1) https://a.example/path https://ok.example" })).toEqual([
      "https://ok.example",
    ]);
    expect(imgSrc({ NE_API_BASE_URL: "https://api.next-engine.org" })).toBe("img-src 'self' data: blob:");
  });
});
