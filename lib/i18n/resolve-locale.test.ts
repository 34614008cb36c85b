import { describe, expect, it } from "vitest";
import { matchAcceptLanguage, parseAcceptLanguage, resolveLocale } from "./resolve-locale";

describe("parseAcceptLanguage", () => {
  it("orders ranges by quality, keeping header order on ties", () => {
    expect(parseAcceptLanguage("fr;q=0.5, en-US, ja;q=0.8, de")).toEqual([
      "en-us",
      "de",
      "ja",
      "fr",
    ]);
  });

  it("drops ranges that are not acceptable (q=0) or malformed", () => {
    expect(parseAcceptLanguage("ja;q=0, en;q=abc, de")).toEqual(["de"]);
  });

  it("answers nothing for a missing header", () => {
    expect(parseAcceptLanguage(null)).toEqual([]);
    expect(parseAcceptLanguage("")).toEqual([]);
  });
});

describe("matchAcceptLanguage", () => {
  it("matches on the primary subtag", () => {
    expect(matchAcceptLanguage("en-GB,en;q=0.9")).toBe("en");
    expect(matchAcceptLanguage("ja-JP")).toBe("ja");
  });

  it("skips unsupported languages for a later supported one", () => {
    expect(matchAcceptLanguage("fr-FR, de;q=0.9, en;q=0.5, ja;q=0.4")).toBe("en");
  });

  it("treats a wildcard as the default locale", () => {
    expect(matchAcceptLanguage("fr, *;q=0.1")).toBe("ja");
  });

  it("answers undefined when nothing matches", () => {
    expect(matchAcceptLanguage("fr, de")).toBeUndefined();
  });
});

describe("resolveLocale", () => {
  it("prefers a valid cookie over the header", () => {
    expect(resolveLocale({ cookie: "en", acceptLanguage: "ja" })).toBe("en");
    expect(resolveLocale({ cookie: "ja", acceptLanguage: "en-US" })).toBe("ja");
  });

  it("ignores an unsupported cookie value", () => {
    expect(resolveLocale({ cookie: "fr", acceptLanguage: "en-US" })).toBe("en");
  });

  it("falls back to Japanese", () => {
    expect(resolveLocale({})).toBe("ja");
    expect(resolveLocale({ cookie: null, acceptLanguage: "ko-KR" })).toBe("ja");
  });
});
