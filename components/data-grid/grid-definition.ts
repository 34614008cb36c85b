// What a page tells the generic grid about its resource. Everything else (columns, labels, filter
// operators, value inputs, formatting) comes from the registry, so a new grid is a definition
// like components/orders/order-rows-grid.tsx and a page file.
import type { ComponentType } from "react";
import type messages from "@/messages/ja.json";
import type { ConditionInput } from "@/lib/bff/operation-request";
import type { GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import type { RecordKeyParts } from "@/lib/grid/record-key";
import type { ChoicesSource } from "@/lib/query/choice-types";
import type { ApiRow, OperationPath } from "@/lib/query/call-operation";
import type { FieldDef, ResourceDef } from "@/lib/ne/registry/types";

export interface CellContext {
  field: FieldDef;
  value: string | null;
  row: ApiRow;
  locale: GridLocale;
}

/** A cell shown differently from its field's format (grouping tag chips, a cancel badge). */
export interface CustomCell {
  render: ComponentType<CellContext>;
  /** More fields the cell reads from its row (fetched with the page). */
  needs?: readonly string[];
}

export interface QuickFiltersProps {
  filters: readonly GridFilter[];
  /** Replaces the filters of the given keys (`field-op`) with `next` (page back to 1). */
  setFilters: (keys: readonly string[], next: readonly GridFilter[]) => void;
  locale: GridLocale;
}

export interface DrawerGroup {
  /** Message key of the group's title under `grid.drawerGroups`. */
  titleKey: Exclude<keyof (typeof messages)["grid"]["drawerGroups"], "other">;
  fields: readonly string[];
}

export interface DrawerExtraProps {
  record: ApiRow;
  recordKey: string;
  locale: GridLocale;
}

export interface GridDefinition extends RecordKeyParts {
  /** Preferences key and export file name (`orders` → `orders-20261121-2345.csv`). */
  id: string;
  resource: ResourceDef;
  searchPath: OperationPath;
  countPath: OperationPath;
  defaultColumns: readonly string[];
  /** The record key of a row (URL `open=`, selection). */
  rowKey: (row: ApiRow) => string;
  /** Conditions finding one record by its key (the drawer's fetch), or null for a bad key. */
  keyConditions: (key: string) => ConditionInput[] | null;
  /** Fields every page fetches whatever the columns (the key's fields). */
  keyFields: readonly string[];
  /** The column pinned to the left edge by default (else the first primary-key field shown). */
  keyColumn?: string;
  cells?: Readonly<Record<string, CustomCell>>;
  /** Choices of fields whose registry entry has none (delivery method ids). */
  choices?: Readonly<Record<string, ChoicesSource>>;
  quickFilters?: ComponentType<QuickFiltersProps>;
  drawerGroups?: readonly DrawerGroup[];
  /** More of the drawer below the groups (the slip's rows); load it lazily (lazyComponent). The
   *  drawer's title is the resource's `titleField` with its label ("Slip number 1234"). */
  drawerExtra?: ComponentType<DrawerExtraProps>;
  /** Reads `extension_execution_id` from the URL and sends it (order slips only). */
  extensionExecutionId?: boolean;
}
