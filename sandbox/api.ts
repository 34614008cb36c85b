// The API operations: one generic handler routes every path of the registry's `operations`
// (trailing slash or not), refuses a second call in flight with one access token, authenticates,
// applies injected faults, runs the query engine and answers the envelope of spec 2.2 (HTTP 200
// even on error).
import { CODES_WITHOUT_TOKENS, NE_CODES } from "../lib/ne/codes";
import type { OperationDef, ResourceDef } from "../lib/ne/registry/types";
import { SANDBOX_APP, SANDBOX_COMPANIES } from "./accounts";
import { authenticate, checkState, findUserByUid, issueTokens, type TokenRecord, type TokenSettings, type UserRecord } from "./auth";
import type { SandboxDb } from "./db";
import { ApiError, invalidParameter } from "./errors";
import { callClock, tokenHash, type CallLog, type InFlightCalls, type OverlapLog } from "./calls";
import { faultMessage, type FaultBook } from "./faults";
import type { Latency } from "./latency";
import type { EnqueueUpload, WaitForUpload } from "./hooks";
import { serveImageRows } from "./images";
import { runAll, runCount, runSearch, type ApiRow } from "./query-engine";
import type { RegistryIndex } from "./registry";
import { normalizePath } from "./registry";
import { readRequestParams, type RequestParams } from "./request-params";
import { formatJst, sleep, type SandboxClock } from "./time";

export interface ApiContext {
  db: SandboxDb;
  registry: RegistryIndex;
  clock: SandboxClock;
  tokens: TokenSettings;
  faults: FaultBook;
  /** The distance every answer travels (sandbox/latency.ts). */
  latency?: Latency;
  /** Records every call when set (the admin's call log, sandbox/calls.ts). */
  calls?: CallLog;
  /** The calls in flight per access token: a second one is refused (003902). */
  inFlight: InFlightCalls;
  /** The refused second calls (GET /__sandbox/overlaps). */
  overlaps: OverlapLog;
  enqueueUpload: EnqueueUpload;
  /** Holds an upload call with `wait_flag=1` until its job is processed. */
  waitForUpload?: WaitForUpload;
  /** The longest an upload call with `wait_flag=1` waits (default 60 s); then it answers as with 0. */
  uploadWaitMs?: number;
  log: (line: string) => void;
}

type Envelope = Record<string, unknown>;

const JSON_HEADERS = { "content-type": "application/json; charset=utf-8" };

/** The envelope's result and code of each answer made by `json`, for the call log. */
const OUTCOMES = new WeakMap<Response, { result: string | null; code: string | null; rows: number | null }>();

function json(body: Envelope, status = 200): Response {
  const response = new Response(JSON.stringify(body), { status, headers: JSON_HEADERS });
  OUTCOMES.set(response, {
    result: typeof body.result === "string" ? body.result : null,
    code: typeof body.code === "string" ? body.code : null,
    rows: Array.isArray(body.data) ? body.data.length : null,
  });
  return response;
}

function tokenFields(token: TokenRecord | undefined): Envelope {
  if (!token) return {};
  return {
    access_token: token.accessToken,
    access_token_end_date: formatJst(token.accessExpiresMs),
    refresh_token: token.refreshToken,
    refresh_token_end_date: formatJst(token.refreshExpiresMs),
  };
}

function errorBody(code: string, message: string, token?: TokenRecord): Envelope {
  const carry = token && !CODES_WITHOUT_TOKENS.includes(code) ? token : undefined;
  return { result: "error", code, message, ...tokenFields(carry) };
}

function clientOk(params: RequestParams): boolean {
  return params.get("client_id") === SANDBOX_APP.clientId && params.get("client_secret") === SANDBOX_APP.clientSecret;
}

const CLIENT_ERROR = () => new ApiError(NE_CODES.clientCredentialsInvalid, "client_id または client_secret が正しくありません (invalid client credentials)");

/** Who is calling: a token pair (data operations) or a fresh uid+state (the login info operations). */
interface Caller {
  companyNeId: string;
  uid: string;
  token?: TokenRecord;
}

async function callerFromState(ctx: ApiContext, params: RequestParams): Promise<Caller | undefined> {
  const uid = params.get("uid");
  const state = params.get("state");
  if (!uid || !state || params.get("access_token")) return undefined;
  const check = await checkState(ctx.db, ctx.clock, uid, state, { consume: false });
  if (!check.ok) throw new ApiError(NE_CODES.stateInvalid, `state が無効です (state ${check.reason})`);
  return { companyNeId: check.user.company_ne_id, uid };
}

async function handleNeauth(ctx: ApiContext, params: RequestParams): Promise<Envelope> {
  const uid = params.get("uid");
  if (!uid) throw new ApiError(NE_CODES.uidMissing, "uid が指定されていません (uid is missing)");
  if (!clientOk(params)) throw CLIENT_ERROR();
  const state = params.get("state");
  if (!state) throw new ApiError(NE_CODES.stateInvalid, "state が指定されていません (state is missing)");
  const check = await checkState(ctx.db, ctx.clock, uid, state, { consume: true, clientId: SANDBOX_APP.clientId });
  if (!check.ok) throw new ApiError(NE_CODES.stateInvalid, `state が無効です (state ${check.reason})`);
  const user = check.user;
  const company = SANDBOX_COMPANIES.find((c) => c.neId === user.company_ne_id);
  const token = await issueTokens(ctx.db, ctx.clock, ctx.tokens, {
    companyNeId: user.company_ne_id,
    uid: user.uid,
    clientId: SANDBOX_APP.clientId,
  });
  return {
    result: "success",
    ...tokenFields(token),
    company_app_header: company?.appHeader ?? null,
    company_ne_id: user.company_ne_id,
    company_name: company?.name ?? null,
    company_kana: company?.kana ?? null,
    uid: user.uid,
    pic_ne_id: user.pic_ne_id,
    pic_name: user.pic_name,
    pic_kana: user.pic_kana,
    pic_mail_address: user.pic_mail_address,
  };
}

function handleAppCompany(resource: ResourceDef | undefined, params: RequestParams): Envelope {
  if (!clientOk(params)) throw CLIENT_ERROR();
  const data = SANDBOX_COMPANIES.map((c) => {
    const values: Record<string, string> = {
      company_id: c.id,
      company_ne_id: c.neId,
      company_name: c.name,
      company_kana: c.kana,
      company_app_header: c.appHeader,
      company_host: c.host,
    };
    const names = resource?.fields.map((f) => f.name) ?? ["company_id"];
    return Object.fromEntries(names.map((n) => [n, values[n] ?? null]));
  });
  return { result: "success", count: String(data.length), data };
}

function userRow(resource: ResourceDef, user: UserRecord): ApiRow {
  const values: Record<string, string> = {
    uid: user.uid,
    pic_id: String(user.pic_id),
    pic_ne_id: user.pic_ne_id,
    pic_name: user.pic_name,
    pic_kana: user.pic_kana,
    pic_mail_address: user.pic_mail_address,
    company_ne_id: user.company_ne_id,
  };
  return Object.fromEntries(resource.fields.map((f) => [f.name, values[f.name] ?? null]));
}

function checkWaitFlag(params: RequestParams): boolean {
  const raw = params.get("wait_flag");
  if (raw === undefined || raw === "" || raw === "0") return false;
  if (raw === "1") return true;
  throw invalidParameter(`wait_flag は 0 か 1 です (wait_flag must be 0 or 1): ${raw}`);
}

async function runOperation(ctx: ApiContext, op: OperationDef, params: RequestParams, caller: Caller, origin: string): Promise<Envelope> {
  const resource = ctx.registry.resource(op.resource);
  switch (op.kind) {
    case "search": {
      const data = await runSearch(ctx.db, resource, params, caller.companyNeId);
      // Goods images name the sandbox's own image host (sandbox/images.ts).
      if (resource.key === "goodsImage") serveImageRows(data, origin, caller.companyNeId);
      return { result: "success", count: String(data.length), data };
    }
    case "count": {
      const count = await runCount(ctx.db, resource, params, caller.companyNeId);
      return { result: "success", count };
    }
    case "info": {
      if (resource.key === "loginUser") {
        const user = await findUserByUid(ctx.db, caller.uid);
        const data = user ? [userRow(resource, user)] : [];
        return { result: "success", count: String(data.length), data };
      }
      const data = await runAll(ctx.db, resource, caller.companyNeId);
      if (resource.key === "goodsImage") serveImageRows(data, origin, caller.companyNeId);
      return { result: "success", count: String(data.length), data };
    }
    case "upload": {
      const dataType = params.get("data_type");
      if (dataType !== "csv" && dataType !== "gz") {
        throw invalidParameter(`data_type は csv か gz です (data_type must be csv or gz): ${dataType ?? ""}`);
      }
      const file = params.file("data");
      if (!file || file.data.length === 0) throw invalidParameter("data が指定されていません (data is missing)");
      const user = await findUserByUid(ctx.db, caller.uid);
      const queId = await ctx.enqueueUpload({
        db: ctx.db,
        companyNeId: caller.companyNeId,
        path: normalizePath(op.path),
        dataType,
        data: file.data,
        ...(file.fileName ? { fileName: file.fileName } : {}),
        nowMs: ctx.clock.now(),
        pic: { id: user?.pic_id ?? 0, name: user?.pic_name ?? "" },
      });
      // "With 1 the call waits until processing is complete" (spec 4): the answer is the same, but
      // the job's que row already says how it ended.
      if (checkWaitFlag(params) && ctx.waitForUpload) {
        await ctx.waitForUpload({ db: ctx.db, companyNeId: caller.companyNeId, queId: Number(queId), timeoutMs: ctx.uploadWaitMs ?? 60_000 });
      }
      return { result: "success", que_id: String(queId) };
    }
    case "auth":
    case "list":
      throw new Error(`unreachable: ${op.kind}`);
  }
}

/** What the call log records of a call besides its answer. */
interface CallFacts {
  startMs: number;
  /** The distance waited (sandbox/latency.ts). */
  latencyMs: number;
  tokenHash: string | null;
  overlap: boolean;
  abandonedMs: number | null;
}

/** Answers one API call, and records it in the call log when there is one. */
export async function handleApi(ctx: ApiContext, request: Request): Promise<Response> {
  const path = normalizePath(new URL(request.url).pathname);
  const facts: CallFacts = { startMs: callClock(), latencyMs: 0, tokenHash: null, overlap: false, abandonedMs: null };
  if (!ctx.calls) return answerApi(ctx, request, path, facts);
  let status = 500;
  let outcome: { result: string | null; code: string | null; rows: number | null } = { result: null, code: null, rows: null };
  try {
    const response = await answerApi(ctx, request, path, facts);
    status = response.status;
    outcome = OUTCOMES.get(response) ?? outcome;
    return response;
  } finally {
    ctx.calls.record({
      path,
      start_ms: facts.startMs,
      end_ms: callClock(),
      latency_ms: facts.latencyMs,
      status,
      ...outcome,
      token_hash: facts.tokenHash,
      overlap: facts.overlap,
      abandoned_ms: facts.abandonedMs,
    });
  }
}

const CONCURRENT_CALL_MESSAGE =
  "同じユーザーのAPI呼び出しを並行して行うことは開発時の注意事項で禁止されています。このアクセストークンの前の呼び出しの応答を待ってから呼び出してください (the development rules forbid parallel requests for one user: a call with this access token is still in flight)";

/** The distance to a remote API (sandbox/latency.ts): every answer travels it. */
async function travel(ctx: ApiContext, facts: CallFacts): Promise<void> {
  const distance = ctx.latency?.next() ?? 0;
  facts.latencyMs = distance;
  if (distance > 0) await sleep(distance);
}

async function answerApi(ctx: ApiContext, request: Request, path: string, facts: CallFacts): Promise<Response> {
  const op = ctx.registry.operation(path);
  if (!op) {
    return json({ result: "error", code: NE_CODES.notFound, message: `存在しないAPIです (unknown operation): ${path}` }, 404);
  }

  // The parameters first: the access token decides whether the call may run now. (A body that
  // cannot be read is answered below, as before.)
  let params: RequestParams | undefined;
  let unreadable: unknown;
  try {
    params = await readRequestParams(request);
  } catch (error) {
    unreadable = error;
  }

  // One call in flight per access token (DESIGN.md, development rules): a second one is refused
  // and recorded. Calls without a token (/api_neauth, the company list, the uid+state info calls)
  // are not a person's calls. A caller that hangs up frees its token from then on.
  const accessToken = params?.get("access_token");
  if (!accessToken) return answerCall(ctx, request, op, path, params, unreadable, facts);
  facts.tokenHash = tokenHash(accessToken);
  ctx.overlaps.checkedCall();
  const entered = ctx.inFlight.enter(accessToken, { path, start_ms: facts.startMs });
  if ("held" in entered) {
    facts.overlap = true;
    ctx.overlaps.record({ path, token_hash: facts.tokenHash, start_ms: facts.startMs, in_flight: entered.held });
    await travel(ctx, facts);
    return json(errorBody(NE_CODES.concurrentCall, CONCURRENT_CALL_MESSAGE));
  }
  const hangUp = () => {
    facts.abandonedMs ??= callClock();
    entered.release();
  };
  if (request.signal.aborted) hangUp();
  else request.signal.addEventListener("abort", hangUp, { once: true });
  try {
    return await answerCall(ctx, request, op, path, params, unreadable, facts);
  } finally {
    request.signal.removeEventListener("abort", hangUp);
    entered.release();
  }
}

async function answerCall(
  ctx: ApiContext,
  request: Request,
  op: OperationDef,
  path: string,
  params: RequestParams | undefined,
  unreadable: unknown,
  facts: CallFacts,
): Promise<Response> {
  // The distance to a remote API, then transport-level faults and maintenance, before anything
  // else (no token is rotated by such a call).
  await travel(ctx, facts);
  const delay = ctx.faults.fire(path, ["delay"]).reduce((sum, f) => sum + (f.delay_ms ?? 0), 0);
  if (delay > 0) await sleep(delay);
  const [transport] = ctx.faults.fire(path, ["http500", "malformed", "maintenance"]);
  if (transport?.kind === "http500") {
    return new Response("<html><body><h1>500 Internal Server Error</h1></body></html>", {
      status: 500,
      headers: { "content-type": "text/html; charset=utf-8" },
    });
  }
  if (transport?.kind === "malformed") {
    return new Response('{"result":"success","count":"1","data":[{"', { status: 200, headers: JSON_HEADERS });
  }
  if (transport?.kind === "maintenance") {
    const code = transport.code ?? NE_CODES.maintenance;
    return json({ result: "error", code, message: transport.message ?? faultMessage(code) });
  }

  let token: TokenRecord | undefined;
  try {
    if (!params) throw unreadable;
    if (op.kind === "auth") return json(await withFaults(ctx, path, params, () => handleNeauth(ctx, params)));
    if (op.kind === "list") {
      return json(await withFaults(ctx, path, params, async () => handleAppCompany(ctx.registry.findResource(op.resource), params)));
    }

    let caller: Caller | undefined = op.kind === "info" && (op.resource === "company" || op.resource === "loginUser")
      ? await callerFromState(ctx, params)
      : undefined;
    if (!caller) {
      const auth = await authenticate(ctx.db, ctx.clock, ctx.tokens, params.get("access_token"), params.get("refresh_token"));
      if (auth.kind === "redirect") return json({ result: "redirect", message: auth.message });
      if (auth.kind === "error") return json(errorBody(auth.code, auth.message));
      token = auth.token;
      caller = { companyNeId: token.companyNeId, uid: token.uid, token };
    }
    const who = caller;
    const body = await withFaults(ctx, path, params, () => runOperation(ctx, op, params, who, new URL(request.url).origin));
    // An incomplete answer: success (tokens renewed as usual) without the data or count it owes.
    if (ctx.faults.fire(path, ["incomplete"]).length > 0) return json({ result: "success", ...tokenFields(token) });
    return json({ ...body, ...tokenFields(token) });
  } catch (error) {
    if (error instanceof RedirectFault) return json({ result: "redirect", message: error.message });
    if (error instanceof ApiError) return json(errorBody(error.code, error.message, token));
    ctx.log(`sandbox: ${path}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    return json(errorBody(NE_CODES.systemError, "システムエラーが発生しました (system error)"));
  }
}

/** An injected `redirect` answer: like the real one, it carries no tokens. */
class RedirectFault extends Error {}

/**
 * Error and busy faults act after authentication, so their answers carry the (renewed) tokens; a
 * redirect fault answers as an expired access token sent alone would.
 */
async function withFaults(
  ctx: ApiContext,
  path: string,
  params: RequestParams,
  run: () => Promise<Envelope>,
): Promise<Envelope> {
  const wait = checkWaitFlag(params);
  for (const fault of ctx.faults.fire(path, ["busy", "error", "redirect"])) {
    if (fault.kind === "redirect") throw new RedirectFault("アクセストークンの有効期限が切れました。再ログインしてください (injected redirect)");
    if (fault.kind === "error") {
      const code = fault.code ?? NE_CODES.systemError;
      throw new ApiError(code, fault.message ?? faultMessage(code));
    }
    if (!wait) throw new ApiError(NE_CODES.busy, "メイン機能が混雑しています (main server busy)");
    await sleep(fault.delay_ms ?? 100);
  }
  return run();
}
