// Every grid definition against the registry and the catalogues: what a definition names exists,
// its quick filters write filters the registry accepts, its texts are in both languages, and its
// record key round-trips. A new definition is checked by adding it to DEFINITIONS.
import { describe, expect, it } from "vitest";
import { goodsGrid } from "@/components/goods/goods-grid";
import { imagesGrid } from "@/components/images/images-grid";
import * as catalogGrids from "@/components/masters/catalog-grids";
import * as orderSettingGrids from "@/components/masters/order-setting-grids";
import * as purchasingGrids from "@/components/masters/purchasing-grids";
import * as systemGrids from "@/components/masters/system-grids";
import { masterScreens } from "@/components/masters/screens";
import { orderRowsGrid } from "@/components/orders/order-rows-grid";
import { ordersGrid } from "@/components/orders/orders-grid";
import { settingsGrids } from "@/components/settings/grids";
import { stockGrid } from "@/components/stock/stock-grid";
import { warehouseStockGrid } from "@/components/stock/warehouse-stock-grid";
import { fieldMap, validateFilter } from "@/lib/grid/filters";
import { quickFilterFields } from "@/lib/grid/quick-filters";
import { getOperation, type Operator } from "@/lib/ne/registry";
import en from "@/messages/en.json";
import ja from "@/messages/ja.json";
import type { GridDefinition } from "./grid-definition";

const isDefinition = (value: unknown): value is GridDefinition => typeof value === "object" && value !== null && "searchPath" in value && "resource" in value;
const masters = [catalogGrids, orderSettingGrids, purchasingGrids, systemGrids].flatMap((m) => Object.values(m).filter(isDefinition));
const DEFINITIONS: readonly GridDefinition[] = [ordersGrid, orderRowsGrid, goodsGrid, stockGrid, warehouseStockGrid, imagesGrid, ...masters];

function message(catalogue: unknown, key: string): unknown {
  return key.split(".").reduce<unknown>((node, part) => (node && typeof node === "object" ? (node as Record<string, unknown>)[part] : undefined), catalogue);
}

function messageKeys(d: GridDefinition): string[] {
  const keys: string[] = [d.texts.label, d.texts.emptyTitle, d.texts.filteredTitle, ...(d.texts.emptyBody ? [d.texts.emptyBody] : [])];
  for (const link of d.links ?? []) keys.push(link.label);
  for (const q of d.quickFilters ?? []) {
    if (q.label) keys.push(q.label);
    if (q.kind === "keyword") {
      if (q.targetLabel) keys.push(q.targetLabel);
      for (const t of [...q.targets, ...(q.exact ?? [])]) if (t.label) keys.push(t.label);
    }
    if (q.kind === "toggle") for (const o of q.options) keys.push(o.label);
  }
  return keys;
}

describe("grid definitions", () => {
  it("cover every grid of the settings page and every grid screen of the masters, once each", () => {
    const ids = DEFINITIONS.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(settingsGrids.map((g) => g.id).sort());
    for (const s of masterScreens.filter((s) => s.kind === "grid")) expect(ids).toContain(s.slug);
  });

  it.each(DEFINITIONS.map((d) => [d.id, d] as const))("%s reads its resource's search and count twin", (_id, d) => {
    const search = getOperation(d.searchPath);
    expect(search).toMatchObject({ kind: "search", resource: d.resource.key, twin: d.countPath, browser: true });
    expect(getOperation(d.countPath)).toMatchObject({ kind: "count", resource: d.resource.key });
    const screen = masterScreens.find((s) => s.slug === d.id);
    if (screen) expect(screen.path).toBe(d.searchPath);
  });

  it.each(DEFINITIONS.map((d) => [d.id, d] as const))("%s names only fields of its resource", (_id, d) => {
    const fields = fieldMap(d.resource);
    const named = [
      ...d.defaultColumns,
      ...(d.drawerGroups ?? []).flatMap((g) => g.fields),
      ...Object.keys(d.cells ?? {}),
      ...Object.values(d.cells ?? {}).flatMap((c) => c.needs ?? []),
      ...Object.keys(d.choices ?? {}),
      ...Object.entries(d.rowNames ?? {}).flat(),
    ];
    expect(named.filter((name) => !fields.has(name))).toEqual([]);
    expect(d.keyFields).toEqual(d.resource.primaryKey);
  });

  it.each(DEFINITIONS.map((d) => [d.id, d] as const))("%s has quick filters on searchable fields that write filters the registry accepts", (_id, d) => {
    const fields = fieldMap(d.resource);
    for (const q of d.quickFilters ?? []) {
      for (const name of quickFilterFields(q)) expect(fields.get(name)?.searchable, `${q.kind} ${name}`).toBe(true);
      // "any of" searches one of the targets: each of its fields must be one.
      if (q.kind === "keyword") for (const name of q.anyOf?.fields ?? []) expect(q.targets.map((t) => t.field), `anyOf ${name}`).toContain(name);
      if (q.kind === "toggle") {
        expect(q.options.filter((o) => o.filter === null), `${q.field}: one option without a filter`).toHaveLength(1);
        for (const o of q.options) if (o.filter) expect(validateFilter(d.resource, { field: q.field, ...o.filter })).toEqual({ field: q.field, ...o.filter });
      }
      if (q.kind === "choice") {
        const field = fields.get(q.field);
        expect(Boolean(q.source || field?.enum || d.choices?.[q.field] || field?.choicesFrom), `${q.field} has choices`).toBe(true);
      }
      if (q.kind === "dateRange") expect(fields.get(q.field)?.type).toBe("D");
      if (q.kind === "keyword") expect(q.targets.length).toBeGreaterThan(0);
      // Each control writes only operators the registry gives its field (the official table).
      const takes = (name: string, op: Operator) => fields.get(name)?.operators.includes(op) ?? false;
      if (q.kind === "keyword") {
        for (const t of q.targets) expect(takes(t.field, "like"), `keyword ${t.field} like`).toBe(true);
        for (const e of q.exact ?? []) expect(takes(e.field, "eq"), `exact ${e.field} eq`).toBe(true);
      }
      if (q.kind === "choice") expect(takes(q.field, "in"), `choice ${q.field} in`).toBe(true);
      if (q.kind === "toggle") for (const o of q.options) if (o.filter) expect(takes(q.field, o.filter.op), `toggle ${q.field} ${o.filter.op}`).toBe(true);
      if (q.kind === "dateRange") for (const op of ["gte", "lte"] as const) expect(takes(q.field, op), `date ${q.field} ${op}`).toBe(true);
    }
  });

  it.each(DEFINITIONS.map((d) => [d.id, d] as const))("%s links to grids by fields that take what the link writes", (_id, d) => {
    for (const link of d.links ?? []) {
      if (!link.carry) continue;
      const { target, key, fields: twins } = link.carry;
      const targetFields = fieldMap(target);
      // The records shown are named with an `in` list on the target's key field.
      expect(targetFields.get(key.to)?.operators, `${link.href} ${key.to}`).toContain("in");
      // A filter carried as it is needs a twin of the same type (so the same operators).
      for (const [from, to] of Object.entries(twins)) expect(targetFields.get(to)?.type, `${from} → ${to}`).toBe(fieldMap(d.resource).get(from)?.type);
    }
  });

  it.each(DEFINITIONS.map((d) => [d.id, d] as const))("%s has its texts in Japanese and English", (_id, d) => {
    for (const key of messageKeys(d)) {
      expect(typeof message(ja, key), `ja ${key}`).toBe("string");
      expect(typeof message(en, key), `en ${key}`).toBe("string");
    }
  });

  it("keys an order slip by its digits, so `open=1234` links keep working", () => {
    expect(ordersGrid.rowKey({ receive_order_id: "1234" })).toBe("1234");
    expect(ordersGrid.keyConditions("1234")).toEqual([{ field: "receive_order_id", op: "eq", value: "1234" }]);
    expect(ordersGrid.keyConditions("12a")).toBeNull();
    expect(imagesGrid.rowKey({ goods_image_id: "77" })).toBe("77");
  });

  it("keys an order row by slip and row number from the primary key", () => {
    const key = orderRowsGrid.rowKey({ receive_order_row_receive_order_id: "1234", receive_order_row_no: "2" });
    expect(orderRowsGrid.keyConditions(key)).toEqual([
      { field: "receive_order_row_receive_order_id", op: "eq", value: "1234" },
      { field: "receive_order_row_no", op: "eq", value: "2" },
    ]);
    expect(orderRowsGrid.keyConditions("1234")).toBeNull();
  });
});
