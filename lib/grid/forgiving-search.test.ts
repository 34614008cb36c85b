import { describe, expect, it } from "vitest";
import { validateFilter, filtersToConditions, serializeFilterToken, MAX_FILTER_TOKEN_LENGTH } from "./filters";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { stock } from "@/lib/ne/registry/resources/stock";
import {
  activeGoodsSearch,
  activeReading,
  goodsCodesFilter,
  goodsLookups,
  stockSearchKeys,
  digitsOf,
  isKana,
  MAX_CALLS,
  normalizeTyped,
  ORDER_SEARCH_KEYS,
  orderReadings,
  phoneForms,
  readingApplies,
  runReadings,
  toHalfWidthKana,
  toKatakana,
  type Reading,
} from "./forgiving-search";
import type { GridFilter } from "./filters";

const P = "receive_order_";
const ids = (text: string) => orderReadings(text).map((r) => r.id);
const reading = (text: string, id: string): Reading => {
  const r = orderReadings(text).find((x) => x.id === id);
  if (!r) throw new Error(`no reading ${id} of ${text}: ${ids(text).join(" ")}`);
  return r;
};
const value = (r: Reading) => r.filters[0]?.value;

// A tiny model of the API's LIKE (MySQL's: % any run, _ one character) over stored values.
const likeToRegExp = (pattern: string) => new RegExp(`^${pattern.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/%/g, ".*").replace(/_/g, ".")}$`, "su");
function matches(filter: GridFilter, stored: string): boolean {
  const cond = filtersToConditions(receiveOrder, [filter])[0];
  if (!cond) throw new Error(`refused ${JSON.stringify(filter)}`);
  if (cond.op === "like") return likeToRegExp(String(cond.value)).test(stored);
  if (cond.op === "in") return (cond.value as string[]).includes(stored);
  if (cond.op === "eq") return cond.value === stored;
  throw new Error(cond.op);
}
const findsStored = (text: string, field: string, stored: string) =>
  orderReadings(text).filter((r) => r.filters.some((f) => f.field === `${P}${field}`) && r.filters.every((f) => matches(f, stored))).map((r) => r.id);

describe("text", () => {
  it("normalizes widths and spaces", () => {
    expect(normalizeTyped("　杉本　 拓也 ")).toBe("杉本 拓也");
    expect(normalizeTyped("０８０－６６７７")).toBe("080-6677");
    expect(normalizeTyped("ｽｷﾞﾓﾄ")).toBe("スギモト");
    expect(normalizeTyped("ＴＡＲＯ＠ｅｘａｍｐｌｅ．ｊｐ")).toBe("TARO@example.jp");
  });
  it("turns hiragana into katakana and katakana into half width", () => {
    expect(toKatakana("すぎもと たくや")).toBe("スギモト タクヤ");
    expect(toKatakana("ゔぁ")).toBe("ヴァ");
    expect(toHalfWidthKana("スギモト タクヤ")).toBe("ｽｷﾞﾓﾄ ﾀｸﾔ");
    expect(toHalfWidthKana("パーティー・ヴ")).toBe("ﾊﾟｰﾃｨｰ･ｳﾞ");
    expect(toHalfWidthKana("ヶ杉")).toBe("ヶ杉");
  });
  it("knows kana", () => {
    expect(isKana("スギモト タクヤ")).toBe(true);
    expect(isKana("杉本")).toBe(false);
    expect(isKana("・")).toBe(false);
    expect(isKana("スギモト1")).toBe(false);
  });
  it("reads digits through hyphens, dashes, spaces and parentheses", () => {
    expect(digitsOf("080-6677-5665")).toBe("08066775665");
    expect(digitsOf("03(1234)5678")).toBe("0312345678");
    expect(digitsOf("080 6677 5665")).toBe("08066775665");
    expect(digitsOf("12a")).toBeNull();
  });
});

describe("phone forms", () => {
  it("hyphenates mobiles and 0800 numbers (11 digits)", () => {
    expect(phoneForms("08066775665")).toEqual(["080-6677-5665", "0806-677-5665", "08066775665"]);
  });
  it("hyphenates landlines by area-code length and free dial (10 digits)", () => {
    const forms = phoneForms("0312345678");
    for (const f of ["03-1234-5678", "031-234-5678", "0312-34-5678", "03123-4-5678", "0312-345-678", "0312345678"]) expect(forms).toContain(f);
    expect(phoneForms("0120123456")).toContain("0120-123-456");
    expect(phoneForms("0466123456")).toContain("0466-12-3456");
    expect(phoneForms("0126712345")).toContain("01267-1-2345");
  });
  it("has none for what is not a whole number", () => {
    expect(phoneForms("6677")).toEqual([]);
    expect(phoneForms("18066775665")).toEqual([]);
    expect(phoneForms("080667756651")).toEqual([]);
  });
});

describe("readings", () => {
  it("every reading's filters are ones the registry accepts, under the search's keys", () => {
    for (const text of ["杉本拓也", "杉本 拓也", "すぎもとたくや", "ｽｷﾞﾓﾄ ﾀｸﾔ", "08066775665", "0312345678", "1234", "taro@example.jp", "taro@", "AB-123", "RKT-20261127-0001"]) {
      for (const r of orderReadings(text)) {
        for (const f of [...r.filters, ...(r.guard ? [r.guard] : [])]) {
          expect(validateFilter(receiveOrder, f), `${text} ${r.id}`).not.toBeNull();
          expect(ORDER_SEARCH_KEYS).toContain(`${f.field}-${f.op}`);
        }
      }
    }
  });
  it("nothing for blank text", () => {
    expect(orderReadings("  　")).toEqual([]);
  });
  it("a name typed without a space finds it stored with a half- or full-width space, or without", () => {
    expect(findsStored("杉本拓也", "purchaser_name", "杉本 拓也")).toEqual(["purchaserName.spaced.2"]);
    expect(findsStored("杉本拓也", "purchaser_name", "杉本　拓也")).toEqual(["purchaserName.spaced.2"]);
    expect(findsStored("杉本拓也", "purchaser_name", "杉本拓也")).toEqual(["purchaserName.typed"]);
    expect(findsStored("佐々木誠", "purchaser_name", "佐々木 誠")).toEqual(["purchaserName.spaced.3"]);
    expect(findsStored("林真由美", "purchaser_name", "林 真由美")).toEqual(["purchaserName.spaced.1"]);
    // The splits share one guard that every one of them matches.
    const spaced = orderReadings("杉本拓也").filter((r) => r.id.startsWith("purchaserName.spaced"));
    expect(spaced.map((r) => r.id)).toEqual(["purchaserName.spaced.2", "purchaserName.spaced.3", "purchaserName.spaced.1"]);
    for (const r of spaced) expect(r.guard).toEqual({ field: `${P}purchaser_name`, op: "like", value: "%杉%本%拓%也%" });
  });
  it("a name typed with a space (either width) finds it with either space or none", () => {
    for (const typed of ["杉本 拓也", "杉本　拓也"]) {
      expect(findsStored(typed, "purchaser_name", "杉本 拓也")).toEqual(["purchaserName.typed"]);
      expect(findsStored(typed, "purchaser_name", "杉本　拓也")).toEqual(["purchaserName.typed"]);
      expect(findsStored(typed, "purchaser_name", "杉本拓也")).toEqual(["purchaserName.unspaced"]);
    }
    expect(value(reading("杉本 拓也", "purchaserName.typed"))).toBe("杉本_拓也");
  });
  it("finds part of a name (contains)", () => {
    expect(findsStored("杉本", "purchaser_name", "杉本 拓也")).toEqual(["purchaserName.typed"]);
  });
  it("two-character names need no guard", () => {
    expect(reading("林誠", "purchaserName.spaced.1").guard).toBeUndefined();
    expect(findsStored("林誠", "purchaser_name", "林 誠")).toEqual(["purchaserName.spaced.1"]);
  });
  it("the recipient's name is a fallback", () => {
    expect(orderReadings("杉本拓也").filter((r) => r.field === "consigneeName").every((r) => r.fallback)).toBe(true);
    expect(findsStored("杉本拓也", "consignee_name", "杉本 拓也")).toEqual(["consigneeName.spaced.2"]);
  });
  it("kana in any width or as hiragana finds full- and half-width kana, with or without the space", () => {
    for (const typed of ["スギモトタクヤ", "すぎもとたくや", "ｽｷﾞﾓﾄﾀｸﾔ"]) {
      expect(findsStored(typed, "purchaser_kana", "スギモト タクヤ"), typed).toEqual(["purchaserKana.full.spaced.4"]);
      expect(findsStored(typed, "purchaser_kana", "ｽｷﾞﾓﾄ ﾀｸﾔ"), typed).toEqual(["purchaserKana.half.spaced.4"]);
      expect(findsStored(typed, "purchaser_kana", "スギモトタクヤ"), typed).toEqual(["purchaserKana.full.typed"]);
    }
    for (const typed of ["スギモト タクヤ", "すぎもと　たくや", "ｽｷﾞﾓﾄ ﾀｸﾔ"]) {
      expect(findsStored(typed, "purchaser_kana", "スギモト タクヤ"), typed).toEqual(["purchaserKana.full.typed"]);
      expect(findsStored(typed, "purchaser_kana", "ｽｷﾞﾓﾄ　ﾀｸﾔ"), typed).toEqual(["purchaserKana.half.typed"]);
      expect(findsStored(typed, "purchaser_kana", "ｽｷﾞﾓﾄﾀｸﾔ"), typed).toEqual(["purchaserKana.half.unspaced"]);
    }
    expect(reading("すぎもと", "purchaserKana.half.typed").variants).toEqual(["half"]);
    // Kana readings come first, then the name itself in kana, then the recipient's kana.
    expect(ids("すぎもと")[0]).toBe("purchaserKana.full.typed");
    expect(ids("すぎもと")).toContain("purchaserName.typed");
    expect(ids("すぎもと")).toContain("consigneeKana.full.typed");
    // The likeliest kana family-name lengths first: 3, 4, 2, 5.
    expect(ids("スギモトタクヤ").filter((id) => id.startsWith("purchaserKana.full.spaced"))).toEqual([3, 4, 2, 5].map((n) => `purchaserKana.full.spaced.${n}`));
  });
  it("a phone with or without hyphens (any width) is an `in` of its written forms on purchaser then recipient", () => {
    for (const typed of ["08066775665", "080-6677-5665", "０８０－６６７７－５６６５", "080 6677 5665"]) {
      expect(ids(typed).slice(0, 2), typed).toEqual(["tel.purchaser", "tel.consignee"]);
      expect(findsStored(typed, "purchaser_tel", "080-6677-5665"), typed).toEqual(["tel.purchaser"]);
      expect(findsStored(typed, "purchaser_tel", "08066775665"), typed).toEqual(["tel.purchaser"]);
    }
    expect(findsStored("0452345678", "purchaser_tel", "045-234-5678")).toEqual(["tel.purchaser"]);
    expect(reading("08066775665", "tel.purchaser").variants).toEqual(["hyphens"]);
    expect(reading("080-6677-5665", "tel.purchaser").variants).toEqual([]);
    // No slip number from a phone typed with hyphens; a plain one may still be a shop's order number.
    expect(ids("080-6677-5665")).toEqual(["tel.purchaser", "tel.consignee", "shopOrder"]);
  });
  it("digits are a slip number and a shop's order number", () => {
    expect(ids("1234")).toEqual(["slip", "shopOrder"]);
    expect(reading("１２３４", "slip").filters).toEqual([{ field: `${P}id`, op: "eq", value: "1234" }]);
    expect(ids("0001")).toEqual(["shopOrder"]);
    expect(ids("12345678901")).toEqual(["shopOrder"]);
  });
  it("letters with digits are a shop's order number and a name", () => {
    expect(ids("RKT-20261127-0001")).toContain("shopOrder");
    expect(value(reading("RKT-20261127-0001", "shopOrder"))).toBe("RKT-20261127-0001");
    expect(ids("杉本 拓也")).not.toContain("shopOrder");
  });
  it("an email address: exact, else contains; a part of one: contains", () => {
    expect(ids("takuya.sugimoto@example.jp")).toEqual(["mail.exact", "mail.contains"]);
    expect(reading("ＴＡＫＵＹＡ＠example.jp", "mail.exact").filters).toEqual([{ field: `${P}purchaser_mail_address`, op: "eq", value: "TAKUYA@example.jp" }]);
    expect(ids("takuya@")).toEqual(["mail.contains"]);
  });
});

describe("asking", () => {
  // A fake count: rows per pattern, 0 otherwise; records the calls in order.
  function counter(rows: Record<string, number>) {
    const calls: string[] = [];
    const count = async (filters: readonly GridFilter[]) => {
      const key = filters.map((f) => `${f.field}:${[f.value].flat().join(",")}`).join("&");
      calls.push(key);
      return rows[key] ?? 0;
    };
    return { calls, count };
  }
  it("one call for the guard when the name is not there with a space; the recipient after the purchaser", async () => {
    const { calls, count } = counter({});
    const run = await runReadings(orderReadings("杉本拓也"), count);
    expect(run.found).toEqual([]);
    expect(calls).toEqual([
      `${P}purchaser_name:杉本拓也`,
      `${P}purchaser_name:%杉%本%拓%也%`,
      `${P}consignee_name:杉本拓也`,
      `${P}consignee_name:%杉%本%拓%也%`,
    ]);
  });
  it("tries splits after a guard that finds rows, stops at the first split that does, skips the recipient", async () => {
    const { calls, count } = counter({ [`${P}purchaser_name:%杉%本%拓%也%`]: 3, [`${P}purchaser_name:杉本_拓也`]: 3 });
    const run = await runReadings(orderReadings("杉本拓也"), count);
    expect(run.found.map((f) => [f.reading.id, f.count])).toEqual([["purchaserName.spaced.2", 3]]);
    expect(calls).toEqual([`${P}purchaser_name:杉本拓也`, `${P}purchaser_name:%杉%本%拓%也%`, `${P}purchaser_name:杉本_拓也`]);
  });
  it("several readings that find rows: most rows first", async () => {
    const { count } = counter({ [`${P}id:1234`]: 1, [`${P}shop_cut_form_id:1234`]: 7 });
    const run = await runReadings(orderReadings("1234"), count);
    expect(run.found.map((f) => [f.reading.id, f.count])).toEqual([
      ["shopOrder", 7],
      ["slip", 1],
    ]);
  });
  it("a group stops at its first reading that finds rows (purchaser phone before recipient phone)", async () => {
    const forms = phoneForms("08066775665").join(",");
    const { calls, count } = counter({ [`${P}purchaser_tel:${forms}`]: 2 });
    const run = await runReadings(orderReadings("08066775665"), count);
    expect(run.found.map((f) => f.reading.id)).toEqual(["tel.purchaser"]);
    expect(calls).toEqual([`${P}purchaser_tel:${forms}`, `${P}shop_cut_form_id:08066775665`]);
  });
  it("a failed count is neither found nor ruled out; the others go on", async () => {
    let n = 0;
    const run = await runReadings(orderReadings("1234"), async () => (n++ === 0 ? undefined : 4));
    expect(run.failed).toBe(true);
    expect(run.found.map((f) => f.reading.id)).toEqual(["shopOrder"]);
  });
  it("never more than MAX_CALLS counts", async () => {
    const { calls, count } = counter({});
    const many = Array.from({ length: 30 }, (_, i): Reading => ({ id: `r${i}`, field: "purchaserName", variants: [], filters: [{ field: `${P}purchaser_name`, op: "like", value: `x${i}` }] }));
    await runReadings(many, count);
    expect(calls).toHaveLength(MAX_CALLS);
  });
  it("asks one at a time", async () => {
    let inFlight = 0;
    let most = 0;
    await runReadings(orderReadings("スギモトタクヤ"), async () => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      inFlight--;
      return 1;
    });
    expect(most).toBe(1);
  });
});

describe("reading back", () => {
  it("the URL's text and filters give the reading back", () => {
    const r = reading("杉本拓也", "purchaserName.spaced.2");
    const filters = [{ field: `${P}shop_id`, op: "in" as const, value: ["1"] }, ...r.filters];
    expect(readingApplies(r, filters)).toBe(true);
    expect(activeReading("杉本拓也", filters)).toEqual({ text: "杉本拓也", reading: r });
  });
  it("without the text (a saved view), from the filters alone", () => {
    const tel = reading("08066775665", "tel.purchaser");
    expect(activeReading(null, [...tel.filters])?.text).toBe("08066775665");
    expect(activeReading(null, [...tel.filters])?.reading.id).toBe("tel.purchaser");
    const kana = reading("ｽｷﾞﾓﾄ ﾀｸﾔ", "purchaserKana.half.typed");
    expect(activeReading(null, [...kana.filters])?.reading.id).toBe("purchaserKana.half.typed");
    expect(activeReading(null, [...reading("杉本 拓也", "purchaserName.typed").filters])?.text).toBe("杉本 拓也");
  });
  it("none when the filters no longer hold the text's reading and none of the search's", () => {
    expect(activeReading("杉本拓也", [{ field: `${P}shop_id`, op: "in", value: ["1"] }])).toBeNull();
  });
});

describe("goods in the stock grids", () => {
  it("tries the code, then the name, or first the JAN for 8-14 digits", () => {
    expect(goodsLookups("バスタオル")).toEqual(["code", "name"]);
    expect(goodsLookups("TWL0001")).toEqual(["code", "name"]);
    expect(goodsLookups("４９１２３４５０００１２３")).toEqual(["code", "jan", "name"]);
    expect(goodsLookups(" ")).toEqual([]);
  });
  it("names at most 1,000 codes, and no more than a URL token holds", () => {
    const few = goodsCodesFilter("stock_goods_id", ["A-1", "A-2", "A-1"]);
    expect(few).toEqual({ filter: { field: "stock_goods_id", op: "in", value: ["A-1", "A-2"] }, shown: 2 });
    expect(validateFilter(stock, few!.filter)).not.toBeNull();
    const many = goodsCodesFilter("stock_goods_id", Array.from({ length: 1500 }, (_, i) => `G${i}`));
    expect(many?.shown).toBe(1000);
    const long = goodsCodesFilter("stock_goods_id", Array.from({ length: 1000 }, (_, i) => `LONGCODE-${String(i).padStart(4, "0")}-XL`));
    expect(long!.shown).toBeLessThan(1000);
    expect(serializeFilterToken(long!.filter).length).toBeLessThanOrEqual(MAX_FILTER_TOKEN_LENGTH);
    expect(goodsCodesFilter("stock_goods_id", [])).toBeNull();
  });
  it("reads the search back from the URL", () => {
    expect(activeGoodsSearch("バスタオル", [{ field: "stock_goods_id", op: "in", value: ["A", "B"] }], "stock_goods_id")).toEqual({ text: "バスタオル", by: "name", codes: 2 });
    expect(activeGoodsSearch("4912345000123", [{ field: "stock_goods_id", op: "in", value: ["A"] }], "stock_goods_id")?.by).toBe("jan");
    expect(activeGoodsSearch(null, [{ field: "stock_goods_id", op: "like", value: "TWL" }], "stock_goods_id")).toEqual({ text: "TWL", by: "code", codes: 0 });
    expect(activeGoodsSearch(null, [{ field: "stock_goods_id", op: "in", value: ["A"] }], "stock_goods_id")).toBeNull();
    expect(stockSearchKeys("stock_goods_id")).toEqual(["stock_goods_id-like", "stock_goods_id-in"]);
  });
});
