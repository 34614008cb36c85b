import { describe, expect, it } from "vitest";
import { classificationValues } from "@/lib/ne/registry/resources/classifications";
import { choicesFromRows } from "./choices";
import { classificationOfPath, loadClassificationLabels } from "./classification-labels";

const payment = { path: "/api_v1_system_paymentmethod/info", valueField: "payment_method_id", labelField: "payment_method_name" };
const rows = [
  { payment_method_id: "1", payment_method_name: "代引き" },
  { payment_method_id: "0", payment_method_name: "カード" },
  { payment_method_id: "999", payment_method_name: "店舗独自" },
];

describe("classification choices", () => {
  it("knows which operations read a classification list", () => {
    expect(classificationOfPath(payment.path)).toBe("paymentMethod");
    expect(classificationOfPath("/api_v1_master_shop/search")).toBeUndefined();
    expect(classificationOfPath("toString")).toBeUndefined();
  });

  it("names known values in the page's language once the labels are loaded", async () => {
    const labels = await loadClassificationLabels();
    expect(labels).toBe(classificationValues);
    expect(choicesFromRows(rows, payment, "en", labels)).toEqual([
      { value: "0", label: "Credit card", userContent: false },
      { value: "1", label: "Cash on delivery", userContent: false },
      { value: "999", label: "店舗独自", userContent: true },
    ]);
  });

  it("without labels (their load failed), names values as the answer does", () => {
    expect(choicesFromRows(rows, payment, "en", null).map((c) => [c.label, c.userContent])).toEqual([
      ["カード", true],
      ["代引き", true],
      ["店舗独自", true],
    ]);
  });
});
