// Warehouse stock upload (/api_v1_warehouse_stock/upload, spec 4): at most 3000 data lines;
// columns kyoten_mei (warehouse name), syohin_code, kasan_su (add), gensan_su (subtract),
// nyusyukko_riyu (reason), kyoten_syohin_himoduke (a = link), kyoten_syohin_sakujyo (d = unlink and
// delete the warehouse stock, only when nothing is allocated). Exactly one operation a line; lines
// apply in order; stock never goes below zero nor below what is allocated. All or nothing.
import type { SandboxDb } from "../db";
import type { RegistryIndex } from "../registry";
import { COMPANY_COLUMN } from "../schema";
import { ProblemList, reason, UploadError, type ColumnRef } from "./errors";
import { col, readWarehouseStock, stockKey, table, writeWarehouseStock, type Actor, type WarehouseStockState } from "./stock";
import { cell, columnRef, readTable, type CsvTable } from "./table";

export const WAREHOUSE_STOCK_COLUMNS = [
  "kyoten_mei",
  "syohin_code",
  "kasan_su",
  "gensan_su",
  "nyusyukko_riyu",
  "kyoten_syohin_himoduke",
  "kyoten_syohin_sakujyo",
] as const;

export const WAREHOUSE_STOCK_MAX_ROWS = 3000;
const OPERATIONS = ["kasan_su", "gensan_su", "kyoten_syohin_himoduke", "kyoten_syohin_sakujyo"] as const;
type Operation = (typeof OPERATIONS)[number];
export const MAX_QUANTITY = 9_999_999;

export interface UploadSummary {
  rows: number;
  goods: number;
}

/** A whole non-negative number in a cell; the reason when it is not one. */
export function parseCount(raw: string, min: number): { value: number } | { problem: ReturnType<typeof reason> } {
  const text = raw.trim();
  if (/^-\s*\d+(\.\d+)?$/.test(text)) return { problem: reason(`負の数は指定できません: ${text}`, `negative numbers are not allowed: ${text}`) };
  if (/^\d+\.\d+$/.test(text)) return { problem: reason(`整数で指定してください: ${text}`, `must be a whole number: ${text}`) };
  if (!/^\d+$/.test(text)) return { problem: reason(`数値ではありません: ${raw}`, `not a number: ${raw}`) };
  const value = Number(text);
  if (value < min) return { problem: reason(`${min}以上の整数を指定してください: ${text}`, `must be ${min} or more: ${text}`) };
  if (value > MAX_QUANTITY) return { problem: reason(`${MAX_QUANTITY}以下で指定してください: ${text}`, `must be ${MAX_QUANTITY} or less: ${text}`) };
  return { value };
}

export async function warehouseNames(db: SandboxDb, companyNeId: string): Promise<Map<string, number>> {
  const rows = await db.query<{ id: string; name: string | null }>(
    `SELECT ${col("warehouse_id")}::text AS id, ${col("warehouse_name")} AS name
     FROM ${table("warehouse")} WHERE ${COMPANY_COLUMN} = $1`,
    [companyNeId],
  );
  const out = new Map<string, number>();
  for (const r of rows) if (r.name) out.set(r.name, Number(r.id));
  return out;
}

export async function existingGoods(db: SandboxDb, companyNeId: string, codes: readonly string[]): Promise<Set<string>> {
  if (codes.length === 0) return new Set();
  const rows = await db.query<{ g: string }>(
    `SELECT ${col("goods_id")} AS g FROM ${table("goods")} WHERE ${COMPANY_COLUMN} = $1 AND ${col("goods_id")} = ANY($2::text[]) AND COALESCE(${col("goods_deleted_flag")}, '0') <> '1'`,
    [companyNeId, codes],
  );
  return new Set(rows.map((r) => r.g));
}

export async function applyWarehouseStockUpload(
  db: SandboxDb,
  registry: RegistryIndex,
  companyNeId: string,
  text: string,
  actor: Actor,
): Promise<UploadSummary> {
  const t: CsvTable = readTable(text, { known: WAREHOUSE_STOCK_COLUMNS, required: ["kyoten_mei", "syohin_code"], maxRows: WAREHOUSE_STOCK_MAX_ROWS });
  const presentOps = OPERATIONS.filter((op) => t.position.has(op));
  if (presentOps.length === 0) {
    throw new UploadError(
      reason("kasan_su・gensan_su・kyoten_syohin_himoduke・kyoten_syohin_sakujyo のいずれかの列が必要です", "one of the columns kasan_su, gensan_su, kyoten_syohin_himoduke, kyoten_syohin_sakujyo is required"),
      1,
    );
  }
  const warehouses = await warehouseNames(db, companyNeId);
  const codes = [...new Set(t.rows.map((r) => (cell(t, r, "syohin_code") ?? "").trim()).filter((c) => c !== ""))];
  const goods = await existingGoods(db, companyNeId, codes);
  const state = await readWarehouseStock(db, companyNeId, [...goods]);
  const problems = new ProblemList();

  for (const row of t.rows) {
    const at = (name: string): ColumnRef => columnRef(t, name);
    const fail = (name: string | null, ja: string, en: string) => {
      problems.add(new UploadError(reason(ja, en), row.line, name ? at(name) : undefined));
    };
    const warehouseName = (cell(t, row, "kyoten_mei") ?? "").trim();
    const code = (cell(t, row, "syohin_code") ?? "").trim();
    const ops = presentOps.filter((op) => (cell(t, row, op) ?? "").trim() !== "");
    // The operation first: it tells what the line wants.
    if (ops.length === 0) {
      fail(null, "kasan_su・gensan_su・kyoten_syohin_himoduke・kyoten_syohin_sakujyo のいずれか1つを指定してください", "give exactly one of kasan_su, gensan_su, kyoten_syohin_himoduke, kyoten_syohin_sakujyo");
      continue;
    }
    if (ops.length > 1) {
      fail(ops[1] as Operation, `${ops.join(" と ")} は同じ行に指定できません（1行に1つの操作）`, `${ops.join(" and ")} cannot be combined in one line (one operation a line)`);
      continue;
    }
    const op = ops[0] as Operation;
    const raw = cell(t, row, op) ?? "";
    let amount = 0;
    if (op === "kasan_su" || op === "gensan_su") {
      const parsed = parseCount(raw, 1);
      if ("problem" in parsed) {
        problems.add(new UploadError(parsed.problem, row.line, at(op)));
        continue;
      }
      amount = parsed.value;
    } else if (op === "kyoten_syohin_himoduke" && raw.trim() !== "a") {
      fail(op, `kyoten_syohin_himoduke には a を指定してください: ${raw}`, `kyoten_syohin_himoduke must be a: ${raw}`);
      continue;
    } else if (op === "kyoten_syohin_sakujyo" && raw.trim() !== "d") {
      fail(op, `kyoten_syohin_sakujyo には d を指定してください: ${raw}`, `kyoten_syohin_sakujyo must be d: ${raw}`);
      continue;
    }
    const reasonText = cell(t, row, "nyusyukko_riyu") ?? "";
    if (reasonText.length > 255) {
      fail("nyusyukko_riyu", "入出庫理由は255文字以内で指定してください", "nyusyukko_riyu must be 255 characters or fewer");
      continue;
    }
    if (warehouseName === "") {
      fail("kyoten_mei", "倉庫名（kyoten_mei）が空です", "the warehouse name (kyoten_mei) is empty");
      continue;
    }
    const warehouseId = warehouses.get(warehouseName);
    if (warehouseId === undefined) {
      fail("kyoten_mei", `倉庫が存在しません: ${warehouseName}`, `no such warehouse: ${warehouseName}`);
      continue;
    }
    if (code === "") {
      fail("syohin_code", "商品コード（syohin_code）が空です", "the goods code (syohin_code) is empty");
      continue;
    }
    if (!goods.has(code)) {
      fail("syohin_code", `商品が存在しません: ${code}`, `no such goods: ${code}`);
      continue;
    }
    const key = stockKey(warehouseId, code);
    let s: WarehouseStockState | undefined = state.get(key);
    const linked = s?.linked === true;
    const failNotLinked = () =>
      fail("syohin_code", `商品 ${code} は倉庫 ${warehouseName} に紐付いていません`, `goods ${code} is not linked to warehouse ${warehouseName}`);
    switch (op) {
      case "kasan_su": {
        if (!s) {
          s = { warehouseId, goodsId: code, quantity: 0, allocation: 0, stored: false, linked: false, changed: false };
          state.set(key, s);
        }
        if (s.quantity + amount > MAX_QUANTITY) {
          fail(op, `在庫数が上限（${MAX_QUANTITY}）を超えます（在庫数 ${s.quantity}、加算 ${amount}）`, `stock would exceed ${MAX_QUANTITY} (quantity ${s.quantity}, add ${amount})`);
          continue;
        }
        if (!s.linked) {
          s.linked = true;
          s.quantity = 0;
          s.allocation = 0;
        }
        s.quantity += amount;
        s.changed = true;
        break;
      }
      case "gensan_su": {
        if (!s || !linked) {
          failNotLinked();
          continue;
        }
        if (s.quantity - amount < 0) {
          fail(op, `在庫数がマイナスになります（在庫数 ${s.quantity}、減算 ${amount}）`, `stock would go below zero (quantity ${s.quantity}, subtract ${amount})`);
          continue;
        }
        if (s.quantity - amount < s.allocation) {
          fail(op, `引当済みの在庫は減算できません（在庫数 ${s.quantity}、引当数 ${s.allocation}、減算 ${amount}）`, `cannot subtract allocated stock (quantity ${s.quantity}, allocated ${s.allocation}, subtract ${amount})`);
          continue;
        }
        s.quantity -= amount;
        s.changed = true;
        break;
      }
      case "kyoten_syohin_himoduke": {
        if (!s) {
          s = { warehouseId, goodsId: code, quantity: 0, allocation: 0, stored: false, linked: false, changed: false };
          state.set(key, s);
        }
        if (!s.linked) {
          s.linked = true;
          s.quantity = 0;
          s.allocation = 0;
          s.changed = true;
        }
        break;
      }
      case "kyoten_syohin_sakujyo": {
        if (!s || !linked) {
          failNotLinked();
          continue;
        }
        if (s.allocation > 0) {
          fail(op, `引当数が0ではないため削除できません（引当数 ${s.allocation}）`, `cannot delete: ${s.allocation} allocated`);
          continue;
        }
        s.linked = false;
        s.quantity = 0;
        s.changed = true;
        break;
      }
    }
  }
  problems.throwIfAny();
  const touched = await writeWarehouseStock(db, registry, companyNeId, state.values(), actor);
  return { rows: t.rows.length, goods: touched.length };
}
