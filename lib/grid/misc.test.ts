import { describe, expect, it } from "vitest";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { contrastRatio, parseHexColor, readableChipColors } from "./color";
import { parseGroupingTags } from "./grouping-tags";
import { columnModel } from "./columns";
import { createViewSchema, defaultColumnWidth, gridPreferencesSchema } from "./preferences";

describe("grouping tags", () => {
  it("split [tag][tag] and ignore the rest", () => {
    expect(parseGroupingTags("[至急][ギフト]")).toEqual(["至急", "ギフト"]);
    expect(parseGroupingTags(" [ 要確認 ]x[][至急][至急]")).toEqual(["要確認", "至急"]);
    expect(parseGroupingTags(null)).toEqual([]);
  });
});

describe("chip colours", () => {
  it("keep the shop's pair when it is readable, and fix it when not", () => {
    expect(readableChipColors("#3949ab", "#ffffff")).toEqual({ background: "#3949ab", text: "#ffffff" });
    // White on #43a047 is 3.3:1: black reads better.
    expect(readableChipColors("#43a047", "#ffffff")).toEqual({ background: "#43a047", text: "#000000" });
    expect(readableChipColors("#fff", "#c62828")).toEqual({ background: "#ffffff", text: "#c62828" });
    expect(readableChipColors("red", "#fff")).toBeNull();
    for (const [bg, fg] of [["#e53935", "#ffffff"], ["#1e88e5", "#ffffff"], ["#fdd835", "#000000"]] as const) {
      const c = readableChipColors(bg, fg)!;
      expect(contrastRatio(parseHexColor(c.text)!, parseHexColor(c.background)!)).toBeGreaterThanOrEqual(4.5);
    }
  });
});

describe("columns", () => {
  const defaults = ["receive_order_id", "receive_order_date"];
  it("follow the stored order, drop unknown names, fall back to defaults", () => {
    const model = columnModel(receiveOrder, { columns: defaults }, { columns: ["receive_order_note", "nope", "receive_order_id"], widths: { receive_order_id: 80 } });
    expect(model.shown.map((name) => [name, model.sizing[name]])).toEqual([
      ["receive_order_note", defaultColumnWidth(receiveOrder.fields.find((f) => f.name === "receive_order_note")!)],
      ["receive_order_id", 80],
    ]);
    expect(columnModel(receiveOrder, { columns: defaults }, { columns: ["nope"], widths: {} }).shown).toEqual(defaults);
    expect(columnModel(receiveOrder, { columns: defaults }, null).shown).toEqual(defaults);
  });

  it("are checked before they are stored", () => {
    expect(gridPreferencesSchema.safeParse({ columns: ["a"], widths: { a: 10 } }).success).toBe(false);
    expect(gridPreferencesSchema.safeParse({ columns: [], widths: {} }).success).toBe(false);
    expect(gridPreferencesSchema.safeParse({ columns: ["A;drop"], widths: {} }).success).toBe(false);
    expect(gridPreferencesSchema.parse({ columns: ["a"] })).toEqual({ columns: ["a"], widths: {} });
    expect(createViewSchema.safeParse({ name: "  ", state: { filters: [] } }).success).toBe(false);
    expect(createViewSchema.safeParse({ name: "今日の出荷", state: { filters: ["x.eq:1"], size: 77 } }).success).toBe(false);
    expect(createViewSchema.safeParse({ name: "今日の出荷", state: { filters: ["x.eq:1"], size: 500 } }).success).toBe(true);
  });
});
