"use client";
// The client component of one grid definition, made where the definition lives (a "use client"
// module) and handed to the server page (./grid-page.tsx): a definition holds functions and
// components, which cannot cross from a server component to a client one; this component can.
// It renders the grid with the definition's texts in the page's language (DataGrid draws the
// definition's links, which carry its filters: ./grid-links.tsx).
import { useTranslations } from "next-intl";
import type { GridPreferences } from "@/lib/grid/preferences";
import { DataGrid } from "./data-grid";
import type { GridDefinition } from "./grid-definition";

export interface GridScreenProps {
  /** The definition's id, as the page read the preferences under it. */
  id: string;
  initialPreferences: GridPreferences | null;
}

export function gridScreen(definition: GridDefinition) {
  function GridScreen({ id, initialPreferences }: GridScreenProps) {
    const t = useTranslations();
    // A page reading another grid's preferences is a wiring mistake: fail where it is made.
    if (id !== definition.id) throw new Error(`gridPage("${id}") renders the grid "${definition.id}"`);
    const { texts } = definition;
    return (
      <DataGrid
        definition={definition}
        initialPreferences={initialPreferences}
        texts={{
          label: t(texts.label),
          emptyTitle: t(texts.emptyTitle),
          emptyBody: texts.emptyBody ? t(texts.emptyBody) : undefined,
          filteredTitle: t(texts.filteredTitle),
        }}
      />
    );
  }
  GridScreen.displayName = `GridScreen(${definition.id})`;
  return GridScreen;
}
