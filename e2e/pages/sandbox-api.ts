// Direct calls to the sandbox the dashboard talks to, to check what the grid shows against the
// API itself: a token of the signed-in company from the admin controls, then a form POST to an
// operation exactly as the real API takes it.
import { expect } from "@playwright/test";
import { sandboxUrl, SANDBOX_USERS, type SandboxUser } from "../fixtures";

type TokenRow = { access_token: string; company_ne_id: string; uid: string; rotated: boolean };
type UserRow = { login_code: string; uid: string; company_ne_id: string };

async function companyOf(user: SandboxUser): Promise<string> {
  const users = (await (await fetch(`${sandboxUrl}/__sandbox/users`)).json()) as UserRow[];
  const found = users.find((u) => u.login_code === SANDBOX_USERS[user].login);
  if (!found) throw new Error(`no sandbox user ${user}`);
  return found.company_ne_id;
}

/** The newest live access token of the user's company (issued when the test signed in). */
export async function sandboxToken(user: SandboxUser): Promise<string> {
  const company = await companyOf(user);
  const tokens = (await (await fetch(`${sandboxUrl}/__sandbox/tokens`)).json()) as TokenRow[];
  const live = tokens.filter((t) => t.company_ne_id === company && !t.rotated);
  const token = live.at(-1);
  if (!token) throw new Error(`no token of company ${company}`);
  return token.access_token;
}

export async function sandboxCall(user: SandboxUser, path: string, params: Record<string, string>): Promise<{ count?: string; data?: Record<string, string | null>[] }> {
  const body = new URLSearchParams({ access_token: await sandboxToken(user), ...params });
  const res = await fetch(`${sandboxUrl}${path}`, { method: "POST", body });
  const json = (await res.json()) as { result: string; count?: string; data?: Record<string, string | null>[]; message?: string };
  expect(json.result, json.message).toBe("success");
  return json;
}

/** The count twin's total for the given condition parameters (`field-op` → value). */
export async function sandboxCount(user: SandboxUser, path: string, conditions: Record<string, string> = {}): Promise<number> {
  return Number((await sandboxCall(user, path, conditions)).count);
}

export async function addFault(fault: { path: string; kind: "error" | "busy" | "http500" | "malformed" | "incomplete" | "redirect" | "delay"; code?: string; delay_ms?: number; rate?: number; times?: number }): Promise<void> {
  const res = await fetch(`${sandboxUrl}/__sandbox/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(fault) });
  expect(res.status).toBe(201);
}

export async function clearFaults(): Promise<void> {
  await fetch(`${sandboxUrl}/__sandbox/faults`, { method: "DELETE" });
}

/** Moves the sandbox clock (token expiry) forward, or back to real time with null. */
export async function sandboxClock(change: { advance_s: number } | null): Promise<void> {
  const res = await fetch(`${sandboxUrl}/__sandbox/clock`, change ? { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(change) } : { method: "DELETE" });
  expect(res.ok).toBe(true);
}

/**
 * Picks slips as a person does on the main screen before starting the app: answers the
 * `extension_execution_id` that stands for them (for the user's company).
 */
export async function pickSlips(user: SandboxUser, receiveOrderIds: readonly string[]): Promise<string> {
  const res = await fetch(`${sandboxUrl}/__sandbox/extension-executions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login_code: SANDBOX_USERS[user].login, receive_order_ids: receiveOrderIds }),
  });
  expect(res.status).toBe(201);
  return ((await res.json()) as { extension_execution_id: string }).extension_execution_id;
}

type LoggedCall = { path: string; start_ms: number; status: number; result: string | null };

/** A mark on the sandbox's call log (its clock now): `callsSince` lists the calls started after it. */
export async function callLogMark(): Promise<number> {
  const res = await fetch(`${sandboxUrl}/__sandbox/calls?since=${Number.MAX_SAFE_INTEGER}`);
  expect(res.ok).toBe(true);
  return ((await res.json()) as { now_ms: number }).now_ms;
}

/** The API calls the sandbox answered since a mark (GET /__sandbox/calls, sandbox/calls.ts), of one path when given. */
export async function callsSince(mark: number, path?: string): Promise<LoggedCall[]> {
  const res = await fetch(`${sandboxUrl}/__sandbox/calls?since=${mark}`);
  expect(res.ok).toBe(true);
  const { calls } = (await res.json()) as { calls: LoggedCall[] };
  return path === undefined ? calls : calls.filter((c) => c.path === path);
}
