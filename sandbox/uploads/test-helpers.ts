// Helpers of the upload tests: send a file as the real clients do (the `data` bytes
// percent-encoded in a form-urlencoded body), wait for its queue job, and fingerprint the tables
// an upload may change. Requests use a fresh connection each (no keep-alive), so a slow step
// between two calls cannot meet a connection the server is closing.
import { request } from "node:http";
import type { SandboxDb } from "../db";
import { COMPANY_COLUMN, tableName } from "../schema";
import type { ApiAnswer, Tokens } from "../test-support";

const UNRESERVED = /[A-Za-z0-9\-._~]/;

/** application/x-www-form-urlencoded encoding of raw bytes. */
export function percentEncodeBytes(bytes: Uint8Array): string {
  let out = "";
  for (const b of bytes) {
    const ch = String.fromCharCode(b);
    out += b < 0x80 && UNRESERVED.test(ch) ? ch : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/** POSTs a form body; answers the JSON of an HTTP 200 answer. */
export function post(base: string, path: string, body: string): Promise<ApiAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(
      `${base}${path}`,
      { method: "POST", agent: false, headers: { "content-type": "application/x-www-form-urlencoded", "content-length": Buffer.byteLength(body) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          if (res.statusCode !== 200) return reject(new Error(`${path} answered HTTP ${res.statusCode}`));
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as ApiAnswer);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

export async function upload(base: string, tokens: Tokens, path: string, data: Uint8Array, dataType = "csv", extra: Record<string, string> = {}): Promise<ApiAnswer> {
  const body = [
    `access_token=${encodeURIComponent(tokens.access_token)}`,
    `refresh_token=${encodeURIComponent(tokens.refresh_token)}`,
    `data_type=${encodeURIComponent(dataType)}`,
    ...Object.entries(extra).map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`),
    `data=${percentEncodeBytes(data)}`,
  ].join("&");
  return post(base, path, body);
}

export interface QueRow {
  que_id: string;
  que_status_id: string;
  que_message: string | null;
  que_method_name: string | null;
}

export async function queRow(base: string, tokens: Tokens, queId: string): Promise<QueRow> {
  const body = new URLSearchParams({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    fields: "que_id,que_status_id,que_message,que_method_name",
    "que_id-eq": queId,
  });
  const answer = await post(base, "/api_v1_system_que/search", body.toString());
  const row = answer.data?.[0];
  if (answer.result !== "success" || !row) throw new Error(`que search: ${JSON.stringify(answer)}`);
  return row as unknown as QueRow;
}

/** Polls the queue until the job is done (2) or failed (-1). */
export async function waitForJob(base: string, tokens: Tokens, queId: string, timeoutMs = 20_000): Promise<QueRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const row = await queRow(base, tokens, queId);
    if (row.que_status_id === "2" || row.que_status_id === "-1") return row;
    if (Date.now() > until) throw new Error(`job ${queId} still ${row.que_status_id}`);
    await new Promise((r) => setTimeout(r, 30));
  }
}

/** A fingerprint of every row (all columns) of the tables an upload may change, for one company. */
export async function snapshot(db: SandboxDb, companyNeId: string): Promise<string> {
  const parts: string[] = [];
  for (const key of ["goods", "stock", "warehouseStock", "goodsTag", "goodsImage"] as const) {
    const rows = await db.query<{ n: string; h: string | null }>(
      `SELECT count(*)::text AS n, md5(string_agg(t::text, E'\\n' ORDER BY t.sb_row)) AS h FROM "${tableName(key)}" t WHERE t.${COMPANY_COLUMN} = $1`,
      [companyNeId],
    );
    parts.push(`${key}:${rows[0]?.n}:${rows[0]?.h}`);
  }
  return parts.join("\n");
}
