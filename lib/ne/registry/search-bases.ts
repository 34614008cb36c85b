// Where each resource is searched: the base path of its search and count twin (`<base>/search`,
// `<base>/count`). operations.ts builds those two operations from this table, and a grid finds
// its pair here: a few hundred bytes, where the whole operation list would weigh on every page.
import type { ResourceKey } from "./types";

type Path = `/${string}`;

export const SEARCH_BASES = {
  receiveOrder: "/api_v1_receiveorder_base",
  receiveOrderRow: "/api_v1_receiveorder_row",
  receiveOrderGroupingTag: "/api_v1_receiveorder_groupingtag",
  paymentDeliveryConvert: "/api_v1_receiveorder_paymentdeliveryconvert",
  forwardingAgent: "/api_v1_receiveorder_forwardingagent",
  goods: "/api_v1_master_goods",
  goodsTag: "/api_v1_master_goodstag",
  goodsImage: "/api_v1_master_goodsimage",
  setGoods: "/api_v1_master_setgoods",
  wholesale: "/api_v1_master_wholesale",
  shop: "/api_v1_master_shop",
  stock: "/api_v1_master_stock",
  warehouseStock: "/api_v1_warehouse_stock",
  warehouse: "/api_v1_warehouse_base",
  placeOrderRow: "/api_v1_placeorder_row",
  supplyOrder: "/api_v1_supplyorder_base",
  mall: "/api_v1_system_mall",
  systemQue: "/api_v1_system_que",
} as const satisfies Partial<Record<ResourceKey, Path>>;

export type SearchedResource = keyof typeof SEARCH_BASES;

/** The search of a resource and its count twin (what a grid of it reads), or undefined. */
export function searchPairOf(resource: ResourceKey): { search: Path; count: Path } | undefined {
  const base: Path | undefined = (SEARCH_BASES as Partial<Record<ResourceKey, Path>>)[resource];
  return base ? { search: `${base}/search`, count: `${base}/count` } : undefined;
}
