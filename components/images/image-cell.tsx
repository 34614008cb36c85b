"use client";
// The image column of the images grid: a 28 px thumbnail (row height 36 px) beside the file's
// address as text. Cells hold no links: the grid moves by rows, and the drawer links the image.
import { useTranslations } from "next-intl";
import type { CellContext } from "@/components/data-grid/grid-definition";
import { imageAlt, imageSource } from "./image-source";
import { ImageThumbnail } from "./image-thumbnail";

export function ImageCell({ row, value }: CellContext) {
  const t = useTranslations("images");
  const src = imageSource(row);
  return (
    <span className="flex min-w-0 items-center gap-2">
      <ImageThumbnail src={src} alt={imageAlt(row)} size={28} missingLabel={t("noImage")} />
      <span data-user-content="" className="truncate text-xs text-ink-600 dark:text-ink-300">
        {value ?? src ?? ""}
      </span>
    </span>
  );
}
