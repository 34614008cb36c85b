"use client";
// One kind's drop zone, also a file picker (click, Enter, Space). Several files at once become
// one card each. The zone is the button and holds the file input, so tests can set its files.
import { FileUp } from "lucide-react";
import { useTranslations } from "next-intl";
import { useDropzone } from "react-dropzone";
import { cn } from "@/components/ui/cn";
import { MAX_FILE_BYTES, type UploadKind } from "@/lib/csv/types";

export function DropZone({ kind, onFiles }: { kind: UploadKind; onFiles: (files: File[]) => void }) {
  const t = useTranslations("uploads");
  const kindName = t(`kinds.${kind}`);
  // Every file is taken: the reader refuses what it cannot read, with the reason on its card
  // (a MIME check would turn Excel's CSVs away on some systems).
  const { getRootProps, getInputProps, isDragActive } = useDropzone({ onDrop: (files) => files.length > 0 && onFiles(files), multiple: true });
  return (
    <div
      {...getRootProps({
        role: "button",
        "aria-label": t("drop.label", { kind: kindName }),
        "aria-describedby": `drop-hint-${kind}`,
      })}
      data-upload-kind={kind}
      className={cn(
        "flex cursor-pointer flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-8 text-center transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
        isDragActive
          ? "border-brand-500 bg-brand-50 dark:border-brand-400 dark:bg-brand-950/40"
          : "border-ink-300 bg-ink-25 hover:border-brand-400 hover:bg-ink-50 dark:border-ink-700 dark:bg-ink-900/40 dark:hover:border-brand-500 dark:hover:bg-ink-900",
      )}
    >
      {/* The zone is the control people and screen readers use; the input only carries the chosen
          files. Not displayed, so it is neither a second control inside the zone nor focusable. */}
      <input {...getInputProps({ style: { display: "none" } })} />
      <FileUp aria-hidden="true" className="size-7 text-ink-500 dark:text-ink-400" />
      <p className="text-sm font-medium text-ink-900 dark:text-ink-100">{isDragActive ? t("drop.active") : t("drop.title", { kind: kindName })}</p>
      <p id={`drop-hint-${kind}`} className="text-xs text-ink-600 dark:text-ink-300">
        {t("drop.hint", { size: Math.round(MAX_FILE_BYTES / 1024 / 1024) })}
      </p>
    </div>
  );
}
