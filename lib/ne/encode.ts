// Request bodies of the API: application/x-www-form-urlencoded (spec 2.1, 2.3, 4 upload
// parameters). Strings are UTF-8 percent-encoded; upload `data` is percent-encoded byte by byte
// from the file's exact bytes (Shift_JIS, UTF-8 or gzip), never decoded as text.
// No server-only import, so the sandbox's tests can build requests with it too.

import { LIST_OPERATORS, MAX_LIST_VALUES, OPERATORS, VALUELESS_OPERATORS, type Operator } from "./registry/types";
import { LOCAL_CODES, NeError } from "./errors";

/** One search condition: sent as `<field>-<op>=<value>` (spec 2.3). */
export interface NeCondition {
  field: string;
  op: Operator;
  /**
   * `in`/`nin`: the values (an array, 1000 at most, none containing a comma) or one already
   * comma-separated string. Valueless operators (blank, nblank, null, nnull): ignored, sent empty.
   * Others: required.
   */
  value?: string | number | readonly string[];
}

/** What one call sends besides the tokens. Every part is optional. */
export interface NeRequest {
  /** Names of the fields to return (search); sent comma-joined. An empty list is not sent. */
  fields?: readonly string[];
  conditions?: readonly NeCondition[];
  offset?: number;
  /** 1 to 10000. */
  limit?: number;
  /** true: `wait_flag=1` (wait instead of answering 003002 busy); false: `wait_flag=0`. */
  waitFlag?: boolean;
  extensionExecutionId?: string;
  /** Operation-specific string parameters: uid, state, client_id, client_secret, data_type, ... */
  params?: Readonly<Record<string, string>>;
  /** Upload content: the file's exact bytes. Needs `params.data_type` `csv` or `gz`. */
  data?: Uint8Array;
}

/** Tokens sent with a call (spec 2.1). */
export interface NeCredentials {
  accessToken: string;
  refreshToken?: string;
}

export const MAX_LIMIT = 10_000;

/** Names the client sets itself; `params` may not override them. */
const RESERVED_PARAMS = new Set([
  "access_token",
  "refresh_token",
  "wait_flag",
  "fields",
  "offset",
  "limit",
  "extension_execution_id",
  "data",
]);
const NAME = /^[A-Za-z0-9_]+$/;
const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

function invalid(message: string): NeError {
  return new NeError({ code: LOCAL_CODES.invalidRequest, kind: "invalid-request", message });
}

// Bytes left as they are in application/x-www-form-urlencoded (WHATWG URL, "urlencoded
// serializer"): ASCII letters, digits and `*-._`. Space becomes `+`, everything else `%XX`.
const UNRESERVED = new Uint8Array(256);
for (const c of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789*-._") UNRESERVED[c.charCodeAt(0)] = 1;
const HEX = "0123456789ABCDEF";
const PLUS = 0x2b;
const PERCENT = 0x25;
const SPACE = 0x20;

function encodedLength(bytes: Uint8Array): number {
  let n = 0;
  for (const b of bytes) n += UNRESERVED[b] === 1 || b === SPACE ? 1 : 3;
  return n;
}

function writeEncoded(bytes: Uint8Array, out: Uint8Array, at: number): number {
  let i = at;
  for (const b of bytes) {
    if (UNRESERVED[b] === 1) out[i++] = b;
    else if (b === SPACE) out[i++] = PLUS;
    else {
      out[i++] = PERCENT;
      out[i++] = HEX.charCodeAt(b >> 4);
      out[i++] = HEX.charCodeAt(b & 0x0f);
    }
  }
  return i;
}

/** Percent-encodes bytes for a form body, byte by byte (`+` for space). */
export function percentEncodeBytes(bytes: Uint8Array): string {
  const out = new Uint8Array(encodedLength(bytes));
  writeEncoded(bytes, out, 0);
  return new TextDecoder("ascii").decode(out);
}

const utf8 = new TextEncoder();

// encodeURIComponent leaves five characters as they are that a form body escapes, and writes a
// space as %20 where a form body writes `+`.
const URI_DIFFERENCES = /[!'()~]|%20/g;
const HAS_URI_DIFFERENCE = /[!'()~]|%20/;
const PLAIN_OR_COMMAS = /^[A-Za-z0-9*\-._,]*$/;
const FORM_ESCAPES: Record<string, string> = { "!": "%21", "'": "%27", "(": "%28", ")": "%29", "~": "%7E", "%20": "+" };

/**
 * Text percent-encoded for a form body, as encodeRequest's bytes would be (UTF-8, then byte by
 * byte): the engine's own encoder does the work (a JavaScript loop over the UTF-8 bytes of every
 * field list and value is far slower on the BFF's every call), then the five characters and the
 * space it treats otherwise are set right.
 */
function percentEncodeText(text: string): string {
  // Names, tokens, numbers and field lists: nothing to escape but their commas.
  if (PLAIN_OR_COMMAS.test(text)) return text.includes(",") ? text.replaceAll(",", "%2C") : text;
  const encoded = encodeURIComponent(text);
  return HAS_URI_DIFFERENCE.test(encoded) ? encoded.replace(URI_DIFFERENCES, (c) => FORM_ESCAPES[c]!) : encoded;
}

/** Builds a form body as bytes: pairs in the order appended, values either text or raw bytes. */
export class FormBody {
  /** `name=value` already encoded, or a name's `&name=` and the raw bytes of its value. */
  private readonly parts: Array<string | Uint8Array> = [];

  append(name: string, value: string | Uint8Array): this {
    if (typeof value === "string" && !value.isWellFormed()) throw invalid(`parameter ${name}: text is not well-formed Unicode`);
    const head = `${this.parts.length > 0 ? "&" : ""}${percentEncodeText(name)}=`;
    if (typeof value === "string") this.parts.push(head + percentEncodeText(value));
    else this.parts.push(head, value);
    return this;
  }

  /** The exact body: ASCII only, so it is the same as bytes or as a string. */
  toBytes(): Uint8Array<ArrayBuffer> {
    if (this.parts.every((part) => typeof part === "string")) return Buffer.from(this.parts.join(""), "latin1");
    let length = 0;
    for (const part of this.parts) length += typeof part === "string" ? part.length : encodedLength(part);
    const out = new Uint8Array(length);
    let at = 0;
    for (const part of this.parts) {
      if (typeof part === "string") at += utf8.encodeInto(part, out.subarray(at)).written;
      else at = writeEncoded(part, out, at);
    }
    return out;
  }
}

function checkName(kind: string, name: unknown): string {
  if (typeof name !== "string" || !NAME.test(name)) throw invalid(`${kind} name is not [A-Za-z0-9_]+: ${JSON.stringify(name)}`);
  return name;
}

function checkInteger(name: string, value: number, min: number, max: number): string {
  if (!Number.isSafeInteger(value) || value < min || value > max) throw invalid(`${name} must be an integer from ${min} to ${max}`);
  return String(value);
}

function conditionValue(condition: NeCondition): string {
  const { op, value } = condition;
  if (VALUELESS_OPERATORS.includes(op)) return "";
  if (LIST_OPERATORS.includes(op)) {
    let values: readonly string[];
    if (typeof value === "string") values = value.split(",");
    else if (Array.isArray(value)) {
      values = value as readonly string[];
      for (const v of values) {
        if (typeof v !== "string") throw invalid(`${condition.field}-${op}: values must be strings`);
        // A comma inside one value would silently split it in two.
        if (v.includes(",")) throw invalid(`${condition.field}-${op}: a value contains a comma`);
      }
    } else throw invalid(`${condition.field}-${op}: needs a list of values`);
    if (values.length === 0 || (values.length === 1 && values[0] === "")) throw invalid(`${condition.field}-${op}: needs at least one value`);
    if (values.length > MAX_LIST_VALUES) throw invalid(`${condition.field}-${op}: at most ${MAX_LIST_VALUES} values`);
    return values.join(",");
  }
  if (typeof value === "string") return value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  throw invalid(`${condition.field}-${op}: needs one value`);
}

/**
 * The form body of one call. Throws NeError (invalid-request) on anything the API would
 * misread: unknown operator, bad names, duplicate conditions, list too long, bad paging.
 */
export function encodeRequest(request: NeRequest, credentials?: NeCredentials): Uint8Array<ArrayBuffer> {
  const form = new FormBody();
  if (credentials) {
    if (!credentials.accessToken) throw invalid("access token is empty");
    form.append("access_token", credentials.accessToken);
    if (credentials.refreshToken) form.append("refresh_token", credentials.refreshToken);
  }
  if (request.waitFlag !== undefined) form.append("wait_flag", request.waitFlag ? "1" : "0");
  if (request.fields && request.fields.length > 0) {
    form.append("fields", request.fields.map((f) => checkName("field", f)).join(","));
  }
  const seen = new Set<string>();
  for (const condition of request.conditions ?? []) {
    const field = checkName("condition field", condition.field);
    if (!OPERATOR_SET.has(condition.op)) throw invalid(`unknown operator: ${JSON.stringify(condition.op)}`);
    const key = `${field}-${condition.op}`;
    if (seen.has(key)) throw invalid(`condition ${key} given twice`);
    seen.add(key);
    form.append(key, conditionValue(condition));
  }
  if (request.offset !== undefined) form.append("offset", checkInteger("offset", request.offset, 0, Number.MAX_SAFE_INTEGER));
  if (request.limit !== undefined) form.append("limit", checkInteger("limit", request.limit, 1, MAX_LIMIT));
  if (request.extensionExecutionId !== undefined) form.append("extension_execution_id", request.extensionExecutionId);
  for (const [name, value] of Object.entries(request.params ?? {})) {
    checkName("parameter", name);
    if (RESERVED_PARAMS.has(name)) throw invalid(`parameter ${name} is set by the client, not through params`);
    if (typeof value !== "string") throw invalid(`parameter ${name} must be a string`);
    form.append(name, value);
  }
  if (request.data !== undefined) {
    if (!(request.data instanceof Uint8Array)) throw invalid("data must be bytes (Uint8Array)");
    const dataType = request.params?.data_type;
    if (dataType !== "csv" && dataType !== "gz") throw invalid("an upload needs data_type csv or gz");
    if (dataType === "gz" && !(request.data[0] === 0x1f && request.data[1] === 0x8b)) throw invalid("data_type gz but data is not gzip");
    form.append("data", request.data);
  }
  return form.toBytes();
}
