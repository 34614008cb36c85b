import { describe, expect, it } from "vitest";
import { locales } from "@/i18n/config";
import en from "@/messages/en.json";
import ja from "@/messages/ja.json";

type Leaf = { key: string; value: unknown };

// Flattens a catalogue to dotted keys ("nav.orders") with their leaf values.
function leaves(node: unknown, prefix = ""): Leaf[] {
  if (node !== null && typeof node === "object" && !Array.isArray(node)) {
    return Object.entries(node).flatMap(([key, value]) =>
      leaves(value, prefix ? `${prefix}.${key}` : key),
    );
  }
  return [{ key: prefix, value: node }];
}

// ICU arguments of a message ("Company: {name}" → ["name"]).
function argumentsOf(message: string): string[] {
  return [...message.matchAll(/\{\s*([A-Za-z0-9_]+)/g)].map((match) => match[1] ?? "").sort();
}

const catalogues = { ja, en } as const;

describe("message catalogues", () => {
  it("exist for every locale", () => {
    expect(Object.keys(catalogues).sort()).toEqual([...locales].sort());
  });

  it("have identical key sets", () => {
    const jaKeys = leaves(ja).map((leaf) => leaf.key).sort();
    const enKeys = leaves(en).map((leaf) => leaf.key).sort();
    expect(jaKeys.length).toBeGreaterThan(0);
    expect(enKeys).toEqual(jaKeys);
  });

  it.each(Object.entries(catalogues))("%s has only non-empty strings", (_locale, catalogue) => {
    const bad = leaves(catalogue).filter(
      (leaf) => typeof leaf.value !== "string" || leaf.value.trim() === "",
    );
    expect(bad).toEqual([]);
  });

  it("use the same ICU arguments in both languages", () => {
    const enByKey = new Map(leaves(en).map((leaf) => [leaf.key, leaf.value]));
    const mismatched = leaves(ja).filter((leaf) => {
      const other = enByKey.get(leaf.key);
      if (typeof leaf.value !== "string" || typeof other !== "string") return false;
      return argumentsOf(leaf.value).join() !== argumentsOf(other).join();
    });
    expect(mismatched.map((leaf) => leaf.key)).toEqual([]);
  });

  it("name every dashboard area in Japanese as the design says", () => {
    expect(ja.nav).toMatchObject({
      orders: "受注",
      board: "受注ボード",
      goods: "商品",
      stock: "在庫",
      images: "画像",
      uploads: "アップロード",
      masters: "マスタ",
      settings: "設定",
    });
  });
});
