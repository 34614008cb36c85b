// The API operations the product calls with a person's tokens, from the registry: what the app's
// API settings must allow (the developer site's 「API」 tab of the app), printed by
// `npm run api-permissions` (scripts/api-permissions.ts) and called once each by the settings
// page's connection check (components/settings/connection-check.tsx). Browser-safe data.
//
// Every search, count, info and upload of the registry is called by some screen or route (a test,
// scripts/api-permissions.test.ts, holds this list against what the product's code names). The
// sign-in (/api_neauth, with the app's client credentials) is not in it: every app that signs in
// calls it. /api_app/company (the companies using the app, with client credentials) is in the
// registry but the product never calls it.
import { NE_CODES } from "./codes";
import { getResource, operations, type Label, type OperationDef, type OperationKind } from "./registry";

/** The areas of the API's paths (`/api_v1_<area>_...`), in the order they are listed. */
export const API_PERMISSION_GROUPS = [
  { key: "login", prefixes: ["/api_v1_login_"], label: { ja: "ログイン企業・ユーザー", en: "Signed-in company and user" } },
  { key: "receiveorder", prefixes: ["/api_v1_receiveorder_"], label: { ja: "受注", en: "Orders" } },
  { key: "master", prefixes: ["/api_v1_master_"], label: { ja: "マスタ", en: "Masters" } },
  { key: "warehouse", prefixes: ["/api_v1_warehouse_"], label: { ja: "倉庫", en: "Warehouses" } },
  { key: "purchase", prefixes: ["/api_v1_placeorder_", "/api_v1_supplyorder_"], label: { ja: "発注・仕入", en: "Purchasing" } },
  { key: "system", prefixes: ["/api_v1_system_"], label: { ja: "システム", en: "System" } },
] as const satisfies readonly { key: string; prefixes: readonly string[]; label: Label }[];

export type ApiPermissionGroupKey = (typeof API_PERMISSION_GROUPS)[number]["key"];

/** What the product does with an operation: calls made with a person's access token. */
const PERSON_KINDS: readonly OperationKind[] = ["search", "count", "info", "upload"];

const VERB: Readonly<Record<OperationKind, Label>> = {
  search: { ja: "検索", en: "search" },
  count: { ja: "件数取得", en: "count" },
  info: { ja: "取得", en: "info" },
  upload: { ja: "アップロード", en: "upload" },
  auth: { ja: "認証", en: "sign-in" },
  list: { ja: "一覧", en: "list" },
};

/** How the connection check calls an operation: the smallest call of its kind, or not at all. */
export type ConnectionCheckCall =
  | { call: "search"; fields: readonly string[]; limit: 1 }
  | { call: "count" }
  | { call: "info" }
  /** Uploads are never called by the check: an accepted upload is queued and applied. */
  | { call: "none"; reason: "would-queue" };

export interface ApiPermission {
  path: `/${string}`;
  kind: OperationKind;
  group: ApiPermissionGroupKey;
  /** The operation as people name it: the resource's name and what the call does. */
  label: Label;
  check: ConnectionCheckCall;
}

export function groupOf(path: string): ApiPermissionGroupKey {
  const group = API_PERMISSION_GROUPS.find((g) => g.prefixes.some((p: string) => path.startsWith(p)));
  if (!group) throw new Error(`no permission group for ${path}`);
  return group.key;
}

function checkCall(op: OperationDef): ConnectionCheckCall {
  switch (op.kind) {
    case "search":
      // One row of the resource's own key: the cheapest answer the operation gives.
      return { call: "search", fields: getResource(op.resource).primaryKey, limit: 1 };
    case "count":
      return { call: "count" };
    case "info":
      return { call: "info" };
    default:
      return { call: "none", reason: "would-queue" };
  }
}

function labelOf(op: OperationDef): Label {
  const resource = getResource(op.resource).label;
  return { ja: `${resource.ja}${VERB[op.kind].ja}`, en: `${resource.en}: ${VERB[op.kind].en}` };
}

const groupOrder = (key: ApiPermissionGroupKey) => API_PERMISSION_GROUPS.findIndex((g) => g.key === key);

/** Every operation the app's API settings must allow, grouped and in a stable order. */
export const API_PERMISSIONS: readonly ApiPermission[] = operations
  .filter((op) => PERSON_KINDS.includes(op.kind))
  .map((op) => ({ path: op.path, kind: op.kind, group: groupOf(op.path), label: labelOf(op), check: checkCall(op) }))
  .sort((a, b) => groupOrder(a.group) - groupOrder(b.group) || a.path.localeCompare(b.path));

/** The permissions of each group, groups in their order (empty groups left out). */
export function permissionsByGroup(): { key: ApiPermissionGroupKey; label: Label; permissions: ApiPermission[] }[] {
  return API_PERMISSION_GROUPS.map((g) => ({ key: g.key, label: g.label, permissions: API_PERMISSIONS.filter((p) => p.group === g.key) })).filter(
    (g) => g.permissions.length > 0,
  );
}

/** The code of an answer saying the app's API settings do not allow the operation. */
export const PERMISSION_REFUSED_CODE = NE_CODES.forbidden;

/** The list as `npm run api-permissions` prints it: one group a heading, one operation a line. */
export function formatApiPermissions(): string {
  const lines: string[] = [`API operations Backyard calls (${API_PERMISSIONS.length}); enable each in the app's API settings:`, ""];
  for (const group of permissionsByGroup()) {
    lines.push(`${group.label.ja} / ${group.label.en}`);
    for (const p of group.permissions) lines.push(`  ${p.path.padEnd(52)} ${p.label.ja} / ${p.label.en}`);
    lines.push("");
  }
  lines.push("Not listed: /api_neauth (sign-in, with the app's client id and secret).");
  return lines.join("\n");
}
