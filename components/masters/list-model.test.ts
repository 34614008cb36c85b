import { describe, expect, it } from "vitest";
import { paymentMethod } from "@/lib/ne/registry/resources/classifications";
import { receiveOrderUploadPattern } from "@/lib/ne/registry/resources/receive-order-upload-pattern";
import type { ApiRow } from "@/lib/query/call-operation";
import { cellText, filterRows, listColumns, sortRows } from "./list-model";

const rows: ApiRow[] = [
  { payment_method_id: "0", payment_method_name: "クレジットカード", payment_method_deleted_flag: "0" },
  { payment_method_id: "1", payment_method_name: "代金引換", payment_method_deleted_flag: "1" },
  { payment_method_id: "777", payment_method_name: "店舗独自の支払", payment_method_deleted_flag: "0", payment_method_note: "x" },
];

describe("classification list columns", () => {
  it("puts the registry's fields first in their order, then fields only the answer has, never token-like ones", () => {
    const columns = listColumns(paymentMethod, [...rows, { payment_method_id: "2", access_token: "secret" }]);
    expect(columns.map((c) => c.name)).toEqual(["payment_method_id", "payment_method_name", "payment_method_deleted_flag", "payment_method_note"]);
    expect(columns[3]?.field).toBeUndefined();
  });

  it("keeps id and name even for an empty answer", () => {
    expect(listColumns(receiveOrderUploadPattern, []).map((c) => c.name)).toEqual(["receive_order_upload_pattern_id", "receive_order_upload_pattern_name"]);
  });
});

describe("classification list cells", () => {
  const [id, name, hidden] = listColumns(paymentMethod, rows);
  it("translates known names and enum values, keeps ids and unknown names as they are", () => {
    expect(cellText(paymentMethod, name!, rows[0]!, "en")).toBe("Credit card");
    expect(cellText(paymentMethod, name!, rows[0]!, "ja")).toBe("クレジットカード");
    expect(cellText(paymentMethod, name!, rows[2]!, "en")).toBe("店舗独自の支払");
    expect(cellText(paymentMethod, hidden!, rows[1]!, "en")).toBe("Hidden");
    expect(cellText(paymentMethod, id!, rows[1]!, "en")).toBe("1");
  });
});

describe("classification list search", () => {
  const texts = (row: ApiRow) => [row.payment_method_id ?? "", row.payment_method_name ?? "", cellText(paymentMethod, { name: "payment_method_name", field: paymentMethod.fields[1] }, row, "en")];
  it("matches every word, ignoring case and full/half width, in raw and shown text", () => {
    expect(filterRows(rows, texts, "").length).toBe(3);
    expect(filterRows(rows, texts, "CREDIT").map((r) => r.payment_method_id)).toEqual(["0"]);
    expect(filterRows(rows, texts, "ｃａｒｄ").map((r) => r.payment_method_id)).toEqual(["0"]);
    expect(filterRows(rows, texts, "代金").map((r) => r.payment_method_id)).toEqual(["1"]);
    expect(filterRows(rows, texts, "credit 代金")).toEqual([]);
    expect(filterRows(rows, texts, "  777 ").map((r) => r.payment_method_id)).toEqual(["777"]);
  });
});

describe("classification list order", () => {
  it("orders ids as numbers, not as text", () => {
    const ids = ["10", "2", "1", "0", "99", "21"].map((id) => ({ payment_method_id: id }));
    expect(sortRows(paymentMethod, ids).map((r) => r.payment_method_id)).toEqual(["0", "1", "2", "10", "21", "99"]);
  });
});
