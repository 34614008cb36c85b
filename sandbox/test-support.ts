// Helpers of the sandbox's integration tests: start a sandbox in-process, sign in through the
// form like a browser, call operations over real HTTP.
import { DEFAULT_REDIRECT_URI, SANDBOX_APP } from "./accounts";
import { startSandbox, type RunningSandbox, type SandboxOptions } from "./server";

export type Json = Record<string, unknown>;

export interface ApiAnswer {
  result: string;
  code?: string;
  message?: string;
  count?: string;
  data?: Record<string, string | null>[];
  access_token?: string;
  access_token_end_date?: string;
  refresh_token?: string;
  refresh_token_end_date?: string;
  que_id?: string;
  [key: string]: unknown;
}

export interface Tokens {
  access_token: string;
  refresh_token: string;
}

/** The app's registered redirect URI in these tests (a sign-in naming another is refused). */
export const REDIRECT_URI = DEFAULT_REDIRECT_URI;

export function startTestSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  return startSandbox({ admin: true, log: () => undefined, redirectUri: REDIRECT_URI, ...options });
}

export function form(params: Record<string, string | number | undefined>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined) body.set(k, String(v));
  return body;
}

/** POSTs the sign-in form; answers the redirect's uid and state. */
export async function signIn(base: string, loginCode: string, password = "sandbox"): Promise<{ uid: string; state: string }> {
  const res = await fetch(`${base}/users/sign_in/`, {
    method: "POST",
    body: form({ "user[login_code]": loginCode, "user[password]": password, client_id: SANDBOX_APP.clientId, redirect_uri: REDIRECT_URI }),
    redirect: "manual",
  });
  if (res.status !== 302) throw new Error(`sign-in answered ${res.status}`);
  const location = new URL(res.headers.get("location") ?? "");
  return { uid: location.searchParams.get("uid") ?? "", state: location.searchParams.get("state") ?? "" };
}

export async function call(base: string, path: string, params: Record<string, string | number | undefined> = {}): Promise<ApiAnswer> {
  const res = await fetch(`${base}${path}`, { method: "POST", body: form(params) });
  if (res.status !== 200) throw new Error(`${path} answered HTTP ${res.status}`);
  return (await res.json()) as ApiAnswer;
}

export async function neauth(base: string, uid: string, state: string, path = "/api_neauth"): Promise<ApiAnswer> {
  return call(base, path, { uid, state, client_id: SANDBOX_APP.clientId, client_secret: SANDBOX_APP.clientSecret });
}

/** Signs in and exchanges uid/state for a token pair. */
export async function login(base: string, loginCode = "staff@sandbox.test"): Promise<Tokens> {
  const { uid, state } = await signIn(base, loginCode);
  const answer = await neauth(base, uid, state);
  if (answer.result !== "success" || !answer.access_token || !answer.refresh_token) {
    throw new Error(`neauth failed: ${JSON.stringify(answer)}`);
  }
  return { access_token: answer.access_token, refresh_token: answer.refresh_token };
}

export async function admin(base: string, method: string, path: string, body?: Json): Promise<Response> {
  return fetch(`${base}/__sandbox${path}`, {
    method,
    ...(body ? { body: JSON.stringify(body), headers: { "content-type": "application/json" } } : {}),
  });
}

export async function advanceClock(base: string, seconds: number): Promise<void> {
  const res = await admin(base, "POST", "/clock", { advance_s: seconds });
  if (!res.ok) throw new Error(`clock: ${res.status}`);
}
