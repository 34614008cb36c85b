"use client";
// A goods image at a fixed size: the box is sized before the image arrives (no layout shift), the
// image loads only near the viewport, and an image that cannot load (offline, a host that does not
// answer, a deleted file) leaves a plain "no image" mark instead of a broken-image icon.
import { ImageOff } from "lucide-react";
import { useState } from "react";
import { cn } from "@/components/ui/cn";

type ImageThumbnailProps = {
  src: string | null;
  alt: string;
  /** Side of the square box in CSS pixels. */
  size: number;
  /** Accessible name of the "no image" mark. */
  missingLabel: string;
  className?: string;
};

export function ImageThumbnail({ src, alt, size, missingLabel, className }: ImageThumbnailProps) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = src !== null && failedSrc === src;
  return (
    <span
      data-image-box=""
      className={cn("inline-grid shrink-0 place-items-center overflow-hidden rounded border border-ink-200 bg-ink-50 dark:border-ink-700 dark:bg-ink-850", className)}
      style={{ width: size, height: size }}
    >
      {src && !failed ? (
        // A plain <img>: the images live on the shop's image host, loaded by the browser as they
        // are (no image optimizer in between); the CSP's img-src allows https: hosts, or those
        // NE_IMAGE_HOSTS names (lib/security/image-policy.ts), and on the sandbox the sandbox.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt={alt}
          width={size}
          height={size}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onError={() => setFailedSrc(src)}
          className="size-full object-contain"
        />
      ) : (
        <ImageOff role="img" aria-label={missingLabel} className="size-1/2 text-ink-400 dark:text-ink-500" />
      )}
    </span>
  );
}
