"use client";
// The settings page's changes to the grid storage (app/api/grid): rename or delete a saved view,
// reset a grid's columns. Each resolves to what happened, in the routes' error shape.
import { parseBffErrorBody } from "@/lib/query/bff-error";

export type StorageOutcome = { ok: true } | { ok: false; status: number; code: string };

async function send(url: string, method: "PATCH" | "DELETE", body?: unknown): Promise<StorageOutcome> {
  try {
    const response = await fetch(url, {
      method,
      headers: body === undefined ? undefined : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      cache: "no-store",
    });
    if (response.ok) return { ok: true };
    const error = parseBffErrorBody(await response.json().catch(() => undefined));
    return { ok: false, status: response.status, code: error?.code ?? "unknown" };
  } catch {
    return { ok: false, status: 0, code: "network" };
  }
}

const segment = encodeURIComponent;

export const renameSavedView = (grid: string, id: string, name: string) => send(`/api/grid/views/${segment(grid)}/${segment(id)}`, "PATCH", { name });
export const deleteSavedView = (grid: string, id: string) => send(`/api/grid/views/${segment(grid)}/${segment(id)}`, "DELETE");
export const resetGridPreferences = (grid: string) => send(`/api/grid/preferences/${segment(grid)}`, "DELETE");

/** Where a gone session goes: sign in again, then back to the settings page. */
export const SIGN_IN_AGAIN = `/login?reason=expired&from=${encodeURIComponent("/settings")}`;
