import { describe, expect, it } from "vitest";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { BETWEEN, fieldKind, fieldMatches, offeredOperators } from "./field-kinds";
import { validateFilter } from "./filters";

const field = (name: string) => {
  const f = receiveOrder.fields.find((x) => x.name === name);
  if (!f) throw new Error(`no field ${name}`);
  return f;
};

describe("offeredOperators", () => {
  it("offers a status is / is not / any of / none of, never a comparison or a pattern", () => {
    const status = field("receive_order_order_status_id");
    const ops = offeredOperators(status, fieldKind(status, true));
    expect(ops).toEqual(["in", "eq", "neq", "nin"]);
    expect(ops).not.toContain("lt");
    expect(ops).not.toContain("like");
  });

  it("offers a text contains and equality, not comparisons", () => {
    const name = field("receive_order_purchaser_name");
    const ops = offeredOperators(name, fieldKind(name, false));
    expect(ops[0]).toBe("like");
    expect(ops).toContain("eq");
    expect(ops).not.toContain("lt");
    expect(ops).not.toContain("gte");
  });

  it("offers a date a range of days, on or after, on or before", () => {
    const date = field("receive_order_date");
    const ops = offeredOperators(date, fieldKind(date, false));
    expect(ops.slice(0, 3)).toEqual([BETWEEN, "gte", "lte"]);
    expect(ops).not.toContain("like");
    expect(ops).not.toContain("in");
  });

  it("offers only operators the filter check accepts", () => {
    for (const f of receiveOrder.fields.filter((x) => x.searchable)) {
      for (const op of offeredOperators(f, fieldKind(f, Boolean(f.enum)))) {
        if (op === BETWEEN) continue;
        const value = op === "in" || op === "nin" ? ["1"] : f.type === "D" ? "2026-11-23" : "1";
        expect(validateFilter(receiveOrder, { field: f.name, op, value }), `${f.name} ${op}`).not.toBeNull();
      }
    }
  });
});

describe("fieldMatches", () => {
  const status = field("receive_order_order_status_id");
  it("finds a field by its Japanese label, its English label or its API name", () => {
    expect(fieldMatches(status, status.label.ja.slice(0, 2))).toBe(true);
    expect(fieldMatches(status, status.label.en.toUpperCase())).toBe(true);
    expect(fieldMatches(status, "order_status")).toBe(true);
    expect(fieldMatches(status, "ｏｒｄｅｒ＿ｓｔａｔｕｓ")).toBe(true);
    expect(fieldMatches(status, "zzz")).toBe(false);
  });
});
