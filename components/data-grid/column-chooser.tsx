"use client";
// Which columns show and in what order: every field of the resource, shown ones first in their
// order with up/down buttons, a pin toggle and a width field each (keyboard friendly: no dragging needed), a
// search box for resources with a hundred fields, and "Back to defaults". Applied columns and
// widths are saved per person.
import { Columns3 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { GridLocale } from "@/lib/grid/format";
import type { ResourceDef } from "@/lib/ne/registry/types";

// The dialog loads when first opened (components/data-grid/column-chooser-dialog.tsx).
const ColumnChooserDialog = lazyComponent(() => import("./column-chooser-dialog"));

export type ColumnChooserProps = {
  resource: ResourceDef;
  locale: GridLocale;
  visible: readonly string[];
  defaults: readonly string[];
  /** Stored widths (px) by field name; a column without one has its default width. */
  widths: Readonly<Record<string, number>>;
  /** Widths fitted to the page's words (the table's): a column at its kind's default shows this. */
  fitted?: Readonly<Record<string, number>>;
  /** Columns pinned to the left edge, in order, and those pinned by default. */
  pinned: readonly string[];
  defaultPinned: readonly string[];
  /** `widths` null: back to every column's default width. */
  onApply: (columns: string[], widths: Record<string, number> | null, pinned: string[]) => void;
};

export function ColumnChooser(props: ColumnChooserProps) {
  const t = useTranslations("grid");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        size="sm"
        onClick={() => setOpen(true)}
        onPointerEnter={ColumnChooserDialog.preload}
        onFocus={ColumnChooserDialog.preload}
        aria-haspopup="dialog"
      >
        <Columns3 aria-hidden="true" />
        <span className="max-sm:sr-only">{t("columns.button")}</span>
      </Button>
      {open ? <ColumnChooserDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
