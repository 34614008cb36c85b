// The sandbox's data generator (entry point `generate`, called by sandbox/seed.ts): both sandbox
// companies get plausible, deterministic rows in every table resource — masters, classification
// lists, a goods catalogue with tags, sets and images, orders with rows over the last 90 days,
// purchasing, and stock consistent with the orders' allocations. Same seed and same `nowMs` →
// same rows. The upload queue (systemQue) starts empty.
import type { ResourceKey } from "../../lib/ne/registry/types";
import type { SandboxDb } from "../db";
import { defaultRegistryIndex, loadRows, type LoadRow } from "../loader";
import type { RegistryIndex } from "../registry";
import { columnName, tableName, COMPANY_COLUMN } from "../schema";
import type { GenerateOptions } from "../seed";
import { quoteIdent } from "../db";
import { buildCatalog } from "./catalog";
import { HOUR_MS, jst } from "./jst";
import { buildMasters, type Tables } from "./masters";
import { generateOrders, type OrderStats } from "./orders";
import { companyPlans, type CompanyPlan } from "./plan";
import { buildPurchasing } from "./purchasing";
import { Random } from "./random";
import { buildStock } from "./stock";

export interface GeneratorOptions extends GenerateOptions {
  /** The generation's "now" (epoch ms; default: the current hour). Dates run over the 90 days before it. */
  nowMs?: number;
  registry?: RegistryIndex;
  /** Orders per bulk load (default 10000). */
  chunkSize?: number;
  log?: (line: string) => void;
}

export interface CompanyResult {
  neId: string;
  rows: Partial<Record<ResourceKey, number>>;
  orders: OrderStats;
}

export interface GenerateResult {
  nowMs: number;
  companies: CompanyResult[];
  elapsedMs: number;
}

/** Upper bound of SANDBOX_ORDERS. */
export const MAX_ORDERS = 1_000_000;

export async function generate(db: SandboxDb, options: GeneratorOptions): Promise<GenerateResult> {
  const started = Date.now();
  if (!Number.isInteger(options.orders) || options.orders < 0 || options.orders > MAX_ORDERS) {
    throw new Error(`generate: orders must be an integer from 0 to ${MAX_ORDERS} (got ${options.orders})`);
  }
  const registry = options.registry ?? defaultRegistryIndex();
  const nowMs = options.nowMs ?? Math.floor(Date.now() / HOUR_MS) * HOUR_MS;
  const plans = companyPlans(options.orders);
  const companies: CompanyResult[] = [];
  await db.transaction(async (tx) => {
    for (const plan of plans) companies.push(await generateCompany(tx, registry, plan, options, nowMs));
  });
  const elapsedMs = Date.now() - started;
  options.log?.(`sandbox: generated ${options.orders} orders in ${(elapsedMs / 1000).toFixed(1)} s`);
  return { nowMs, companies, elapsedMs };
}

async function generateCompany(
  db: SandboxDb,
  registry: RegistryIndex,
  plan: CompanyPlan,
  options: GeneratorOptions,
  nowMs: number,
): Promise<CompanyResult> {
  const rand = (label: string) => Random.derive(options.seed, `${plan.neId}:${label}`);
  const counts: Partial<Record<ResourceKey, number>> = {};
  const load = async (tables: Tables) => {
    for (const [key, rows] of Object.entries(tables) as [ResourceKey, LoadRow[]][]) {
      if (!registry.findResource(key)) continue;
      await loadRows(db, key, plan.neId, fit(registry, key, rows), { registry });
      counts[key] = (counts[key] ?? 0) + rows.length;
    }
  };

  const masters = buildMasters(plan, rand("masters"), nowMs);
  await load(masters.tables);
  const catalog = buildCatalog(plan, rand("catalog"), masters.suppliers, nowMs);
  await load(catalog.tables);

  let checked = false;
  const { stats, pending } = await generateOrders({
    plan,
    random: rand("orders"),
    goods: catalog.goods,
    wholesale: masters.wholesale,
    groupingTags: masters.groupingTags,
    nowMs,
    chunkSize: options.chunkSize ?? 10_000,
    emit: async (orders, rows) => {
      // Every order (and row) has the same keys: check them once.
      if (!checked) {
        fit(registry, "receiveOrder", orders.slice(0, 1), true);
        fit(registry, "receiveOrderRow", rows.slice(0, 1), true);
        checked = true;
      }
      await loadRows(db, "receiveOrder", plan.neId, orders, { registry });
      await loadRows(db, "receiveOrderRow", plan.neId, rows, { registry });
      counts.receiveOrder = (counts.receiveOrder ?? 0) + orders.length;
      counts.receiveOrderRow = (counts.receiveOrderRow ?? 0) + rows.length;
    },
  });

  await load(buildPurchasing(plan, rand("purchasing"), catalog.goods, masters.suppliers, pending, nowMs));
  await load(buildStock(plan, rand("stock"), catalog.goods, nowMs));
  await load({ goods: catalog.goods.map((g) => g.row) });
  await completeCompany(db, registry, plan, nowMs);
  return { neId: plan.neId, rows: counts, orders: stats };
}

/** Keeps the keys the resource has; `strict` throws on an unknown key instead (a generator bug). */
function fit(registry: RegistryIndex, key: ResourceKey, rows: LoadRow[], strict = false): LoadRow[] {
  const names = new Set(registry.resource(key).fields.map((f) => f.name));
  let unknown: string | undefined;
  for (const row of rows) {
    for (const k of Object.keys(row)) {
      if (!names.has(k)) {
        unknown = k;
        break;
      }
    }
    if (unknown) break;
  }
  if (!unknown) return rows;
  if (strict) throw new Error(`generate: ${key} has no field ${unknown}`);
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([k]) => names.has(k))));
}

/** The last day of the month before the one of `ms` (Japan time), `YYYY-MM-DD 00:00:00`. */
function lastMonthEnd(ms: number): string {
  const [y, m] = jst(ms).split("-").map(Number);
  return `${new Date(Date.UTC(y ?? 2000, (m ?? 1) - 1, 0)).toISOString().slice(0, 10)} 00:00:00`;
}

/** Fills the company row's fields that the fixed accounts leave empty (sandbox/accounts.ts seeds it). */
async function completeCompany(db: SandboxDb, registry: RegistryIndex, plan: CompanyPlan, nowMs: number): Promise<void> {
  const company = registry.findResource("company");
  if (!company) return;
  const names = new Set(company.fields.map((f) => f.name));
  const values: Record<string, string | number> = {
    company_address2: plan.index === 0 ? "サンドボックスビル5F" : "アナザー第2ビル3F",
    company_post_name: "EC事業部",
    company_fax: plan.index === 0 ? "03-0000-0001" : "054-000-0001",
    company_url: `https://www.${plan.code}.example.jp/`,
    company_last_closing_date: lastMonthEnd(nowMs),
    company_fraction_id: "0",
    company_fraction_name: "切り捨て",
    company_tax_name: "税抜",
    company_temporarily_suspend_flag: "0",
    company_available_date: "2023-04-01 00:00:00",
    company_notice_mail_address: `notice@${plan.code}.example.jp`,
    company_buying_type: "1",
    company_batch_type: "1",
    company_type_id: "1",
    company_invoice_registration_number: plan.index === 0 ? "T1234567890123" : "T9876543210987",
    company_hit_syohin_alert_hour: plan.index === 0 ? 3 : 0,
    company_hit_syohin_alert_quantity: plan.index === 0 ? 30 : 0,
  };
  const entries = Object.entries(values).filter(([k]) => names.has(k));
  if (entries.length === 0) return;
  const fieldType = new Map(company.fields.map((f) => [f.name, f.type]));
  const sets = entries.map(([k], i) => {
    const cast = fieldType.get(k) === "N" ? "numeric" : fieldType.get(k) === "D" ? "timestamp" : "text";
    const col = quoteIdent(columnName(k));
    return `${col} = COALESCE(${col}, $${i + 2}::${cast})`;
  });
  await db.query(
    `UPDATE ${quoteIdent(tableName("company"))} SET ${sets.join(", ")} WHERE ${COMPANY_COLUMN} = $1`,
    [plan.neId, ...entries.map(([, v]) => v)],
  );
}
