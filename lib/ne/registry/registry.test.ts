// The registry against the spec text: what the spec names must be in the registry, with the
// spec's types. Expected sets are parsed from spec/commerce-api.md, not written out here.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  OPERATORS,
  OPERATORS_BY_TYPE,
  OPERATOR_TYPES,
  acceptsOperator,
  classificationValues,
  getField,
  getOperation,
  getResource,
  operations,
  resources,
  searchOperations,
  type FieldDef,
  type FieldType,
  type ResourceDef,
  type ResourceKey,
} from "./index";
import { auditFields, field } from "./field";
import { SEARCH_BASES, searchPairOf } from "./search-bases";
import {
  auditPrefixes,
  conditionExamples,
  expandNames,
  firstColumn,
  idsInProse,
  otherResources,
  proseFields,
  sectionText,
  specOperations,
  tableFields,
  type SpecField,
} from "./testing/spec-tables";

// The spec's copy kept beside these tests, so that the repository tests itself; when the shared
// spec is beside the repository (a checkout in the team's tree, CI), the copy must be identical.
const SPEC_PATH = path.resolve(__dirname, "testing/commerce-api.md");
const SHARED_SPEC_PATH = path.resolve(__dirname, "../../../../shared/spec/commerce-api.md");
const spec = readFileSync(SPEC_PATH, "utf8");

const allResources: ResourceDef[] = Object.values(resources);

/** The official operator table kept in ./testing/operator-table.md: operator → the types taking it. */
function officialOperatorTable(): Map<string, FieldType[]> {
  const text = readFileSync(path.resolve(__dirname, "testing/operator-table.md"), "utf8");
  const types: FieldType[] = ["S", "N", "D"];
  const out = new Map<string, FieldType[]>();
  for (const line of text.split("\n")) {
    const cells = line.split("|").map((c) => c.trim());
    // | operator | meaning | value | string | number | date-time |
    if (cells.length !== 8 || !/^[a-z]+$/.test(cells[1] ?? "") || cells[1] === "operator") continue;
    out.set(cells[1] as string, types.filter((_, i) => cells[4 + i] === "yes"));
  }
  return out;
}

/** Names missing from a resource, and names whose type differs from the spec's. */
function compare(resource: ResourceDef, expected: readonly SpecField[]) {
  const byName = new Map(resource.fields.map((f) => [f.name, f]));
  const missing = expected.filter((e) => !byName.has(e.name)).map((e) => e.name);
  const wrongType = expected
    .filter((e) => e.type && byName.get(e.name) && byName.get(e.name)?.type !== e.type)
    .map((e) => `${e.name}: spec ${e.type}, registry ${byName.get(e.name)?.type}`);
  return { missing, wrongType };
}

function prefixed(prefix: string, fields: readonly SpecField[]): SpecField[] {
  return fields.map((f) => ({ ...f, name: `${prefix}${f.name}` }));
}

describe("the spec file", () => {
  it("is readable", () => {
    expect(spec.length).toBeGreaterThan(10_000);
  });

  // Only where the shared spec exists: a clone on its own has nothing to compare its copy with.
  it.runIf(existsSync(SHARED_SPEC_PATH))("is the shared spec, unchanged (copy ../shared/spec/commerce-api.md here when it changes)", () => {
    expect(spec === readFileSync(SHARED_SPEC_PATH, "utf8"), `${SPEC_PATH} differs from ${SHARED_SPEC_PATH}`).toBe(true);
  });
});

describe("the spec parser", () => {
  it("expands the shorthand of the field tables", () => {
    expect(expandNames("confirm_check_id / _name").map((f) => f.name)).toEqual(["confirm_check_id", "confirm_check_name"]);
    expect(expandNames("purchaser_name, _kana, _zip_code").map((f) => f.name)).toEqual([
      "purchaser_name",
      "purchaser_kana",
      "purchaser_zip_code",
    ]);
    expect(expandNames("seal1_id .. seal2_id and seal1_name .. seal2_name").map((f) => f.name)).toEqual([
      "seal1_id",
      "seal2_id",
      "seal1_name",
      "seal2_name",
    ]);
    expect(expandNames("type_id (N) / _name, date (D)")).toEqual([
      { name: "type_id", type: "N" },
      { name: "type_name" },
      { name: "date", type: "D" },
    ]);
    expect(expandNames("status_id / _name (S), fraction_id/_name")).toEqual([
      { name: "status_id", type: "S" },
      { name: "status_name", type: "S" },
      { name: "fraction_id" },
      { name: "fraction_name" },
    ]);
    expect(expandNames("mail send state, classification tags and the remaining audit fields")).toEqual([]);
  });
});

describe("operations of spec section 4", () => {
  const expected = specOperations(sectionText(spec, "4"));

  it("finds the table", () => {
    expect(expected.length).toBeGreaterThanOrEqual(30);
  });

  it("has every path with its kind", () => {
    const problems = expected.flatMap((e) => {
      const op = getOperation(e.path);
      if (!op) return [`${e.path}: missing`];
      if (op.kind !== e.kind) return [`${e.path}: kind ${op.kind}, spec ${e.kind}`];
      if (op.extension) return [`${e.path}: marked as an extension but listed by the spec`];
      return [];
    });
    expect(problems).toEqual([]);
  });

  it("takes the request extras the spec names", () => {
    const problems = expected.flatMap((e) => {
      const op = getOperation(e.path);
      return e.extras.filter((p) => !op?.extraParams.includes(p)).map((p) => `${e.path}: ${p}`);
    });
    expect(problems).toEqual([]);
  });

  it("knows the fields and operators of the condition examples", () => {
    const examples = conditionExamples(sectionText(spec, "4")).filter((c) =>
      (OPERATORS as readonly string[]).includes(c.operator),
    );
    expect(examples.length).toBeGreaterThan(10);
    const unknown = examples
      .filter((c) => !allResources.some((r) => r.fields.some((f) => f.name === c.field && (f.operators as readonly string[]).includes(c.operator))))
      .map((c) => `${c.field}-${c.operator}`);
    expect(unknown).toEqual([]);
  });
});

describe("fields of spec section 2", () => {
  it("2.5 order slip", () => {
    const expected = prefixed("receive_order_", tableFields(sectionText(spec, "2.5")));
    expect(expected.length).toBeGreaterThan(100);
    expect(compare(getResource("receiveOrder"), expected)).toEqual({ missing: [], wrongType: [] });
  });

  it("2.6 order row (prefix applied except to names written in full, as the section 4 examples show)", () => {
    const rowPrefix = "receive_order_row_";
    const examples = new Set(conditionExamples(sectionText(spec, "4")).map((c) => c.field));
    const expected = tableFields(sectionText(spec, "2.6")).map((f) => {
      const full = f.name.startsWith("receive_order_") && !examples.has(`${rowPrefix}${f.name}`);
      return { ...f, name: full ? f.name : `${rowPrefix}${f.name}` };
    });
    expect(expected.length).toBeGreaterThanOrEqual(30);
    expect(expected.map((f) => f.name)).toContain("receive_order_row_receive_order_id");
    expect(compare(getResource("receiveOrderRow"), expected)).toEqual({ missing: [], wrongType: [] });
  });

  it("2.7 goods master names the fields the spec shows", () => {
    const text = sectionText(spec, "2.7");
    const shown = /names are not shown beyond ([^)]*?), which appear/.exec(text)?.[1] ?? "";
    const expected = expandNames(shown.replace(/ and /g, ", "));
    expect(expected.map((f) => f.name)).toEqual(["goods_id", "goods_name", "stock_quantity", "supplier_name"]);
    expect(compare(getResource("goods"), expected)).toEqual({ missing: [], wrongType: [] });
  });

  it("2.8 goods stock", () => {
    const text = sectionText(spec, "2.8");
    const allQuantitiesN = /All quantities are N/.test(text);
    const expected = prefixed("stock_", proseFields(text, ";")).map((f) =>
      allQuantitiesN && f.name.endsWith("quantity") ? { ...f, type: f.type ?? ("N" as const) } : f,
    );
    expect(expected.length).toBeGreaterThanOrEqual(11);
    expect(compare(getResource("stock"), expected)).toEqual({ missing: [], wrongType: [] });
  });

  it("2.9 warehouse stock", () => {
    const expected = prefixed("warehouse_stock_", proseFields(sectionText(spec, "2.9"), ","));
    expect(expected.length).toBe(5);
    expect(compare(getResource("warehouseStock"), expected)).toEqual({ missing: [], wrongType: [] });
  });

  it("2.10 set goods", () => {
    const expected = prefixed("set_goods_", tableFields(sectionText(spec, "2.10")));
    expect(expected.length).toBeGreaterThan(25);
    expect(compare(getResource("setGoods"), expected)).toEqual({ missing: [], wrongType: [] });
  });

  it("2.11 goods images with their joined tag fields", () => {
    const text = sectionText(spec, "2.11");
    const own = prefixed("goods_image_", tableFields(text));
    const joinedLine = text.split("\n").find((l) => l.includes("joined fields")) ?? "";
    const joined = [...joinedLine.matchAll(/\b((?:goods_image_tag|image_tag)_[a-z0-9_]*[a-z0-9])\b/g)].map((m) => ({
      name: m[1] ?? "",
    }));
    expect(own.length).toBeGreaterThan(10);
    expect(joined.length).toBeGreaterThan(10);
    expect(compare(getResource("goodsImage"), [...own, ...joined])).toEqual({ missing: [], wrongType: [] });
  });

  describe("2.12 other resources", () => {
    const rows = otherResources(sectionText(spec, "2.12"));
    const candidates = allResources.filter((r) => r.section === "2.12");

    it("finds the table", () => {
      expect(rows.length).toBeGreaterThanOrEqual(19);
    });

    it.each(rows.map((r) => [r.title, r] as const))("%s", (_title, row) => {
      const expected = row.prefix ? prefixed(row.prefix, row.fields) : row.fields;
      expect(expected.length).toBeGreaterThan(0);
      const first = expected[0]?.name ?? "";
      const resource =
        candidates.find((r) => row.prefix !== undefined && r.prefix === row.prefix) ??
        candidates.find((r) => r.fields.some((f) => f.name === first));
      expect(resource, `no 2.12 resource for ${row.title}`).toBeDefined();
      if (resource) expect(compare(resource, expected)).toEqual({ missing: [], wrongType: [] });
    });
  });
});

describe("audit fields of spec 2.4", () => {
  const { nullSafe, plain } = auditPrefixes(sectionText(spec, "2.4"));
  const base = ["creation_date", "last_modified_date", "creator_id", "creator_name", "last_modified_by_id", "last_modified_by_name"];
  const safe = ["last_modified_null_safe_date", "last_modified_by_null_safe_id", "last_modified_by_null_safe_name"];

  it("finds both prefix lists", () => {
    expect(nullSafe.length).toBeGreaterThanOrEqual(10);
    expect(plain.length).toBeGreaterThanOrEqual(4);
  });

  it.each([...nullSafe.map((p) => [p, true] as const), ...plain.map((p) => [p, false] as const)])(
    "%s (null_safe variants: %s)",
    (prefix, withNullSafe) => {
      const names = [...base, ...(withNullSafe ? safe : [])].map((s) => `${prefix}${s}`);
      const owner = allResources.find((r) => r.fields.some((f) => f.name === `${prefix}creation_date`));
      expect(owner, `no resource carries ${prefix}creation_date`).toBeDefined();
      const have = new Set(owner?.fields.map((f) => f.name));
      expect(names.filter((n) => !have.has(n))).toEqual([]);
    },
  );

  it("types the audit fields as the spec does", () => {
    const f = auditFields("stock_", { nullSafe: true });
    expect(f.map((x) => [x.name, x.type])).toEqual([
      ["stock_creation_date", "D"],
      ["stock_last_modified_date", "D"],
      ["stock_last_modified_null_safe_date", "D"],
      ["stock_creator_id", "N"],
      ["stock_creator_name", "S"],
      ["stock_last_modified_by_id", "N"],
      ["stock_last_modified_by_null_safe_id", "N"],
      ["stock_last_modified_by_name", "S"],
      ["stock_last_modified_by_null_safe_name", "S"],
    ]);
    expect(auditFields("company_", { nullSafe: false }).some((x) => x.name.includes("null_safe"))).toBe(false);
  });
});

describe("states of spec section 3", () => {
  const enumValues = (key: ResourceKey, name: string) => getField(key, name)?.enum?.map((v) => v.value) ?? [];

  it("3.1 order statuses are the enum of receive_order_order_status_id and the classification values", () => {
    const ids = firstColumn(sectionText(spec, "3.1"));
    expect(ids.length).toBe(7);
    expect(ids.filter((id) => !enumValues("receiveOrder", "receive_order_order_status_id").includes(id))).toEqual([]);
    expect(ids.filter((id) => !classificationValues.orderStatus.some((v) => v.id === id))).toEqual([]);
  });

  it("3.2 image statuses are the enum of goods_image_status", () => {
    const statuses = firstColumn(sectionText(spec, "3.2"));
    expect(statuses.length).toBe(6);
    expect(statuses.filter((s) => !enumValues("goodsImage", "goods_image_status").includes(s))).toEqual([]);
  });
});

describe("classification values", () => {
  const rows = otherResources(sectionText(spec, "2.12"));
  const keyOf: Record<string, keyof typeof classificationValues> = {
    payment_method_id: "paymentMethod",
    credit_type_id: "creditType",
    returned_reason_id: "returnedReason",
    social_insurance_id: "socialInsurance",
    forwarding_method_id: "forwardingMethod",
    merchandise_id: "merchandise",
    goods_type_id: "goodsType",
    order_status_id: "orderStatus",
  };

  it("hold every id the spec names", () => {
    const problems = rows.flatMap((row) => {
      const idField = (row.prefix ? prefixed(row.prefix, row.fields) : row.fields).find((f) => f.name in keyOf);
      if (!idField) return [];
      const key = keyOf[idField.name];
      if (!key) return [];
      const have = classificationValues[key].map((v) => v.id);
      return idsInProse(row.rest)
        .filter((id) => !have.includes(id))
        .map((id) => `${key}: ${id}`);
    });
    expect(idsInProse("Ids 0 to 9 returned; 0 means none.")).toHaveLength(10);
    expect(problems).toEqual([]);
  });

  it("count as many payment methods as the spec's sample", () => {
    const n = Number(/Payment classifications \((\d+) in the sample\)/.exec(spec)?.[1]);
    expect(n).toBeGreaterThan(0);
    expect(classificationValues.paymentMethod).toHaveLength(n);
  });

  it("have unique ids and both labels", () => {
    for (const [key, list] of Object.entries(classificationValues)) {
      expect(new Set(list.map((v) => v.id)).size, key).toBe(list.length);
      expect(list.filter((v) => !v.ja.trim() || !v.en.trim()), key).toEqual([]);
    }
  });
});

describe("registry invariants", () => {
  const everyField: [ResourceKey, FieldDef][] = allResources.flatMap((r) => r.fields.map((f) => [r.key, f] as [ResourceKey, FieldDef]));

  it("labels every field and every resource in Japanese and English", () => {
    expect(everyField.filter(([, f]) => !f.label.ja.trim() || !f.label.en.trim()).map(([k, f]) => `${k}.${f.name}`)).toEqual([]);
    expect(allResources.filter((r) => !r.label.ja.trim() || !r.label.en.trim()).map((r) => r.key)).toEqual([]);
  });

  it("labels every enum value in both languages", () => {
    const bad = everyField.flatMap(([k, f]) =>
      (f.enum ?? []).filter((v) => !v.label.ja.trim() || !v.label.en.trim()).map((v) => `${k}.${f.name}=${v.value}`),
    );
    expect(bad).toEqual([]);
  });

  it("names fields uniquely within a resource", () => {
    const dups = allResources.flatMap((r) => {
      const seen = new Set<string>();
      return r.fields.filter((f) => (seen.has(f.name) ? true : (seen.add(f.name), false))).map((f) => `${r.key}.${f.name}`);
    });
    expect(dups).toEqual([]);
  });

  it("keys resources by their own key, with primary and title fields that exist", () => {
    for (const [key, r] of Object.entries(resources)) {
      expect(r.key).toBe(key);
      for (const pk of r.primaryKey) expect(getField(r.key, pk), `${key}.${pk}`).toBeDefined();
      if (r.titleField) expect(getField(r.key, r.titleField), `${key}.${r.titleField}`).toBeDefined();
    }
  });

  it("gives every field exactly the operators the official table accepts for its type", () => {
    const table = officialOperatorTable();
    const problems = everyField.flatMap(([k, f]) => {
      const expected = OPERATORS.filter((op) => table.get(op)?.includes(f.type));
      return [...f.operators].sort().join(" ") === [...expected].sort().join(" ") ? [] : [`${k}.${f.name} (${f.type}): ${f.operators.join(" ")}`];
    });
    expect(problems).toEqual([]);
    // Enum-like fields keep what their type allows (the order status is a string in the spec).
    const status = getField("receiveOrder", "receive_order_order_status_id");
    expect(status?.enum).toBeDefined();
    expect(status?.operators).toEqual(OPERATORS_BY_TYPE.S);
    expect(status && acceptsOperator(status, "in")).toBe(true);
    expect(status && acceptsOperator(status, "lt")).toBe(false);
    const orderDate = getField("receiveOrder", "receive_order_date");
    expect(orderDate && acceptsOperator(orderDate, "in")).toBe(false);
    expect(orderDate && acceptsOperator(orderDate, "like")).toBe(false);
    expect(orderDate && acceptsOperator(orderDate, "gte")).toBe(true);
  });

  it("does not let the order grouping tag be searched, and lets the rest be", () => {
    expect(getField("receiveOrder", "receive_order_gruoping_tag")?.searchable).toBe(false);
    expect(getResource("receiveOrder").fields.filter((f) => !f.searchable).map((f) => f.name)).toEqual(["receive_order_gruoping_tag"]);
  });

  it("gives every search a count twin and every twin back", () => {
    const problems = searchOperations().flatMap((s) => {
      const twin = s.twin ? getOperation(s.twin) : undefined;
      if (!twin || twin.kind !== "count") return [`${s.path}: no count twin`];
      if (twin.twin !== s.path || twin.resource !== s.resource) return [`${s.path}: twin ${twin.path} does not point back`];
      return [];
    });
    expect(searchOperations().length).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it("finds the search and count a grid of a resource reads, and nothing for a resource without a search", () => {
    expect(searchPairOf("receiveOrder")).toEqual({ search: "/api_v1_receiveorder_base/search", count: "/api_v1_receiveorder_base/count" });
    expect(searchPairOf("warehouseStock")).toEqual({ search: "/api_v1_warehouse_stock/search", count: "/api_v1_warehouse_stock/count" });
    for (const s of searchOperations()) expect(searchPairOf(s.resource)).toEqual({ search: s.path, count: s.twin });
    for (const key of Object.keys(SEARCH_BASES) as ResourceKey[]) expect(getOperation(searchPairOf(key)?.search ?? "")?.resource).toBe(key);
    expect(searchPairOf("paymentMethod")).toBeUndefined();
    expect(searchPairOf("company")).toBeUndefined();
  });

  it("keeps the sign-in operations and the uploads (journal only) away from the browser", () => {
    expect(getOperation("/api_neauth")?.browser).toBe(false);
    expect(getOperation("/api_app/company")?.browser).toBe(false);
    expect(operations.filter((o) => !o.browser).map((o) => o.path).sort()).toEqual([
      "/api_app/company",
      "/api_neauth",
      "/api_v1_master_goods/upload",
      "/api_v1_warehouse_stock/upload",
    ]);
  });

  it("has the DESIGN.md extensions, marked as such", () => {
    for (const p of [
      "/api_v1_receiveorder_base/count",
      "/api_v1_master_goods/count",
      "/api_v1_receiveorder_row/search",
      "/api_v1_master_shop/search",
      "/api_v1_master_wholesale/search",
      "/api_v1_system_que/search",
      "/api_v1_system_que/count",
      "/api_v1_warehouse_base/search",
      "/api_v1_warehouse_base/count",
      "/api_v1_login_user/info",
    ]) {
      expect(getOperation(p)?.extension, p).toBe(true);
    }
  });

  it("has unique paths, and resources for every operation", () => {
    expect(new Set(operations.map((o) => o.path)).size).toBe(operations.length);
    expect(operations.filter((o) => !(o.resource in resources)).map((o) => o.path)).toEqual([]);
  });

  it("takes choices only from existing operations, whose rows hold the value and label fields", () => {
    const problems = everyField.flatMap(([k, f]) => {
      if (!f.choicesFrom) return [];
      const op = getOperation(f.choicesFrom.path);
      if (!op) return [`${k}.${f.name}: ${f.choicesFrom.path} is not an operation`];
      const missing = [f.choicesFrom.valueField, f.choicesFrom.labelField, ...(f.choicesFrom.shortLabelField ? [f.choicesFrom.shortLabelField] : [])].filter((n) => !getField(op.resource, n));
      return missing.map((n) => `${k}.${f.name}: ${n} is not a field of ${op.resource}`);
    });
    expect(problems).toEqual([]);
  });

  it("formats fields by type unless told otherwise", () => {
    expect(field("x", "D", "日", "Date").format).toBe("datetime");
    expect(field("x", "N", "数", "Number").format).toBe("number");
    expect(field("x", "S", "字", "Text").format).toBe("text");
    expect(field("x", "S", "字", "Text", { enum: [{ value: "1", label: { ja: "一", en: "One" } }] }).format).toBe("enum");
    expect(field("x", "S", "字", "Text").searchable).toBe(true);
    expect(everyField.filter(([, f]) => f.type === "D" && f.format !== "datetime").map(([, f]) => f.name)).toEqual([]);
  });
});

describe("lookups", () => {
  it("finds operations with or without a trailing slash", () => {
    expect(getOperation("/api_neauth")?.kind).toBe("auth");
    expect(getOperation("/api_neauth/")?.kind).toBe("auth");
    expect(getOperation("/api_v1_master_goods/search/")?.resource).toBe("goods");
    expect(getOperation("/api_v1_nothing/search")).toBeUndefined();
    expect(getOperation("/")).toBeUndefined();
  });

  it("finds fields by resource and name", () => {
    expect(getField("stock", "stock_goods_id")?.type).toBe("S");
    expect(getField("stock", "goods_id")).toBeUndefined();
  });

  it("has the official operator table: which types take each operator", () => {
    const table = officialOperatorTable();
    expect([...table.keys()].sort()).toEqual([...OPERATORS].sort());
    for (const op of OPERATORS) expect([...OPERATOR_TYPES[op]].sort(), op).toEqual([...(table.get(op) ?? [])].sort());
    for (const type of ["S", "N", "D"] as const) {
      expect(OPERATORS_BY_TYPE[type], type).toEqual(OPERATORS.filter((op) => table.get(op)?.includes(type)));
    }
    // What the filter builder must never offer.
    expect(OPERATORS_BY_TYPE.S).not.toContain("lt");
    expect(OPERATORS_BY_TYPE.S).not.toContain("gt");
    expect(OPERATORS_BY_TYPE.D).not.toContain("in");
    expect(OPERATORS_BY_TYPE.D).not.toContain("like");
    expect(OPERATORS_BY_TYPE.N).not.toContain("like");
  });

  it("builds fields with their type's operators", () => {
    expect(field("x_name", "S", "名", "Name").operators).toEqual(OPERATORS_BY_TYPE.S);
    expect(field("x_id", "N", "ID", "ID", { enum: [] }).operators).toEqual(OPERATORS_BY_TYPE.N);
    expect(field("x_date", "D", "日", "Date").operators).toEqual(OPERATORS_BY_TYPE.D);
  });
});
