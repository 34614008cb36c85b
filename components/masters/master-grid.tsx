"use client";
// One shape for every master grid: `masterGrid` turns a few lines of data (resource, operation
// base, default columns, drawer groups, quick-filter fields) into a GridDefinition whose record
// key comes from the resource's primary key; `MasterGrid` renders it with the masters texts.
import { useTranslations } from "next-intl";
import { DataGrid } from "@/components/data-grid/data-grid";
import type { DrawerGroup, GridDefinition } from "@/components/data-grid/grid-definition";
import type { GridPreferences } from "@/lib/grid/preferences";
import type { ResourceDef } from "@/lib/ne/registry/types";
import type { MasterSlug } from "./screens";
import { textQuickFilter } from "./text-quick-filter";
import { primaryKeyRecord } from "@/lib/grid/record-key";

interface MasterGridSpec {
  /** Preferences key and export file name. */
  id: string;
  resource: ResourceDef;
  /** Operation base: `/api_v1_master_setgoods` gives `/search` and its `/count` twin. */
  base: `/${string}`;
  defaultColumns: readonly string[];
  drawerGroups: readonly DrawerGroup[];
  /** Fields the quick text filter searches ("contains"); the first is the default target. */
  quickFields?: readonly string[];
}

export function masterGrid({ id, resource, base, defaultColumns, drawerGroups, quickFields }: MasterGridSpec): GridDefinition {
  const definition: GridDefinition = {
    id,
    resource,
    searchPath: `${base}/search`,
    countPath: `${base}/count`,
    defaultColumns,
    ...primaryKeyRecord(resource),
    drawerGroups,
  };
  if (quickFields?.length) definition.quickFilters = textQuickFilter(resource, quickFields);
  return definition;
}

export interface MasterGridProps {
  slug: MasterSlug;
  definition: GridDefinition;
  initialPreferences: GridPreferences | null;
}

export function MasterGrid({ slug, definition, initialPreferences }: MasterGridProps) {
  const t = useTranslations("masters");
  return (
    <DataGrid
      definition={definition}
      initialPreferences={initialPreferences}
      texts={{
        label: t(`screens.${slug}.title`),
        emptyTitle: t("grid.emptyTitle"),
        emptyBody: t("grid.emptyBody"),
        filteredTitle: t("grid.filteredTitle"),
      }}
    />
  );
}
