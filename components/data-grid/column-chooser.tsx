"use client";
// Which columns show and in what order: every field of the resource, shown ones first in their
// order with up/down buttons (keyboard friendly, no dragging needed), a search box for resources
// with a hundred fields, and "Back to defaults". Applied columns are saved per person.
import { Columns3 } from "lucide-react";
import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { GridLocale } from "@/lib/grid/format";
import type { ResourceDef } from "@/lib/ne/registry/types";

// The dialog loads when first opened (components/data-grid/column-chooser-dialog.tsx).
const ColumnChooserDialog = dynamic(() => import("./column-chooser-dialog"), { ssr: false });

export type ColumnChooserProps = {
  resource: ResourceDef;
  locale: GridLocale;
  visible: readonly string[];
  defaults: readonly string[];
  onApply: (columns: string[], resetWidths: boolean) => void;
};

export function ColumnChooser(props: ColumnChooserProps) {
  const t = useTranslations("grid");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        <Columns3 aria-hidden="true" />
        {t("columns.button")}
      </Button>
      {open ? <ColumnChooserDialog {...props} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
