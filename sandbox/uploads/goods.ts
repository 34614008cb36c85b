// Goods master upload (/api_v1_master_goods/upload, spec 4): creates or updates goods by
// syohin_code with the columns of the spec's sample. An empty cell leaves the field as it is (a
// new goods gets it empty). zaiko_su sets the goods' stock (the difference goes to warehouse 1,
// 基本拠点, which must keep at least what is allocated there), yoyaku_zaiko_su the reserved stock;
// tag replaces the goods tags; image_url_http adds an image waiting for download (status 0).
// All or nothing.
import { classificationValues, GOODS_CONDITION } from "../../lib/ne/registry";
import type { SandboxDb } from "../db";
import { loadRows } from "../loader";
import type { RegistryIndex } from "../registry";
import { COMPANY_COLUMN } from "../schema";
import { DELIVERY_METHODS } from "../generate/masters";
import { normalizeDateTime } from "../time";
import { ProblemList, reason, UploadError, type Reason } from "./errors";
import { col, createdValues, fieldNames, modifiedSet, onlyFields, readWarehouseStock, stockKey, table, writeWarehouseStock, type Actor } from "./stock";
import { cell, columnRef, readTable } from "./table";
import { parseCount, type UploadSummary } from "./warehouse-stock";

type Kind =
  | { kind: "text"; max: number }
  | { kind: "int" }
  | { kind: "decimal"; max: number }
  | { kind: "date" }
  | { kind: "choice"; values: readonly { id: string; name: string }[] }
  | { kind: "flag" }
  | { kind: "jan" }
  | { kind: "url" }
  | { kind: "tags" }
  /** Free code; the name is known for some codes. */
  | { kind: "code"; names: ReadonlyMap<string, string> };

interface ColumnDef {
  /** Goods field it sets (none: handled apart). */
  field?: string;
  /** Field that takes the choice's name. */
  nameField?: string;
  type: Kind;
}

const text = (max = 255): Kind => ({ kind: "text", max });
const LONG = 65_535;
const INT: Kind = { kind: "int" };
const MONEY: Kind = { kind: "decimal", max: 999_999_999 };
const SIZE: Kind = { kind: "decimal", max: 999_999 };
const DATE: Kind = { kind: "date" };
const FLAG: Kind = { kind: "flag" };
const choice = (list: readonly { id: string; ja: string }[]): Kind => ({ kind: "choice", values: list.map((v) => ({ id: v.id, name: v.ja })) });

const STATUS_KBN = [
  { id: "0", ja: "準備中" },
  { id: "1", ja: "販売中" },
  { id: "2", ja: "販売終了" },
];

/** The columns of the spec's sample, in its order. */
export const GOODS_COLUMNS: Readonly<Record<string, ColumnDef>> = {
  syohin_code: { field: "goods_id", type: text(50) },
  sire_code: { field: "goods_supplier_id", type: text(50) },
  jan_code: { field: "goods_jan_code", type: { kind: "jan" } },
  maker_name: { field: "goods_maker_name", type: text() },
  maker_kana: { field: "goods_maker_kana", type: text() },
  maker_jyusyo: { field: "goods_maker_address", type: text() },
  maker_yubin_bangou: { field: "goods_maker_zip_code", type: text(10) },
  kataban: { field: "goods_model_number", type: text() },
  // hs_code and invoice_commodity_name: columns of the spec's sample that no search field shows
  // (the official goods list has none), so a cell is checked and not stored.
  hs_code: { type: text(20) },
  iro: { field: "goods_color", type: text() },
  syohin_name: { field: "goods_name", type: text() },
  gaikoku_syohin_name: { field: "goods_foreign_name", type: text() },
  invoice_commodity_name: { type: text() },
  syohin_kbn: { field: "goods_type_id", nameField: "goods_type_name", type: choice(classificationValues.goodsType) },
  toriatukai_kbn: { field: "goods_merchandise_id", nameField: "goods_merchandise_name", type: choice(classificationValues.merchandise) },
  genka_tnk: { field: "goods_cost_price", type: MONEY },
  hyoji_tnk: { field: "goods_display_price", type: MONEY },
  baika_tnk: { field: "goods_selling_price", type: MONEY },
  gaikoku_baika_tnk: { field: "goods_foreign_selling_price", type: MONEY },
  kake_ritu: { field: "goods_wholesale_retail_ratio", type: { kind: "decimal", max: 1000 } },
  omosa: { field: "goods_weight", type: SIZE },
  haba: { field: "goods_width", type: SIZE },
  okuyuki: { field: "goods_length", type: SIZE },
  takasa: { field: "goods_height", type: SIZE },
  yusou_kbn: { field: "goods_forwarding_method_id", nameField: "goods_forwarding_method_name", type: choice(classificationValues.forwardingMethod) },
  syohin_status_kbn: { field: "goods_status_id", nameField: "goods_status_name", type: choice(STATUS_KBN) },
  hatubai_bi: { field: "goods_release_date", type: DATE },
  zaiko_teisu: { field: "goods_stock_constant", type: INT },
  hachu_ten: { field: "goods_order_point", type: INT },
  lot: { field: "goods_lot", type: INT },
  keisai_tantou: { field: "goods_publication_pic_name", type: text() },
  keisai_bi: { field: "goods_publication_date", type: DATE },
  bikou: { field: "goods_note", type: text(LONG) },
  daihyo_syohin_code: { field: "goods_representation_id", type: text(50) },
  visible_flg: { field: "goods_visible_flag", type: FLAG },
  mail_tag: { field: "goods_mail_tag_id", type: text() },
  tag: { type: { kind: "tags" } },
  location: { field: "goods_location", type: text() },
  mail_send_flg: { field: "goods_delivery_mail_flag", type: FLAG },
  mail_send_num: { field: "goods_delivery_mail_maximum_quality", type: INT },
  gift_ok_flg: { field: "goods_gift_ok_flg", type: FLAG },
  size: { field: "goods_size", type: text() },
  ...Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`org_select${i + 1}`, { field: `goods_${i + 1}_select_id`, type: INT }])),
  ...Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`org${i + 1}`, { field: `goods_${i + 1}_item`, type: text(LONG) }])),
  maker_kataban: { field: "goods_maker_model_number", type: text() },
  zaiko_threshold: { field: "goods_stock_alert_mail_threshold", type: INT },
  orosi_threshold: { field: "goods_wholesale_mortgage_threshold", type: INT },
  hasou_houhou_kbn: { field: "goods_delivery_id", nameField: "goods_delivery_name", type: { kind: "code", names: new Map(DELIVERY_METHODS.map((d) => [d.id, d.name])) } },
  hasoumoto_code: { field: "goods_shipping_base_id", type: text(50) },
  zaiko_su: { type: INT },
  yoyaku_zaiko_su: { type: INT },
  nyusyukko_riyu: { type: text() },
  hit_syohin_alert_quantity: { field: "goods_hit_syohin_alert_quantity", type: INT },
  nouki_kbn: { field: "goods_delivery_date_id", type: text(10) },
  nouki_sitei_bi: { field: "goods_designated_delivery_date", type: DATE },
  syohin_setumei_html: { field: "goods_description_html", type: text(LONG) },
  syohin_setumei_text: { field: "goods_description_text", type: text(LONG) },
  spec_html: { field: "goods_spec_html", type: text(LONG) },
  spec_text: { field: "goods_spec_text", type: text(LONG) },
  chui_jiko_html: { field: "goods_caution_html", type: text(LONG) },
  chui_jiko_text: { field: "goods_caution_text", type: text(LONG) },
  syohin_jyotai_kbn: { field: "goods_condition_id", type: { kind: "choice", values: GOODS_CONDITION.map((v) => ({ id: v.value, name: v.label.ja })) } },
  syohin_jyotai_setumei: { field: "goods_condition_description", type: text(LONG) },
  category_code_auc: { field: "goods_mall_category", type: text() },
  category_text: { field: "goods_shop_category", type: text() },
  image_url_http: { type: { kind: "url" } },
  image_alt: { type: text() },
};

const GOODS_CODE = /^[\x21-\x7e]{1,50}$/;
const DECIMAL = /^\d+(\.\d+)?$/;

type Value = string | number | null;

/** A cell read by its column's type: the stored value, or the reason it is refused. */
function readValue(def: ColumnDef, raw: string): { value: Value; name?: string } | { problem: Reason } {
  const v = def.type.kind === "text" || def.type.kind === "tags" ? raw : raw.trim();
  switch (def.type.kind) {
    case "text":
      if (v.length > def.type.max) return { problem: reason(`${def.type.max}文字以内で指定してください（${v.length}文字）`, `must be ${def.type.max} characters or fewer (${v.length})`) };
      return { value: v };
    case "int": {
      const parsed = parseCount(v, 0);
      return "problem" in parsed ? parsed : { value: parsed.value };
    }
    case "decimal": {
      if (/^-\s*\d/.test(v)) return { problem: reason(`負の数は指定できません: ${v}`, `negative numbers are not allowed: ${v}`) };
      const plain = v.replace(/,/g, "");
      if (!DECIMAL.test(plain)) return { problem: reason(`数値ではありません: ${raw}`, `not a number: ${raw}`) };
      if (Number(plain) > def.type.max) return { problem: reason(`${def.type.max}以下で指定してください: ${v}`, `must be ${def.type.max} or less: ${v}`) };
      return { value: plain };
    }
    case "date": {
      const date = normalizeDateTime(v);
      if (!date) return { problem: reason(`日付ではありません（YYYY-MM-DD または YYYY/MM/DD）: ${v}`, `not a date (YYYY-MM-DD or YYYY/MM/DD): ${v}`) };
      return { value: date };
    }
    case "choice": {
      const found = def.type.values.find((c) => c.id === v);
      if (!found) {
        const ids = def.type.values.map((c) => c.id).join(", ");
        return { problem: reason(`指定できる値は ${ids} です: ${v}`, `allowed values are ${ids}: ${v}`) };
      }
      return { value: found.id, name: found.name };
    }
    case "flag":
      if (v !== "0" && v !== "1") return { problem: reason(`0 か 1 を指定してください: ${v}`, `must be 0 or 1: ${v}`) };
      return { value: v };
    case "jan":
      if (!/^(\d{8}|\d{12,14})$/.test(v)) return { problem: reason(`JANコードは8桁か13桁の数字です: ${v}`, `a JAN code is 8 or 13 digits: ${v}`) };
      return { value: v };
    case "url":
      if (!/^https?:\/\/[^\s]+$/.test(v) || v.length > 2000) return { problem: reason(`http:// か https:// で始まるURLを指定してください: ${v}`, `must be an http:// or https:// URL: ${v}`) };
      return { value: v };
    case "code":
      if (!/^[\x21-\x7e]{1,10}$/.test(v)) return { problem: reason(`半角英数字10文字以内で指定してください: ${v}`, `must be up to 10 half-width characters: ${v}`) };
      return { value: v, name: def.type.names.get(v) ?? "" };
    case "tags": {
      const t = v.trim();
      if (t.includes("[") || t.includes("]")) {
        if (!/^(\[[^[\]]+\])+$/.test(t)) return { problem: reason(`タグは [タグ名][タグ名] の形式で指定してください: ${t}`, `tags must be written [name][name]: ${t}`) };
        return { value: t };
      }
      return { value: `[${t}]` };
    }
  }
}

interface GoodsChange {
  line: number;
  code: string;
  isNew: boolean;
  fields: Record<string, Value>;
  tags?: string[];
  zaikoSu?: number;
  yoyakuZaikoSu?: number;
  imageUrl?: string;
  imageAlt?: string;
}

const NEW_GOODS_DEFAULTS: Record<string, Value> = {
  goods_type_id: "0",
  goods_type_name: "通常商品",
  goods_merchandise_id: "0",
  goods_merchandise_name: "取扱中",
  goods_forwarding_method_id: "0",
  goods_forwarding_method_name: "常温",
  goods_stock_management_flag: "1",
  goods_visible_flag: "1",
  goods_condition_id: "01",
  goods_tax_id: 0,
  goods_deleted_flag: "0",
  stock_quantity: 0,
};

export async function applyGoodsUpload(db: SandboxDb, registry: RegistryIndex, companyNeId: string, csvText: string, actor: Actor): Promise<UploadSummary> {
  const t = readTable(csvText, { known: Object.keys(GOODS_COLUMNS), required: ["syohin_code"] });
  const goodsNames = fieldNames(registry, "goods");
  const codes = [...new Set(t.rows.map((r) => (cell(t, r, "syohin_code") ?? "").trim()).filter((c) => GOODS_CODE.test(c)))];
  const existingRows = codes.length === 0 ? [] : await db.query<{ g: string }>(
    `SELECT ${col("goods_id")} AS g FROM ${table("goods")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_id")} = ANY($2::text[])`,
    [companyNeId, codes],
  );
  const existing = new Set(existingRows.map((r) => r.g));
  const taxRows = await db.query<{ rate: string | null }>(`SELECT ${col("company_now_tax_percent")}::text AS rate FROM ${table("company")} WHERE ${COMPANY_COLUMN} = $1`, [companyNeId]).catch(() => []);
  const taxRate = Number(taxRows[0]?.rate ?? 10);
  const stock = await readWarehouseStock(db, companyNeId, [...existing]);
  const stockRows = existing.size === 0 ? [] : await db.query<{ g: string; aa: string | null }>(
    `SELECT ${col("stock_goods_id")} AS g, ${col("stock_advance_order_allocation_quantity")}::text AS aa FROM ${table("stock")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("stock_goods_id")} = ANY($2::text[])`,
    [companyNeId, [...existing]],
  );
  const advanceAllocated = new Map(stockRows.map((r) => [r.g, Number(r.aa ?? 0)]));

  const problems = new ProblemList();
  const seen = new Map<string, number>();
  const changes: GoodsChange[] = [];
  for (const row of t.rows) {
    const rawCode = (cell(t, row, "syohin_code") ?? "").trim();
    const codeAt = columnRef(t, "syohin_code");
    if (rawCode === "") {
      problems.add(new UploadError(reason("商品コード（syohin_code）が空です", "the goods code (syohin_code) is empty"), row.line, codeAt));
      continue;
    }
    if (!GOODS_CODE.test(rawCode)) {
      problems.add(new UploadError(reason(`商品コードは半角英数字・記号の50文字以内で指定してください: ${rawCode}`, `a goods code is at most 50 half-width letters, digits or symbols: ${rawCode}`), row.line, codeAt));
      continue;
    }
    const first = seen.get(rawCode);
    if (first !== undefined) {
      problems.add(new UploadError(reason(`syohin_code が重複しています（${first}行目と同じ）: ${rawCode}`, `duplicate syohin_code (same as line ${first}): ${rawCode}`), row.line, codeAt));
      continue;
    }
    seen.set(rawCode, row.line);
    const change: GoodsChange = { line: row.line, code: rawCode, isNew: !existing.has(rawCode), fields: {} };
    let ok = true;
    for (const name of t.header) {
      if (name === "syohin_code") continue;
      const def = GOODS_COLUMNS[name] as ColumnDef;
      const raw = cell(t, row, name) ?? "";
      if (raw.trim() === "") continue;
      const read = readValue(def, raw);
      if ("problem" in read) {
        problems.add(new UploadError(read.problem, row.line, columnRef(t, name)));
        ok = false;
        continue;
      }
      if (def.field && goodsNames.has(def.field)) change.fields[def.field] = read.value;
      if (def.nameField && read.name !== undefined && goodsNames.has(def.nameField)) change.fields[def.nameField] = read.name === "" ? null : read.name;
      if (name === "tag") change.tags = [...String(read.value).matchAll(/\[([^\]]+)\]/g)].map((m) => m[1] ?? "");
      if (name === "zaiko_su") change.zaikoSu = Number(read.value);
      if (name === "yoyaku_zaiko_su") change.yoyakuZaikoSu = Number(read.value);
      if (name === "image_url_http") change.imageUrl = String(read.value);
      if (name === "image_alt") change.imageAlt = String(read.value);
    }
    if (!ok) continue;
    if (change.tags) change.fields.goods_tag = change.tags.map((x) => `[${x}]`).join("");
    if (change.isNew && (change.fields.goods_name === undefined || String(change.fields.goods_name).trim() === "")) {
      problems.add(
        new UploadError(
          reason(`新しい商品（${rawCode}）には商品名（syohin_name）が必要です`, `a new goods (${rawCode}) needs syohin_name`),
          row.line,
          t.position.has("syohin_name") ? columnRef(t, "syohin_name") : undefined,
        ),
      );
      continue;
    }
    if (change.imageAlt !== undefined && change.imageUrl === undefined) {
      problems.add(new UploadError(reason("image_alt は image_url_http と一緒に指定してください", "image_alt needs image_url_http"), row.line, columnRef(t, "image_alt")));
      continue;
    }
    // Stock: warehouse 1 takes the difference and keeps at least its allocation.
    if (change.zaikoSu !== undefined && !change.isNew) {
      let others = 0;
      let main = { quantity: 0, allocation: 0 };
      for (const s of stock.values()) {
        if (s.goodsId !== rawCode || !s.linked) continue;
        if (s.warehouseId === 1) main = s;
        else others += s.quantity;
      }
      const floor = others + main.allocation;
      if (change.zaikoSu < floor) {
        problems.add(
          new UploadError(
            reason(
              `在庫数は引当数と他の倉庫の在庫数の合計（${floor}）以上にしてください: ${change.zaikoSu}`,
              `zaiko_su must be at least ${floor} (allocated at warehouse 1 plus the stock of the other warehouses): ${change.zaikoSu}`,
            ),
            row.line,
            columnRef(t, "zaiko_su"),
          ),
        );
        continue;
      }
    }
    if (change.yoyakuZaikoSu !== undefined && change.yoyakuZaikoSu < (advanceAllocated.get(rawCode) ?? 0)) {
      const min = advanceAllocated.get(rawCode) ?? 0;
      problems.add(new UploadError(reason(`予約在庫数は予約引当数（${min}）以上にしてください: ${change.yoyakuZaikoSu}`, `yoyaku_zaiko_su must be at least the reserved allocation ${min}: ${change.yoyakuZaikoSu}`), row.line, columnRef(t, "yoyaku_zaiko_su")));
      continue;
    }
    changes.push(change);
  }
  problems.throwIfAny();

  // Supplier names of the supplier codes (joined field supplier_name).
  const supplierCodes = [...new Set(changes.map((c) => c.fields.goods_supplier_id).filter((v): v is string => typeof v === "string"))];
  const supplierNames = new Map<string, string>();
  if (supplierCodes.length > 0 && goodsNames.has("supplier_name")) {
    const rows = await db.query<{ id: string; name: string }>(
      `SELECT DISTINCT ON (${col("goods_supplier_id")}) ${col("goods_supplier_id")} AS id, ${col("supplier_name")} AS name FROM ${table("goods")}
       WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_supplier_id")} = ANY($2::text[]) AND ${col("supplier_name")} IS NOT NULL`,
      [companyNeId, supplierCodes],
    );
    for (const r of rows) supplierNames.set(r.id, r.name);
  }

  // Apply: goods rows.
  const newGoods: Record<string, Value>[] = [];
  for (const c of changes) {
    const supplier = c.fields.goods_supplier_id;
    if (typeof supplier === "string" && goodsNames.has("supplier_name")) c.fields.supplier_name = supplierNames.get(supplier) ?? null;
    if (c.isNew) {
      newGoods.push(
        onlyFields(
          { ...NEW_GOODS_DEFAULTS, goods_tax_rate: taxRate, ...c.fields, goods_id: c.code, ...createdValues("goods_", actor) },
          goodsNames,
        ),
      );
      continue;
    }
    const entries = Object.entries(c.fields);
    if (entries.length === 0) continue;
    const types = new Map(registry.resource("goods").fields.map((f) => [f.name, f.type]));
    const sets = entries.map(([k], i) => {
      const type = types.get(k);
      return `${col(k)} = $${i + 3}::${type === "N" ? "numeric" : type === "D" ? "timestamp" : "text"}`;
    });
    const k = entries.length + 3;
    await db.query(
      `UPDATE ${table("goods")} SET ${[...sets, modifiedSet("goods_", k, goodsNames)].join(", ")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_id")} = $2`,
      [companyNeId, c.code, ...entries.map(([, v]) => v), actor.now, actor.id, actor.name],
    );
  }
  if (newGoods.length > 0) await loadRows(db, "goods", companyNeId, newGoods, { registry });

  // Stock: new goods are linked to warehouse 1; zaiko_su moves warehouse 1.
  for (const c of changes) {
    if (!c.isNew && c.zaikoSu === undefined) continue;
    const key = stockKey(1, c.code);
    let main = stock.get(key);
    if (!main) {
      main = { warehouseId: 1, goodsId: c.code, quantity: 0, allocation: 0, stored: false, linked: false, changed: false };
      stock.set(key, main);
    }
    if (!main.linked) {
      main.linked = true;
      main.changed = true;
    }
    if (c.zaikoSu !== undefined) {
      let others = 0;
      for (const s of stock.values()) if (s.goodsId === c.code && s.linked && s.warehouseId !== 1) others += s.quantity;
      const target = c.zaikoSu - others;
      if (target !== main.quantity) {
        main.quantity = target;
        main.changed = true;
      }
    }
  }
  // Writes the touched warehouse rows and recomputes those goods' stock (new goods get a stock row).
  await writeWarehouseStock(db, registry, companyNeId, stock.values(), actor);

  // Reserved stock.
  const stockNames = fieldNames(registry, "stock");
  for (const c of changes) {
    if (c.yoyakuZaikoSu === undefined) continue;
    await db.query(
      `UPDATE ${table("stock")} SET ${col("stock_advance_order_quantity")} = $3::numeric,
         ${col("stock_advance_order_free_quantity")} = $3::numeric - COALESCE(${col("stock_advance_order_allocation_quantity")}, 0),
         ${modifiedSet("stock_", 4, stockNames)}
       WHERE ${COMPANY_COLUMN} = $1 AND ${col("stock_goods_id")} = $2`,
      [companyNeId, c.code, c.yoyakuZaikoSu, actor.now, actor.id, actor.name],
    );
  }

  // Tags replace the goods' tag rows.
  const tagChanges = changes.filter((c) => c.tags !== undefined);
  if (tagChanges.length > 0) {
    await db.query(`DELETE FROM ${table("goodsTag")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_tag_goods_id")} = ANY($2::text[])`, [
      companyNeId,
      tagChanges.map((c) => c.code),
    ]);
    const tagNames = fieldNames(registry, "goodsTag");
    const rows = tagChanges.flatMap((c) =>
      [...new Set(c.tags ?? [])].map((name) =>
        onlyFields({ goods_tag_goods_id: c.code, goods_tag_name: name, goods_tag_deleted_flag: "0", ...createdValues("goods_tag_", actor) }, tagNames),
      ),
    );
    if (rows.length > 0) await loadRows(db, "goodsTag", companyNeId, rows, { registry });
  }

  // Images waiting for download.
  const imageChanges = changes.filter((c) => c.imageUrl !== undefined);
  if (imageChanges.length > 0) {
    const imageNames = fieldNames(registry, "goodsImage");
    const maxRows = await db.query<{ id: string | null }>(`SELECT max(${col("goods_image_id")})::text AS id FROM ${table("goodsImage")} WHERE ${COMPANY_COLUMN} = $1`, [companyNeId]);
    let nextId = Number(maxRows[0]?.id ?? 0);
    const orders = await db.query<{ g: string; n: string }>(
      `SELECT ${col("goods_image_goods_id")} AS g, count(*)::text AS n FROM ${table("goodsImage")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_image_goods_id")} = ANY($2::text[]) GROUP BY 1`,
      [companyNeId, imageChanges.map((c) => c.code)],
    );
    const counts = new Map(orders.map((r) => [r.g, Number(r.n)]));
    // The same URL again for a goods updates that image's alt text instead of adding one.
    const known = await db.query<{ id: string; g: string; url: string | null }>(
      `SELECT ${col("goods_image_id")}::text AS id, ${col("goods_image_goods_id")} AS g, ${col("goods_image_url_https")} AS url FROM ${table("goodsImage")}
       WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_image_goods_id")} = ANY($2::text[])`,
      [companyNeId, imageChanges.map((c) => c.code)],
    );
    const byUrl = new Map(known.map((r) => [`${r.g}\t${r.url ?? ""}`, r.id]));
    const fresh: GoodsChange[] = [];
    for (const c of imageChanges) {
      const id = byUrl.get(`${c.code}\t${(c.imageUrl as string).replace(/^http:/, "https:")}`);
      if (id === undefined) {
        fresh.push(c);
        continue;
      }
      if (c.imageAlt === undefined) continue;
      await db.query(
        `UPDATE ${table("goodsImage")} SET ${col("goods_image_alt")} = $3::text, ${modifiedSet("goods_image_", 4, imageNames)} WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_image_id")} = $2::numeric`,
        [companyNeId, id, c.imageAlt, actor.now, actor.id, actor.name],
      );
    }
    const rows = fresh.map((c) => {
      nextId++;
      const url = c.imageUrl as string;
      const fileName = url.replace(/[?#].*$/, "").split("/").pop() || `${c.code}.jpg`;
      return onlyFields(
        {
          goods_image_id: nextId,
          goods_image_goods_id: c.code,
          goods_image_file_name: fileName,
          goods_image_url_http: url.replace(/^https:/, "http:"),
          goods_image_url_https: url.replace(/^http:/, "https:"),
          goods_image_alt: c.imageAlt ?? null,
          goods_image_convert_flg: 0,
          goods_image_display_order: String((counts.get(c.code) ?? 0) + 1),
          goods_image_status: 0,
          goods_image_deleted_flag: "0",
          ...createdValues("goods_image_", actor),
        },
        imageNames,
      );
    });
    if (rows.length > 0) await loadRows(db, "goodsImage", companyNeId, rows, { registry });
  }
  return { rows: t.rows.length, goods: changes.length };
}
