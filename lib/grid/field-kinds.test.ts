import { describe, expect, it } from "vitest";
import { OPERATORS_BY_TYPE, resources } from "@/lib/ne/registry";
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

  it("offers on every field of the registry only operators of its type, and always some", () => {
    const problems: string[] = [];
    for (const resource of Object.values(resources)) {
      for (const f of resource.fields.filter((x) => x.searchable)) {
        for (const hasChoices of [false, true]) {
          const ops = offeredOperators(f, fieldKind(f, hasChoices));
          if (ops.length === 0) problems.push(`${f.name}: nothing offered`);
          for (const op of ops) {
            const needs = op === BETWEEN ? (["gte", "lte"] as const) : [op];
            for (const n of needs) if (!OPERATORS_BY_TYPE[f.type].includes(n)) problems.push(`${f.name} (${f.type}) ${op}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it("offers a number comparisons and lists, never contains", () => {
    const total = field("receive_order_total_amount");
    const ops = offeredOperators(total, fieldKind(total, false));
    expect(ops).toEqual(expect.arrayContaining(["eq", "gte", "lte", "gt", "lt", "in", "nin"]));
    expect(ops).not.toContain("like");
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
