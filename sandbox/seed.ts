// Filling an empty sandbox database: the fixed accounts (companies, users) always, then the data
// of both companies from the generator (sandbox/generate/index.ts) when it exists and was asked
// for, else from the minimal fixture.
import { SANDBOX_COMPANIES, SANDBOX_PASSWORD, SANDBOX_USERS } from "./accounts";
import type { SandboxDb } from "./db";
import { finishLoad, loadRows, type LoadRow } from "./loader";
import type { RegistryIndex } from "./registry";
import { ensureSchema, getMeta, setMeta, type SchemaState } from "./schema";
import { auditValues, seedMinimal } from "./seed-minimal";

export interface GenerateOptions {
  seed: number;
  orders: number;
}

/** The generator's entry point (sandbox/generate/index.ts). */
export type GenerateFn = (db: SandboxDb, options: GenerateOptions) => Promise<unknown>;

export type DataSource = "minimal" | "generate";

export async function seedAccounts(db: SandboxDb, registry: RegistryIndex): Promise<void> {
  for (const u of SANDBOX_USERS) {
    await db.query(
      `INSERT INTO sb_users (uid, login_code, password, company_ne_id, pic_id, pic_ne_id, pic_name, pic_kana, pic_mail_address)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (uid) DO NOTHING`,
      [u.uid, u.loginCode, SANDBOX_PASSWORD, u.companyNeId, u.picId, u.picNeId, u.picName, u.picKana, u.picMailAddress],
    );
  }
  const company = registry.findResource("company");
  if (!company) return;
  const names = new Set(company.fields.map((f) => f.name));
  for (const c of SANDBOX_COMPANIES) {
    const row: LoadRow = {
      company_id: c.id,
      company_ne_id: c.neId,
      company_name: c.name,
      company_kana: c.kana,
      company_zip_code: "150-0001",
      company_address1: "東京都渋谷区神宮前1-2-3",
      company_pic_name: "佐藤 花子",
      company_mail_address: `info@${c.host.replace(/^main\./, "")}`,
      company_phone: "03-0000-0000",
      company_closing_day: "31",
      company_fraction_number_digit: 0,
      company_tax_id: "0",
      company_tax_name: "税抜",
      company_host: c.host,
      company_app_header: c.appHeader,
      company_now_tax_percent: 10,
      company_primary_tax_rate_for_discount: 10,
      company_hit_syohin_alert_hour: 0,
      company_hit_syohin_alert_quantity: 0,
      company_deleted_flag: "0",
      company_row_order: Number(c.id),
      ...auditValues("company_", "2023-04-01 09:00:00", null),
    };
    const fitted = Object.fromEntries(Object.entries(row).filter(([k]) => names.has(k)));
    await loadRows(db, "company", c.neId, [fitted], { registry });
  }
}

/** Imports sandbox/generate/index.ts when it exists (it is written separately). */
export async function loadGenerator(): Promise<GenerateFn | undefined> {
  const specifier = "./generate/index";
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as { generate?: unknown };
    return typeof mod.generate === "function" ? (mod.generate as GenerateFn) : undefined;
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    const missing = err.code === "ERR_MODULE_NOT_FOUND" || err.code === "MODULE_NOT_FOUND";
    if (missing && String(err.message).includes("generate")) return undefined;
    throw error;
  }
}

export interface PrepareOptions {
  data: DataSource;
  orders: number;
  seed: number;
  log?: (line: string) => void;
}

export interface PrepareResult {
  schema: SchemaState;
  seeded: false | DataSource;
}

/** Creates the schema when missing or outdated and seeds an empty database. */
export async function prepareDatabase(db: SandboxDb, registry: RegistryIndex, options: PrepareOptions): Promise<PrepareResult> {
  let schema = await ensureSchema(db, registry);
  if (schema === "rebuilt") options.log?.("sandbox: the registry changed; tables rebuilt");
  if (await getMeta(db, "seeded")) return { schema, seeded: false };
  // Not seeded (new, rebuilt, or a seed that was interrupted): start from empty tables.
  if (schema === "current") schema = await ensureSchema(db, registry, { force: true });
  await seedAccounts(db, registry);
  let source: DataSource = "minimal";
  const generate = options.data === "generate" ? await loadGenerator() : undefined;
  if (generate) {
    options.log?.(`sandbox: generating data (${options.orders} orders, seed ${options.seed}) ...`);
    await generate(db, { seed: options.seed, orders: options.orders });
    source = "generate";
  } else {
    await seedMinimal(db, registry);
  }
  await finishLoad(db, { registry });
  await setMeta(db, "seeded", source);
  return { schema, seeded: source };
}
