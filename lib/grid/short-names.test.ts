import { describe, expect, it } from "vitest";
import { commonPrefix, shortNames } from "./short-names";

describe("the common prefix of shop names", () => {
  it("is the shared words, up to the last space", () => {
    expect(commonPrefix(["サンドボックス商店 楽天市場店", "サンドボックス商店 Yahoo!", "サンドボックス商店 本店"])).toBe("サンドボックス商店 ");
    // Shared letters after the space do not count: the word is what tells shops apart.
    expect(commonPrefix(["サンドボックス商店 楽天", "サンドボックス商店 楽市"])).toBe("サンドボックス商店 ");
    expect(commonPrefix(["サンプル商店\u3000本店", "サンプル商店\u3000楽天"])).toBe("サンプル商店\u3000");
  });

  it("is nothing for one shop, no shared word, or names without spaces", () => {
    expect(commonPrefix(["サンドボックス商店 楽天"])).toBe("");
    expect(commonPrefix(["楽天市場店", "Yahoo!店"])).toBe("");
    expect(commonPrefix(["ABC本店", "ABC支店"])).toBe("");
  });
});

describe("short names", () => {
  it("are the abbreviation where the shop has one, else the part after the common prefix", () => {
    const names = shortNames([
      { value: "1", name: "サンドボックス商店 楽天市場店", abbreviation: "楽天" },
      { value: "2", name: "サンドボックス商店 Yahoo!", abbreviation: "" },
      { value: "3", name: "サンドボックス商店 Amazon店", abbreviation: null },
      { value: "4", name: "サンドボックス商店 本店", abbreviation: "  " },
    ]);
    expect(names.get("1")).toBe("楽天");
    expect(names.get("2")).toBe("Yahoo!");
    expect(names.get("3")).toBe("Amazon店");
    expect(names.get("4")).toBe("本店");
  });

  it("keep the whole name when the prefix would leave nothing, or when there is no prefix", () => {
    const names = shortNames([
      { value: "1", name: "サンドボックス商店 " },
      { value: "2", name: "サンドボックス商店 本店" },
    ]);
    expect(names.get("1")).toBe("サンドボックス商店 ");
    expect(shortNames([{ value: "9", name: "ひとつだけの店" }]).get("9")).toBe("ひとつだけの店");
  });
});
