// The screens of the masters area (/masters/<slug>), in sub-navigation order: what each one is
// and which operation it reads. Plain data shared by the server pages (index, metadata) and the
// client sub-navigation; titles and one-line descriptions are messages `masters.screens.<slug>`.
import type { OperationPath } from "@/lib/query/call-operation";

export type MasterScreenKind = "grid" | "list" | "account";

export interface MasterScreen {
  slug: string;
  kind: MasterScreenKind;
  /** The operation the screen reads (a grid's search, a list's info). */
  path: OperationPath;
}

function screen<K extends MasterScreenKind, S extends string>(kind: K, slug: S, path: OperationPath) {
  return { slug, kind, path };
}

export const masterScreens = [
  screen("grid", "set-goods", "/api_v1_master_setgoods/search"),
  screen("grid", "goods-tags", "/api_v1_master_goodstag/search"),
  screen("grid", "supply-orders", "/api_v1_supplyorder_base/search"),
  screen("grid", "place-order-rows", "/api_v1_placeorder_row/search"),
  screen("grid", "shops", "/api_v1_master_shop/search"),
  screen("grid", "malls", "/api_v1_system_mall/search"),
  screen("grid", "warehouses", "/api_v1_warehouse_base/search"),
  screen("grid", "wholesale", "/api_v1_master_wholesale/search"),
  screen("grid", "payment-delivery-conversions", "/api_v1_receiveorder_paymentdeliveryconvert/search"),
  screen("grid", "forwarding-agents", "/api_v1_receiveorder_forwardingagent/search"),
  screen("grid", "grouping-tags", "/api_v1_receiveorder_groupingtag/search"),
  screen("grid", "upload-queue", "/api_v1_system_que/search"),
  screen("list", "payment-methods", "/api_v1_system_paymentmethod/info"),
  screen("list", "credit-types", "/api_v1_system_credittype/info"),
  screen("list", "returned-reasons", "/api_v1_system_returnedreason/info"),
  screen("list", "order-statuses", "/api_v1_system_orderstatus/info"),
  screen("list", "social-insurance", "/api_v1_system_socialinsurance/info"),
  screen("list", "forwarding-methods", "/api_v1_system_forwardingmethod/info"),
  screen("list", "merchandise", "/api_v1_system_merchandise/info"),
  screen("list", "goods-types", "/api_v1_system_goodstype/info"),
  screen("list", "upload-patterns", "/api_v1_receiveorder_uploadpattern/info"),
  screen("account", "company", "/api_v1_login_company/info"),
] as const satisfies readonly MasterScreen[];

export type MasterSlug = (typeof masterScreens)[number]["slug"];
export type ListSlug = Extract<(typeof masterScreens)[number], { kind: "list" }>["slug"];

export const masterKinds: readonly MasterScreenKind[] = ["grid", "list", "account"];

export function masterHref(slug: string): `/masters/${string}` {
  return `/masters/${slug}`;
}

export function findMasterScreen(slug: string): MasterScreen | undefined {
  return masterScreens.find((s) => s.slug === slug);
}

export function isListSlug(slug: string): slug is ListSlug {
  return masterScreens.some((s) => s.kind === "list" && s.slug === slug);
}
