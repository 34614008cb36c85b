import { describe, expect, it } from "vitest";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import type { FieldDef } from "@/lib/ne/registry/types";
import { enumLabel, formatGrouped, formatJstDateTime, formatValue, formatYen } from "./format";

const order = (name: string) => receiveOrder.fields.find((f) => f.name === `receive_order_${name}`) as FieldDef;
const row = (name: string) => receiveOrderRow.fields.find((f) => f.name === `receive_order_row_${name}`) as FieldDef;

describe("formatting", () => {
  it("writes yen with a half-width sign and thousands separators", () => {
    expect(formatYen("1234")).toBe("¥1,234");
    expect(formatYen("0")).toBe("¥0");
    expect(formatYen("-500")).toBe("-¥500");
    expect(formatYen("1234567.5")).toBe("¥1,234,567.5");
    expect(formatYen("n/a")).toBe("n/a");
    expect(formatValue(order("total_amount"), "98000", "en")).toBe("¥98,000");
  });

  it("shows the API's JST date-times as YYYY/MM/DD HH:mm without shifting them", () => {
    expect(formatJstDateTime("2026-11-21 23:45:09")).toBe("2026/11/21 23:45");
    expect(formatJstDateTime("2026-01-02")).toBe("2026/01/02");
    expect(formatJstDateTime("0000-00-00 00:00:00")).toBe("");
    expect(formatValue(order("date"), "2026-11-21 00:05:00", "ja")).toBe("2026/11/21 00:05");
  });

  it("groups quantities and keeps ids plain", () => {
    expect(formatValue(row("quantity"), "12000", "ja")).toBe("12,000");
    expect(formatValue(order("id"), "12000", "ja")).toBe("12000");
    expect(formatGrouped("-1234.25")).toBe("-1,234.25");
    expect(formatValue(row("tax_rate"), "10", "ja")).toBe("10%");
  });

  it("names enum values in the current language (order status, spec 3.1)", () => {
    const status = order("order_status_id");
    expect(enumLabel(status, "50", "ja")).toBe("出荷確定済（完了）");
    expect(formatValue(status, "20", "en")).toBe("Awaiting statement printing");
    expect(formatValue(status, "99", "en")).toBe("99");
    expect(formatValue(order("gift_flag"), "1", "en")).toBe("Gift");
  });

  it("names choice values from their operation, and shows nothing for null", () => {
    const shop = order("shop_id");
    expect(formatValue(shop, "3", "ja", (v) => (v === "3" ? "本店" : undefined))).toBe("本店");
    expect(formatValue(shop, "4", "ja", () => undefined)).toBe("4");
    expect(formatValue(shop, null, "ja")).toBe("");
  });
});
