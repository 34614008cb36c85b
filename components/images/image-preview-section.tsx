"use client";
// The image itself in its drawer, larger (at most 240 px, its own proportions kept), with a link
// that opens the file. Loaded with the drawer (lazyComponent), never with the grid.
import { ExternalLink } from "lucide-react";
import { useTranslations } from "next-intl";
import type { DrawerExtraProps } from "@/components/data-grid/grid-definition";
import { imageAlt, imageSource } from "./image-source";
import { ImageThumbnail } from "./image-thumbnail";

export default function ImagePreviewSection({ record }: DrawerExtraProps) {
  const t = useTranslations("images");
  const src = imageSource(record);
  return (
    <section aria-labelledby="image-preview-title" data-image-preview="" className="flex flex-col gap-2">
      <h3 id="image-preview-title" className="text-xs font-semibold tracking-wide text-ink-600 uppercase dark:text-ink-300">
        {t("preview")}
      </h3>
      <ImageThumbnail src={src} alt={imageAlt(record)} size={240} missingLabel={t("noImage")} />
      {src ? (
        <a href={src} target="_blank" rel="noopener noreferrer" className="inline-flex w-fit items-center gap-1 text-sm text-brand-700 underline underline-offset-2 hover:text-brand-800 dark:text-brand-300 dark:hover:text-brand-200">
          {t("open")}
          <ExternalLink aria-hidden="true" className="size-3.5" />
        </a>
      ) : null}
    </section>
  );
}
