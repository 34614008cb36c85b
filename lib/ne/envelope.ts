// The response envelope of every operation (spec 2.2, 7; DESIGN.md), parsed with zod and
// normalized: count → number, row values → string | null, message → readable text (the raw
// array kept), token fields split off so that an envelope can be passed on without leaking them.
// No server-only import: the sandbox's tests may parse answers with it too.

import { z } from "zod";
import type { NeMessageItem, NeRawMessage } from "./errors";

/** One answer row: every value a string, null where empty (numbers and booleans stringified). */
export type NeRow = Readonly<Record<string, string | null>>;

export type NeResult = "success" | "error" | "redirect";

export interface NeEnvelope {
  result: NeResult;
  code?: string;
  /** Readable text of `message` (array items joined by newlines). */
  message?: string;
  /** `message` as sent: a string or an array of objects. */
  rawMessage?: NeRawMessage;
  /** Hit count (search: rows in this answer; count: the total). */
  count?: number;
  data?: readonly NeRow[];
  /** Upload operations: the queued job. */
  queId?: string;
  /** Every other top-level field, e.g. /api_neauth's company_ne_id, company_name, pic_name, uid. */
  extra: Readonly<Record<string, unknown>>;
}

/** Token fields of an answer, as sent (empty strings dropped). */
export interface NeTokenFields {
  accessToken?: string;
  refreshToken?: string;
  accessTokenEndDate?: string;
  refreshTokenEndDate?: string;
}

/**
 * The rows of `data`, checked and normalized in place: every value a string or null. Flags of the
 * API are "0"/"1" strings, so a JSON boolean is read as one; a number becomes its string. A plain
 * loop, not a zod schema: an export page holds 10,000 rows, where zod costs several times the
 * JSON parse itself.
 */
function normalizeRows(data: unknown[]): { rows: NeRow[] } | { issue: string } {
  for (let i = 0; i < data.length; i++) {
    const item = data[i];
    if (typeof item !== "object" || item === null || Array.isArray(item)) return { issue: `data.${i}: expected an object` };
    const row = item as Record<string, unknown>;
    for (const key in row) {
      const v = row[key];
      if (typeof v === "string" || v === null) continue;
      if (typeof v === "number") row[key] = String(v);
      else if (typeof v === "boolean") row[key] = v ? "1" : "0";
      else return { issue: `data.${i}.${key}: expected a string, number, boolean or null` };
    }
  }
  return { rows: data as NeRow[] };
}

const count = z.union([
  z.number().int().nonnegative(),
  z
    .string()
    .trim()
    .regex(/^\d+$/, "count is not a non-negative integer")
    .transform((s) => Number(s)),
]);

const messageItem = z.record(z.string(), z.unknown());
const message = z.union([z.string(), z.array(z.union([messageItem, z.string()]))]);

/** Codes are six-digit strings; a number lost its leading zeros. */
const code = z.union([z.string(), z.number().int().nonnegative().transform((n) => String(n).padStart(6, "0"))]);

const optionalString = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || v === "" ? undefined : String(v)));

export const envelopeSchema = z.looseObject({
  result: z.enum(["success", "error", "redirect"]),
  code: code.nullish(),
  message: message.nullish(),
  count: count.nullish(),
  data: z.array(z.unknown()).nullish(),
  que_id: optionalString,
  access_token: optionalString,
  access_token_end_date: optionalString,
  refresh_token: optionalString,
  refresh_token_end_date: optionalString,
});

const KNOWN_KEYS = new Set(Object.keys(envelopeSchema.shape));

function stringifyValue(v: unknown): string {
  if (typeof v === "string") return v;
  if (v === null || v === undefined) return "";
  if (typeof v === "number" || typeof v === "boolean") return String(v);
  return JSON.stringify(v) ?? "";
}

/**
 * A readable string from a message. The keys of array items are not specified, so an item with
 * a string `message` reads as that message (prefixed by its `code` or `field` when present) and
 * any other item as `key: value` pairs.
 */
export function messageText(raw: NeRawMessage | readonly (NeMessageItem | string)[]): string {
  if (typeof raw === "string") return raw;
  return raw
    .map((item) => {
      if (typeof item === "string") return item;
      const text = item.message;
      if (typeof text === "string") {
        const label = item.field ?? item.code ?? item.name;
        return label === undefined || label === null || label === "" ? text : `${stringifyValue(label)}: ${text}`;
      }
      return Object.entries(item)
        .map(([k, v]) => `${k}: ${stringifyValue(v)}`)
        .join(", ");
    })
    .filter((line) => line !== "")
    .join("\n");
}

export type EnvelopeParse =
  | { ok: true; envelope: NeEnvelope; tokenFields: NeTokenFields }
  | { ok: false; issues: string };

/** Parses a decoded JSON value as an envelope. Never throws. */
export function parseEnvelope(json: unknown): EnvelopeParse {
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, issues: parsed.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ") };
  }
  const v = parsed.data;
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(v)) if (!KNOWN_KEYS.has(key)) extra[key] = value;

  const envelope: NeEnvelope = { result: v.result, extra };
  if (v.code !== null && v.code !== undefined) envelope.code = v.code;
  if (v.message !== null && v.message !== undefined) {
    // Plain strings in an array become `{message}` items so the raw form is always objects.
    envelope.rawMessage = typeof v.message === "string" ? v.message : v.message.map((m) => (typeof m === "string" ? { message: m } : m));
    envelope.message = messageText(envelope.rawMessage);
  }
  if (v.count !== null && v.count !== undefined) envelope.count = v.count;
  if (v.data !== null && v.data !== undefined) {
    const rows = normalizeRows(v.data);
    if ("issue" in rows) return { ok: false, issues: rows.issue };
    envelope.data = rows.rows;
  }
  if (v.que_id !== undefined) envelope.queId = v.que_id;

  const tokenFields: NeTokenFields = {};
  if (v.access_token !== undefined) tokenFields.accessToken = v.access_token;
  if (v.refresh_token !== undefined) tokenFields.refreshToken = v.refresh_token;
  if (v.access_token_end_date !== undefined) tokenFields.accessTokenEndDate = v.access_token_end_date;
  if (v.refresh_token_end_date !== undefined) tokenFields.refreshTokenEndDate = v.refresh_token_end_date;
  return { ok: true, envelope, tokenFields };
}
