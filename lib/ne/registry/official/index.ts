// The official field lists, kept as data: operation → the tables its field list shows (its own
// table and the joined ones), each field with the name, type and Japanese label the list gives.
// Each file says where it came from: the developer site's page (`page`) and, where the list was
// read from a public copy of that page, the repository, commit and path (`copy`). A list records
// only what its source shows (the place-order row list has names only). See README.md.
import type { FieldType } from "../types";
import placeOrderRowSearch from "./api_v1_placeorder_row_search.json";
import goodsSearch from "./api_v1_master_goods_search.json";
import setGoodsSearch from "./api_v1_master_setgoods_search.json";
import shopSearch from "./api_v1_master_shop_search.json";
import stockSearch from "./api_v1_master_stock_search.json";
import supplierSearch from "./api_v1_master_supplier_search.json";
import receiveOrderSearch from "./api_v1_receiveorder_base_search.json";
import receiveOrderRowSearch from "./api_v1_receiveorder_row_search.json";
import cancelTypeInfo from "./api_v1_system_canceltype_info.json";
import mallSearch from "./api_v1_system_mall_search.json";
import paymentMethodInfo from "./api_v1_system_paymentmethod_info.json";
import warehouseSearch from "./api_v1_warehouse_base_search.json";

export interface OfficialField {
  name: string;
  /** 文字列型 S, 数値型 N, 日時型 D; absent where the source shows no type. */
  type?: FieldType;
  /** 項目名 as the list gives it; absent where the source shows none. */
  label?: string;
}

export interface OfficialCopy {
  repo: string;
  commit: string;
  path: string;
}

export interface OfficialTable {
  /** The table's heading in the list (e.g. 商品マスタ, 商品画像). */
  table: string;
  /** The operation's own table (true) or a table the list shows joined to it (false). */
  own: boolean;
  copy?: OfficialCopy;
  fields: readonly OfficialField[];
}

export interface OfficialList {
  operation: string;
  /** The developer-site page of the list. */
  page: string;
  /** Why the list stands for this operation, where the page is another operation's. */
  note?: string;
  tables: readonly OfficialTable[];
}

const LISTS = [
  goodsSearch,
  stockSearch,
  setGoodsSearch,
  shopSearch,
  supplierSearch,
  receiveOrderSearch,
  receiveOrderRowSearch,
  placeOrderRowSearch,
  cancelTypeInfo,
  paymentMethodInfo,
  mallSearch,
  warehouseSearch,
] as unknown as readonly OfficialList[];

/** Every stored list by operation path. */
export const OFFICIAL_LISTS: ReadonlyMap<string, OfficialList> = new Map(LISTS.map((l) => [l.operation, l]));

/** Every field a list shows for an operation, own and joined tables together, by name. */
export function officialFields(list: OfficialList): Map<string, OfficialField & { table: string; own: boolean }> {
  const out = new Map<string, OfficialField & { table: string; own: boolean }>();
  for (const t of list.tables) for (const f of t.fields) if (!out.has(f.name)) out.set(f.name, { ...f, table: t.table, own: t.own });
  return out;
}
