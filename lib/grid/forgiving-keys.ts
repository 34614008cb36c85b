// The filter keys (`field-op`) the forgiving search boxes write (./forgiving-search.ts), apart from
// it: the grid definitions name them in their first load; the readings come with the box's chunk.
import type { ForgivingQuickFilter } from "./quick-filters";

const P = "receive_order_";

/** Every filter key a reading of the orders search may write: a new search replaces them all. */
export const ORDER_SEARCH_KEYS: readonly string[] = [
  `${P}id-eq`,
  `${P}shop_cut_form_id-like`,
  `${P}purchaser_name-like`,
  `${P}consignee_name-like`,
  `${P}purchaser_kana-like`,
  `${P}consignee_kana-like`,
  `${P}purchaser_tel-in`,
  `${P}consignee_tel-in`,
  `${P}purchaser_mail_address-eq`,
  `${P}purchaser_mail_address-like`,
];

/** The filter keys a stock search writes on its goods code field. */
export function stockSearchKeys(goodsField: string): string[] {
  return [`${goodsField}-like`, `${goodsField}-in`];
}

/** The stock grids' search box on their goods code field: the code, else goods by name or JAN. */
export function stockGoodsSearch(goodsField: string): ForgivingQuickFilter {
  return {
    kind: "forgiving",
    label: "forgivingSearch.stock.label",
    placeholder: "forgivingSearch.stock.placeholder",
    search: "stockGoods",
    keys: stockSearchKeys(goodsField),
    goodsField,
  };
}
