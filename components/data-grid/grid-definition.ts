// What a grid is, as data: the resource, its search and count, the record key, default columns,
// quick filters, drawer, texts and links. Everything else (columns, labels, filter operators, value
// inputs, formatting) comes from the registry. A definition is made by `defineGrid`
// (./define-grid.ts) from a GridSpec; see the README's "Adding a grid".
import type { ComponentType, RefObject } from "react";
import type messages from "@/messages/ja.json";
import type { GridLocale } from "@/lib/grid/format";
import type { GridFilter } from "@/lib/grid/filters";
import type { LinkCarry } from "@/lib/grid/links";
import type { RecordKeyParts } from "@/lib/grid/record-key";
import type { QuickFilter } from "@/lib/grid/quick-filters";
import type { MessageKey } from "@/lib/i18n/message-key";
import type { ChoicesSource } from "@/lib/query/choice-types";
import type { ApiRow, OperationPath } from "@/lib/query/call-operation";
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";

export type { QuickFilter } from "@/lib/grid/quick-filters";

export interface CellContext {
  field: FieldDef;
  value: string | null;
  row: ApiRow;
  locale: GridLocale;
}

/** A message of the catalogue by its key (next-intl's `useTranslations()`). */
export type Translate = (key: MessageKey) => string;

/** A cell shown differently from its field's format (grouping tag chips, a cancel badge). */
export interface CustomCell {
  render: ComponentType<CellContext>;
  /** More fields the cell reads from its row (fetched with the page). */
  needs?: readonly string[];
  /**
   * The cell's words as plain text: what an export with names writes (the file says what the
   * screen says) and what the column's width is fitted to. Without it the column keeps its kind's
   * width and an export names the value as it would without the custom cell.
   */
  text?: (context: CellContext, t: Translate) => string;
  /** The column's width where nobody resized it, for a cell without `text` (a code with its goods' name and picture). */
  width?: number;
}

export interface DrawerGroup {
  /** Message key of the group's title under `grid.drawerGroups`. */
  titleKey: Exclude<keyof (typeof messages)["grid"]["drawerGroups"], "other">;
  fields: readonly string[];
}

/** A query started ahead for the drawer (lib/query/hooks: `searchQuery`, `countQuery`). */
export interface DrawerQuery {
  queryKey: readonly unknown[];
  queryFn: (context: { signal: AbortSignal }) => Promise<unknown>;
}

export interface DrawerExtraProps {
  record: ApiRow;
  recordKey: string;
  locale: GridLocale;
}

/** What a gallery layout (./grid-definition.ts `gallery`) is given: the page's rows, as the table is. */
export interface GalleryProps {
  domId: string;
  /** Accessible name of the rows ("Goods images"). */
  label: string;
  rows: readonly ApiRow[];
  definition: GridDefinition;
  locale: GridLocale;
  /** The card that holds the tab stop (the same index as the table's active row). */
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  onOpen: (key: string) => void;
  /** Focus is given back here when the drawer closes: it passes it on to the active card. */
  gridRef: RefObject<HTMLDivElement | null>;
  busy: boolean;
}

/** Another way to show a page of rows (cards of pictures), offered beside the table. */
export interface GridGallery {
  /** Load it lazily (React.lazy): the table is the default layout. */
  component: ComponentType<GalleryProps>;
  /** The fields a card reads (fetched with the page in that layout). */
  needs: readonly string[];
}

/** The grid's texts, as message keys. */
export interface GridTextKeys {
  /** Accessible name of the grid ("Order slips"). */
  label: MessageKey;
  emptyTitle: MessageKey;
  emptyBody?: MessageKey;
  filteredTitle: MessageKey;
}

/** One tab of a grid's first row (a work queue): its conditions, AND-ed with the person's filters. */
export interface GridTab {
  /** The URL's `?queue=` value. */
  id: string;
  label: MessageKey;
  /** The tab's filters at `now` (a queue may name today's day). */
  filters: (now: Date) => readonly GridFilter[];
}

/** A first row of tabs above the toolbar (the orders grid's work queues; ./grid-tabs.tsx). */
export interface GridTabs {
  /** Accessible name of the tab list. */
  label: MessageKey;
  /** The tab without conditions ("All"). */
  allLabel: MessageKey;
  /** Says what the counts include (the person's filters). */
  note: MessageKey;
  items: readonly GridTab[];
  /** Merges a tab's filters with the person's (one `<field>-<op>` each: lib/orders/work-queues.ts withQueue). */
  merge: (tab: readonly GridFilter[], filters: readonly GridFilter[]) => GridFilter[];
}

/** A link at the right of the toolbar, to a related page. */
export interface GridLink {
  href: `/${string}`;
  label: MessageKey;
  /** Carries what applies here to the target (the slips shown → their rows; lib/grid/links.ts). */
  carry?: LinkCarry;
}

/** A link of one record's drawer to a related record or list (a row's slip, a goods' stock). */
export interface DrawerLink {
  href: string;
  label: MessageKey;
}

/**
 * Data joined to a page of rows once they are in (the stock grid's goods names and thumbnails):
 * ONE query per page, from the page's rows; custom cells read its answer with `usePageJoin`
 * (./page-join.tsx). It arrives after the rows, which paint without it.
 */
export interface PageJoin {
  /** The page's query, or null when its rows need nothing joined. */
  query: (rows: readonly ApiRow[]) => DrawerQuery | null;
}

export interface GridDefinition extends RecordKeyParts {
  /** Preferences key and export file name (`orders` → `orders-20261121-2345.csv`). */
  id: string;
  resource: ResourceDef;
  searchPath: OperationPath;
  countPath: OperationPath;
  defaultColumns: readonly string[];
  // The record key (keyFields, rowKey, keyConditions) comes from RecordKeyParts.
  /** The column pinned to the left edge by default (else the first primary-key field shown). */
  keyColumn?: string;
  /**
   * On a phone each record is a card (./grid-cards.tsx): its key column, these two or three fields
   * (default: the first three default columns after the key; lib/grid/card-fields.ts) and `status`.
   */
  summary?: readonly string[];
  /** The field shown as the card's status badge on a phone (the order status); none by default. */
  status?: string;
  texts: GridTextKeys;
  links?: readonly GridLink[];
  cells?: Readonly<Record<string, CustomCell>>;
  /**
   * Codes whose name the row itself carries, code field → name field (a slip's delivery method:
   * `receive_order_delivery_id` → `receive_order_delivery_name`): the cell and drawer show the name
   * (defineGrid makes the cell unless `cells` has one) and an export writes it unless codes are asked for.
   */
  rowNames?: Readonly<Record<string, string>>;
  /** Choices of fields whose registry entry has none (delivery method ids). */
  choices?: Readonly<Record<string, ChoicesSource>>;
  /** A first row of tabs, each a set of conditions with its count, chosen with `?queue=`. */
  tabs?: GridTabs;
  /** Controls above the toolbar, in order (lib/grid/quick-filters.ts). */
  quickFilters?: readonly QuickFilter[];
  drawerGroups?: readonly DrawerGroup[];
  /** Fields the drawer leaves out of its lists, shown another way by `drawerExtra` (a goods' tags). */
  drawerOmit?: readonly string[];
  /** Row height in px (36 by default); taller where cells hold two lines (goods names). */
  rowHeight?: number;
  /** More of the drawer below the groups (the slip's rows); load it lazily (lazyComponent). The
   *  drawer's title is the resource's `titleField` with its label ("Slip number 1234"). */
  drawerExtra?: ComponentType<DrawerExtraProps>;
  /** The queries `drawerExtra` will make for a record (same keys), started with the record's own
   *  fetch so that both are one round trip, not two in a row. */
  drawerQueries?: (recordKey: string) => readonly DrawerQuery[];
  /** Links at the top of a record's drawer to its related records, with the filter of each. */
  drawerLinks?: (record: ApiRow) => readonly DrawerLink[];
  /** Data joined to each page of rows (one query per page), read by custom cells. */
  pageJoin?: PageJoin;
  /** A gallery layout beside the table, chosen with a toggle and kept in the URL (`layout=gallery`). */
  gallery?: GridGallery;
  /** Reads `extension_execution_id` from the URL and sends it (order slips only). */
  extensionExecutionId?: boolean;
}

/**
 * A namespace of the catalogue holding a grid's texts under the usual names: `<ns>.gridLabel`,
 * `<ns>.empty.title`, `<ns>.empty.body` and `<ns>.filtered.title` ("orders", "stock.goods").
 */
export type GridTextNamespace = {
  [K in MessageKey]: K extends `${infer N}.gridLabel`
    ? `${N}.empty.title` | `${N}.empty.body` | `${N}.filtered.title` extends MessageKey
      ? N
      : never
    : never;
}[MessageKey];

/** What a page declares; `defineGrid` adds the operations and the record key from the registry. */
export interface GridSpec extends Omit<GridDefinition, "searchPath" | "countPath" | "rowKey" | "keyConditions" | "keyFields" | "texts"> {
  /** A namespace with the usual names, or each key. */
  texts: GridTextNamespace | GridTextKeys;
}
