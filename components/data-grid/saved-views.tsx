"use client";
// Saved views: a name for the current filters, columns and page size, kept per person in the
// database and listed here to apply, rename or delete. Loaded when the menu first opens.
import { Bookmark } from "lucide-react";
import { useTranslations } from "next-intl";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { SavedView, SavedViewState } from "@/lib/grid/preferences";
import { Popover } from "@/components/ui/popover";

// The panel loads when the menu first opens (components/data-grid/saved-views-panel.tsx).
const ViewsPanel = lazyComponent(() => import("./saved-views-panel"));

type SavedViewsProps = {
  grid: string;
  current: () => SavedViewState;
  onApply: (view: SavedView) => void;
};

export function SavedViews({ grid, current, onApply }: SavedViewsProps) {
  const t = useTranslations("grid");
  return (
    <Popover
      align="end"
      button={
        <>
          <Bookmark aria-hidden="true" />
          {/* A phone's toolbar is one row: the icon shows, the word is its name. */}
          <span className="max-sm:sr-only">{t("views.button")}</span>
        </>
      }
      panelLabel={t("views.title")}
      panelClassName="w-96"
      onIntent={ViewsPanel.preload}
    >
      {(close) => (
        <ViewsPanel
          grid={grid}
          current={current}
          onApply={(view) => {
            onApply(view);
            close();
          }}
        />
      )}
    </Popover>
  );
}
