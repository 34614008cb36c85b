// The registry against the official field lists kept in this folder: every field the registry
// gives an operation is a name its list shows, with the list's type; every field of the
// operation's own table is in the registry. The few names no list shows are written out below,
// each with the source that keeps it; operations with no stored list are written out too.
import { describe, expect, it } from "vitest";
import { getResource, operations, type OperationDef } from "../index";
import { OFFICIAL_LISTS, officialFields, type OfficialList } from "./index";

/** Names a list does not show, kept because another written source shows them (each field's note says which). */
const KEPT_WITHOUT_LIST: Readonly<Record<string, readonly string[]>> = {
  "/api_v1_master_goods/search": ["goods_deleted_flag"],
  "/api_v1_receiveorder_base/search": [
    "receive_order_reminder_start_date",
    "receive_order_reminder_last_date",
    "receive_order_reminder_count",
    "receive_order_deleted_flag",
  ],
  "/api_v1_placeorder_row/search": [
    "place_order_row_last_modified_null_safe_date",
    "place_order_row_last_modified_by_null_safe_id",
    "place_order_row_last_modified_by_null_safe_name",
  ],
};

/** Operations the registry has and no stored official list covers (searched for, not found). */
const NO_STORED_LIST = [
  "/api_app/company",
  "/api_neauth",
  "/api_v1_login_company/info",
  "/api_v1_login_user/info",
  "/api_v1_receiveorder_groupingtag/search",
  "/api_v1_receiveorder_paymentdeliveryconvert/search",
  "/api_v1_receiveorder_forwardingagent/search",
  "/api_v1_receiveorder_uploadpattern/info",
  "/api_v1_master_goodstag/search",
  "/api_v1_master_goodsimage/search",
  "/api_v1_master_wholesale/search",
  "/api_v1_warehouse_stock/search",
  "/api_v1_supplyorder_base/search",
  "/api_v1_system_que/search",
  "/api_v1_system_credittype/info",
  "/api_v1_system_returnedreason/info",
  "/api_v1_system_orderstatus/info",
  "/api_v1_system_socialinsurance/info",
  "/api_v1_system_forwardingmethod/info",
  "/api_v1_system_merchandise/info",
  "/api_v1_system_goodstype/info",
].sort();

/** The operation whose field list applies: a count reads the fields of its search twin. */
function listedPath(op: OperationDef): string {
  return op.kind === "count" && op.twin ? op.twin : op.path;
}

/** Operations that read fields (not the uploads). */
const readers = operations.filter((o) => o.kind !== "upload");

function listOf(op: OperationDef): OfficialList | undefined {
  return OFFICIAL_LISTS.get(listedPath(op));
}

describe("official field lists (lib/ne/registry/official)", () => {
  it("each list names its page, and each table its public copy where it was read from one", () => {
    expect(OFFICIAL_LISTS.size).toBeGreaterThanOrEqual(12);
    for (const list of OFFICIAL_LISTS.values()) {
      expect(list.page).toMatch(/^https:\/\/developer\.next-engine\.com\//);
      expect(list.tables.filter((t) => t.own).length, list.operation).toBeGreaterThanOrEqual(1);
      for (const t of list.tables) {
        expect(t.fields.length, `${list.operation} ${t.table}`).toBeGreaterThan(0);
        for (const f of t.fields) expect(f.name).toMatch(/^[a-z][a-z0-9_]*$/);
        if (t.copy) expect(t.copy.commit).toMatch(/^[0-9a-f]{40}$/);
      }
    }
  });

  it("every operation of the registry has a stored list, or is written out as having none", () => {
    const without = [...new Set(readers.filter((o) => !listOf(o)).map(listedPath))].sort();
    expect(without).toEqual(NO_STORED_LIST);
  });

  it("every registry field is a name its operation's list shows, or a written exception with a note", () => {
    const unknown: string[] = [];
    const undocumented: string[] = [];
    for (const op of readers) {
      const list = listOf(op);
      if (!list) continue;
      const shown = officialFields(list);
      const kept = new Set(KEPT_WITHOUT_LIST[list.operation] ?? []);
      for (const f of getResource(op.resource).fields) {
        if (shown.has(f.name)) continue;
        if (!kept.has(f.name)) unknown.push(`${op.path} ${f.name}`);
        else if (!f.note) undocumented.push(`${op.path} ${f.name}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(undocumented).toEqual([]);
  });

  it("the written exceptions are still needed: in the registry and not in the list", () => {
    for (const [path, names] of Object.entries(KEPT_WITHOUT_LIST)) {
      const list = OFFICIAL_LISTS.get(path);
      const op = operations.find((o) => o.path === path);
      expect(list && op, path).toBeTruthy();
      if (!list || !op) continue;
      const shown = officialFields(list);
      const registry = new Set(getResource(op.resource).fields.map((f) => f.name));
      for (const name of names) {
        expect(shown.has(name), `${path} ${name} is in the list now`).toBe(false);
        expect(registry.has(name), `${path} ${name} left the registry`).toBe(true);
      }
    }
  });

  it("every registry field has the type its list gives", () => {
    const wrong: string[] = [];
    for (const op of readers) {
      const list = listOf(op);
      if (!list) continue;
      const shown = officialFields(list);
      for (const f of getResource(op.resource).fields) {
        const official = shown.get(f.name);
        if (official?.type && official.type !== f.type) wrong.push(`${op.path} ${f.name}: ${f.type}, list ${official.type}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("every field of an operation's own table is in the registry", () => {
    const missing: string[] = [];
    for (const op of readers) {
      const list = listOf(op);
      if (!list) continue;
      const registry = new Set(getResource(op.resource).fields.map((f) => f.name));
      for (const t of list.tables.filter((x) => x.own)) {
        for (const f of t.fields) if (!registry.has(f.name)) missing.push(`${op.path} ${f.name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it("a field of an operation without a list has the type any list gives the same name", () => {
    const types = new Map<string, string>();
    for (const list of OFFICIAL_LISTS.values()) for (const [name, f] of officialFields(list)) if (f.type) types.set(name, f.type);
    const wrong: string[] = [];
    for (const op of readers.filter((o) => !listOf(o))) {
      for (const f of getResource(op.resource).fields) {
        const t = types.get(f.name);
        if (t && t !== f.type) wrong.push(`${op.path} ${f.name}: ${f.type}, list ${t}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it("the goods list decides the names once guessed (issue 30)", () => {
    const goods = officialFields(OFFICIAL_LISTS.get("/api_v1_master_goods/search") as OfficialList);
    for (const name of [
      "goods_first_available_date",
      "goods_last_available_date",
      "goods_origin_place",
      "goods_raw_materials",
      "goods_preservation_method",
      "goods_warranty",
      "goods_option_noshi_id",
    ]) {
      expect(goods.get(name)?.own, name).toBe(true);
    }
    for (const guessed of ["goods_sale_start_date", "goods_origin", "goods_hs_code", "goods_invoice_commodity_name", "goods_gift_wrapping_id"]) {
      expect(goods.has(guessed), guessed).toBe(false);
    }
    expect(goods.get("goods_delivery_mail_maximum_quality")?.type).toBe("S");
    expect(goods.get("goods_designated_delivery_date")?.type).toBe("S");
  });
});
