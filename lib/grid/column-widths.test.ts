import { describe, expect, it } from "vitest";
import { field } from "@/lib/ne/registry/field";
import { goods } from "@/lib/ne/registry/resources/goods";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import { WIDTH_RULES, CELL_PADDING, estimateTextWidth, fittedWidth, headerWidth, kindWidth, widthKind } from "./column-widths";
import { defaultColumnWidth } from "./columns";

const of = (resource: { fields: readonly { name: string }[] }, name: string) => {
  const found = resource.fields.find((f) => f.name === name);
  if (!found) throw new Error(name);
  return found as (typeof receiveOrder.fields)[number];
};
const order = (name: string) => of(receiveOrder, `receive_order_${name}`);

describe("a column's kind", () => {
  it("comes from the field: codes and flags narrow, numbers medium, dates, choices, names wide", () => {
    expect(widthKind(order("id"))).toBe("code");
    expect(widthKind(order("shop_cut_form_id"))).toBe("code");
    expect(widthKind(order("total_amount"))).toBe("number");
    expect(widthKind(order("date"))).toBe("date");
    expect(widthKind(order("shop_id"))).toBe("choice");
    expect(widthKind(order("order_status_id"))).toBe("choice");
    expect(widthKind(order("purchaser_name"))).toBe("name");
    expect(widthKind(order("purchaser_address1"))).toBe("name");
    expect(widthKind(of(goods, "goods_name"))).toBe("name");
    expect(widthKind(of(goods, "goods_type_id"))).toBe("choice");
  });
});

describe("text widths (the estimate used before the browser measures)", () => {
  it("gives a wide character one em and Latin letters and digits less", () => {
    expect(estimateTextWidth("購入者名", "cell")).toBe(56);
    expect(estimateTextWidth("12345", "cell")).toBeLessThan(estimateTextWidth("一二三四五", "cell"));
    expect(estimateTextWidth("ｱｲｳ", "cell")).toBeLessThan(estimateTextWidth("アイウ", "cell"));
    expect(estimateTextWidth("", "cell")).toBe(0);
  });
});

describe("default widths (before rows)", () => {
  it("are narrow for codes, medium for numbers, fitted to the date format for dates, wide for names", () => {
    const code = defaultColumnWidth(order("shop_cut_form_id"));
    const number = defaultColumnWidth(order("total_amount"));
    const name = defaultColumnWidth(order("purchaser_name"));
    expect(code).toBeLessThan(name);
    expect(number).toBeLessThan(name);
    expect(name).toBe(WIDTH_RULES.name.base);
    // "2026/11/21 23:45" and its padding; a date without time is narrower.
    expect(defaultColumnWidth(order("date"))).toBe(estimateTextWidth("2026/11/21 23:45", "cell") + CELL_PADDING);
    const dateOnly = field("x_date", "D", "日", "Day", { format: "date" });
    expect(kindWidth(dateOnly)).toBeLessThan(defaultColumnWidth(order("date")));
  });

  it("widen to the longer label of the two languages, within the kind's range", () => {
    const longJa = field("x_quantity", "N", "予約在庫引当数量", "Qty");
    expect(kindWidth(longJa)).toBe(headerWidth("予約在庫引当数量", estimateTextWidth));
    const longEn = field("x_quantity", "N", "数", "Advance order allocation quantity");
    expect(kindWidth(longEn)).toBe(WIDTH_RULES.number.max);
    const short = field("x_quantity", "N", "数", "Qty");
    expect(kindWidth(short)).toBe(WIDTH_RULES.number.base);
  });
});

describe("fitted widths (from a page's words)", () => {
  const measure = estimateTextWidth;
  const words = (f: (typeof receiveOrder.fields)[number], values: string[], label = f.label.ja) => ({
    field: f,
    header: headerWidth(label, measure),
    values: values.map((v) => measure(v, "cell")),
  });

  it("fit the widest value, or the header when it is wider", () => {
    const name = order("purchaser_name");
    expect(fittedWidth(words(name, ["杉本 拓也", "長谷川 由紀子"]))).toBe(measure("長谷川 由紀子", "cell") + CELL_PADDING);
    const purchaser = field("x_name", "S", "購入者のお名前（漢字）", "Purchaser");
    expect(fittedWidth(words(purchaser, ["林 一"]))).toBe(headerWidth(purchaser.label.ja, measure));
  });

  it("an empty column is as narrow as its header allows (商品オプション with no options)", () => {
    const option = of(receiveOrderRow, "receive_order_row_goods_option") as (typeof receiveOrder.fields)[number];
    const empty = fittedWidth(words(option, []));
    expect(empty).toBe(headerWidth(option.label.ja, measure));
    expect(empty).toBeLessThan(150);
  });

  it("stay within the kind's range: a long name is cut at the most, a short code kept at the least", () => {
    const name = order("purchaser_name");
    expect(fittedWidth(words(name, ["あ".repeat(60)]))).toBe(WIDTH_RULES.name.max);
    const code = order("shop_cut_form_id");
    expect(fittedWidth({ field: code, header: 10, values: [8] })).toBe(WIDTH_RULES.code.min);
  });

  it("keep a date column's room for the date format when the page's dates are blank", () => {
    const date = order("cancel_date");
    expect(fittedWidth(words(date, []))).toBe(measure("2026/11/21 23:45", "cell") + CELL_PADDING);
  });
});
