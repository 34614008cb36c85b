// Every operation: spec section 4 (`extension: false`) and the extensions the real API has
// (DESIGN.md, `extension: true`). Searches and counts name each other through `twin`.
import { SEARCH_BASES, type SearchedResource } from "./search-bases";
import type { OperationDef, OperationKind, ResourceKey } from "./types";

type Path = `/${string}`;

interface OpOptions {
  extension?: boolean;
  browser?: boolean;
  extraParams?: readonly string[];
  twin?: Path;
}

function op(path: Path, kind: OperationKind, resource: ResourceKey, opts: OpOptions = {}): OperationDef {
  const def: OperationDef = {
    path,
    kind,
    resource,
    extension: opts.extension ?? false,
    browser: opts.browser ?? true,
    extraParams: opts.extraParams ?? [],
  };
  if (opts.twin) def.twin = opts.twin;
  return def;
}

interface PairOptions {
  /** Which of the two the spec lists; the other is an extension. */
  spec: "search" | "count" | "both" | "neither";
  extraParams?: readonly string[];
}

/** A search and its count twin, under the resource's base path (search-bases.ts). */
function pair(resource: SearchedResource, { spec, extraParams }: PairOptions): OperationDef[] {
  const base = SEARCH_BASES[resource];
  const search: Path = `${base}/search`;
  const count: Path = `${base}/count`;
  const inSpec = (k: "search" | "count") => spec === "both" || spec === k;
  return [
    op(search, "search", resource, { extension: !inSpec("search"), twin: count, extraParams }),
    op(count, "count", resource, { extension: !inSpec("count"), twin: search, extraParams }),
  ];
}

const UPLOAD_PARAMS = ["data_type", "data"] as const;

export const operations: readonly OperationDef[] = [
  // Sign-in: server only, never through the browser proxy.
  op("/api_app/company", "list", "companyApp", { browser: false, extraParams: ["client_id", "client_secret"] }),
  op("/api_neauth", "auth", "auth", { browser: false, extraParams: ["uid", "state", "client_id", "client_secret"] }),
  op("/api_v1_login_company/info", "info", "company"),
  op("/api_v1_login_user/info", "info", "loginUser", { extension: true }),

  // Orders. extension_execution_id narrows the slip search (2.1); the count twin takes the same
  // conditions (2.3), so it accepts it too, or totals would not match the rows.
  ...pair("receiveOrder", { spec: "search", extraParams: ["extension_execution_id"] }),
  ...pair("receiveOrderRow", { spec: "count" }),
  ...pair("receiveOrderGroupingTag", { spec: "search" }),
  ...pair("paymentDeliveryConvert", { spec: "search" }),
  ...pair("forwardingAgent", { spec: "search" }),
  op("/api_v1_receiveorder_uploadpattern/info", "info", "receiveOrderUploadPattern"),

  // Masters.
  ...pair("goods", { spec: "search" }),
  // Uploads go through the upload journal only (lib/uploads: checked again, stored, sent at most
  // once), never through the browser proxy.
  op("/api_v1_master_goods/upload", "upload", "goods", { browser: false, extraParams: UPLOAD_PARAMS }),
  ...pair("goodsTag", { spec: "search" }),
  ...pair("goodsImage", { spec: "search" }),
  ...pair("setGoods", { spec: "both" }),
  ...pair("wholesale", { spec: "count" }),
  ...pair("shop", { spec: "count" }),
  ...pair("stock", { spec: "search" }),
  ...pair("warehouseStock", { spec: "search" }),
  op("/api_v1_warehouse_stock/upload", "upload", "warehouseStock", { browser: false, extraParams: UPLOAD_PARAMS }),
  ...pair("warehouse", { spec: "neither" }),

  // Purchasing.
  ...pair("placeOrderRow", { spec: "search" }),
  ...pair("supplyOrder", { spec: "search" }),

  // System.
  ...pair("mall", { spec: "search" }),
  ...pair("systemQue", { spec: "neither" }),
  op("/api_v1_system_paymentmethod/info", "info", "paymentMethod"),
  op("/api_v1_system_credittype/info", "info", "creditType"),
  op("/api_v1_system_returnedreason/info", "info", "returnedReason"),
  op("/api_v1_system_orderstatus/info", "info", "orderStatus"),
  op("/api_v1_system_socialinsurance/info", "info", "socialInsurance"),
  op("/api_v1_system_forwardingmethod/info", "info", "forwardingMethod"),
  op("/api_v1_system_merchandise/info", "info", "merchandise"),
  op("/api_v1_system_goodstype/info", "info", "goodsType"),
];

