"use client";
// The images grid's gallery layout: the same page of rows as the table (same filters, paging and
// drawer), as picture cards. Keyboard: one tab stop (a roving tabindex on the cards); the arrows
// move between cards (up and down by a row of cards, however many fit), Home/End to the first and
// last, Enter or a click opens the image's drawer (components/data-grid/use-roving-cards.ts, shared
// with the phone cards). Loaded with React.lazy, only in this layout.
import { useTranslations } from "next-intl";
import type { GalleryProps } from "@/components/data-grid/grid-definition";
import { cn } from "@/components/ui/cn";
import { useRovingCards } from "@/components/data-grid/use-roving-cards";
import { imageAlt, imageSource } from "./image-source";
import { ImageThumbnail } from "./image-thumbnail";

const P = "goods_image_";
const PICTURE = 144;

export default function ImageGallery({ domId, label, rows, definition, activeIndex, onActiveIndexChange, onOpen, gridRef, busy }: GalleryProps) {
  const t = useTranslations("images");
  const roving = useRovingCards(rows.length, activeIndex, onActiveIndexChange);

  return (
    <div
      ref={gridRef}
      tabIndex={-1}
      // The drawer gives focus back to this element when it closes: pass it on to the active card.
      onFocus={(event) => {
        if (event.target === event.currentTarget) roving.focusActive();
      }}
      className={cn("rounded-lg border border-ink-200 p-3 outline-none dark:border-ink-700", busy && "opacity-60")}
      data-image-gallery=""
    >
      <ul id={`${domId}-gallery`} aria-label={label} onKeyDown={roving.onKeyDown} className="grid grid-cols-[repeat(auto-fill,minmax(10.5rem,1fr))] gap-3">
        {rows.map((row, index) => {
          const key = definition.rowKey(row);
          const width = row[`${P}width`];
          const height = row[`${P}height`];
          return (
            <li key={key} className="min-w-0">
              <button
                type="button"
                {...roving.cardProps(index)}
                data-gallery-card={key}
                onClick={() => onOpen(key)}
                className={cn(
                  "flex w-full min-w-0 flex-col items-center gap-1.5 rounded-md border p-2 text-left transition-colors",
                  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                  index === roving.active
                    ? "border-brand-400 bg-brand-50/60 dark:border-brand-500 dark:bg-brand-950/40"
                    : "border-ink-200 hover:bg-ink-50 dark:border-ink-700 dark:hover:bg-ink-850",
                )}
              >
                <ImageThumbnail src={imageSource(row)} alt={imageAlt(row)} size={PICTURE} missingLabel={t("noImage")} />
                <span data-user-content="" className="w-full truncate text-xs font-medium text-ink-900 dark:text-ink-50">
                  {row[`${P}file_name`] ?? ""}
                </span>
                <span className="flex w-full items-baseline justify-between gap-2 text-[11px] text-ink-600 dark:text-ink-300">
                  <span data-user-content="" className="truncate">
                    {row[`${P}goods_id`] ?? ""}
                  </span>
                  {width && height ? <span className="shrink-0 tabular-nums">{t("gallery.size", { width, height })}</span> : null}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
