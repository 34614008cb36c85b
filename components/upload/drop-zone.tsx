"use client";
// One kind's drop zone, also a file picker (click, Enter, Space). Several files at once become
// one card each. The zone is the button and holds the file input, so tests can set its files.
// Written on the DOM's drag events rather than a drop-zone library: the one used before brought a
// table of every MIME type by extension (about 12 kB gzip on the page's first load) for a name
// the reader never looks at. A dropped folder is not walked: it arrives as one file the reader
// refuses, with the reason on its card.
import { FileUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { cn } from "@/components/ui/cn";
import { MAX_FILE_BYTES } from "@/lib/csv/types";
import type { PageKind } from "./stocktake/page-kind";

function carriesFiles(event: { dataTransfer: DataTransfer | null }): boolean {
  return Array.from(event.dataTransfer?.types ?? []).includes("Files");
}

// A file dropped next to a zone would make the browser open it in place of the page (and lose
// the cards): drops of files anywhere else on the page are refused.
function refuseStrayDrop(event: globalThis.DragEvent) {
  if (carriesFiles(event)) event.preventDefault();
}

export function DropZone({ kind, onFiles }: { kind: PageKind; onFiles: (files: File[]) => void }) {
  const t = useTranslations("uploads");
  const kindName = t(`kinds.${kind}`);
  const input = useRef<HTMLInputElement>(null);
  const [dragActive, setDragActive] = useState(false);

  useEffect(() => {
    document.addEventListener("dragover", refuseStrayDrop);
    document.addEventListener("drop", refuseStrayDrop);
    return () => {
      document.removeEventListener("dragover", refuseStrayDrop);
      document.removeEventListener("drop", refuseStrayDrop);
    };
  }, []);

  // Every file is taken: the reader refuses what it cannot read, with the reason on its card
  // (a MIME check would turn Excel's CSVs away on some systems).
  const take = (files: FileList | null) => {
    const list = Array.from(files ?? []);
    if (list.length > 0) onFiles(list);
  };

  const openChooser = () => {
    const element = input.current;
    if (!element) return;
    element.value = ""; // the same file chosen again is a new upload
    element.click();
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = "copy";
    if (!dragActive) setDragActive(true);
  };

  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Leaving for one of the zone's own children is not leaving the zone.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) return;
    setDragActive(false);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    setDragActive(false);
    take(event.dataTransfer.files);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || (event.key !== "Enter" && event.key !== " ")) return;
    event.preventDefault();
    openChooser();
  };

  return (
    <div
      role="button"
      tabIndex={0}
      aria-label={t("drop.label", { kind: kindName })}
      aria-describedby={`drop-hint-${kind}`}
      data-upload-kind={kind}
      onClick={openChooser}
      onKeyDown={onKeyDown}
      onDragEnter={onDragOver}
      onDragOver={onDragOver}
      onDragLeave={onDragLeave}
      onDrop={onDrop}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        dragActive
          ? "border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/40"
          : "border-ink-300 bg-ink-25 hover:border-brand-400 hover:bg-ink-50 dark:border-ink-700 dark:bg-ink-900/40 dark:hover:border-brand-500 dark:hover:bg-ink-900",
      )}
    >
      {/* The zone is the control people and screen readers use; the input only carries the chosen
          files. Not displayed, so it is neither a second control inside the zone nor focusable. */}
      <input
        ref={input}
        type="file"
        multiple
        tabIndex={-1}
        autoComplete="off"
        style={{ display: "none" }}
        onClick={(event) => event.stopPropagation()}
        onChange={(event) => take(event.currentTarget.files)}
      />
      <FileUp aria-hidden="true" className="size-7 text-ink-500 dark:text-ink-400" />
      <p className="text-sm font-medium text-ink-900 dark:text-ink-100">{dragActive ? t("drop.active") : t("drop.title", { kind: kindName })}</p>
      <p id={`drop-hint-${kind}`} className="text-xs text-ink-600 dark:text-ink-300">
        {t("drop.hint", { size: Math.round(MAX_FILE_BYTES / 1024 / 1024) })}
      </p>
    </div>
  );
}
