// Direct calls to the sandbox the dashboard talks to, to check what the grid shows against the
// API itself: a token pair of the test's own for the user (never the dashboard's: the sandbox
// refuses a second call in flight with one access token, 003902), then a form POST to an
// operation exactly as the real API takes it.
import { expect } from "@playwright/test";
import { sandboxUrl, SANDBOX_USERS, type SandboxUser } from "../fixtures";

/**
 * A fresh access token of the user's, issued by the admin controls as a sign-in would issue it
 * (POST /__sandbox/tokens): the dashboard may be calling with its own pair at this moment, and a
 * call of this test with that pair would overlap it. Fresh for every call: the sandbox clock
 * may have moved since the last one.
 */
export async function sandboxToken(user: SandboxUser): Promise<string> {
  const res = await fetch(`${sandboxUrl}/__sandbox/tokens`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login_code: SANDBOX_USERS[user].login }),
  });
  expect(res.status, "POST /__sandbox/tokens").toBe(201);
  return ((await res.json()) as { access_token: string }).access_token;
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

export async function addFault(fault: {
  path: string;
  kind: "error" | "maintenance" | "busy" | "http500" | "malformed" | "incomplete" | "redirect" | "delay";
  code?: string;
  message?: string;
  delay_ms?: number;
  rate?: number;
  times?: number;
}): Promise<void> {
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

type LoggedCall = { path: string; start_ms: number; status: number; result: string | null; rows: number | null };

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

/** A call refused because another call with the same access token was in flight (GET /__sandbox/overlaps, sandbox/calls.ts). */
export type Overlap = { seq: number; path: string; token_hash: string; start_ms: number; in_flight: { path: string; start_ms: number } };

export type OverlapRecord = { now_ms: number; since_ms: number; checked: number; total: number; capacity: number; overlaps: Overlap[] };

/** The sandbox's record of overlapping calls with one token since it started (or was cleared). */
export async function callOverlaps(): Promise<OverlapRecord> {
  const res = await fetch(`${sandboxUrl}/__sandbox/overlaps`);
  expect(res.ok, "GET /__sandbox/overlaps").toBe(true);
  return (await res.json()) as OverlapRecord;
}

/** One line per overlap, readable in a failure: when, which operation, the one it overlapped (same token hash). */
export function overlapLines(record: Pick<OverlapRecord, "overlaps" | "total" | "since_ms">): string[] {
  const at = (ms: number) => `+${((ms - record.since_ms) / 1000).toFixed(3)} s`;
  const lines = record.overlaps.map(
    (o) => `#${o.seq} ${at(o.start_ms)} ${o.path} while ${o.in_flight.path} (since ${at(o.in_flight.start_ms)}) was in flight, token ${o.token_hash}`,
  );
  if (record.total > record.overlaps.length) lines.push(`… and ${record.total - record.overlaps.length} more`);
  return lines;
}
