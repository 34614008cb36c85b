"use client";
// Everything to start one kind's upload: the drop zone, a paste box and the templates.
import { useTranslations } from "next-intl";
import { memo } from "react";
import type { PageKind } from "./stocktake/page-kind";
import { DropZone } from "./drop-zone";
import { PasteBox } from "./paste-box";
import { TemplateDownloads } from "./template-downloads";

// Memoized: the page renders again at every step of every file; this part never changes with them.
export const KindPanel = memo(function KindPanel({
  kind,
  onFiles,
  onPaste,
  onIntent,
}: {
  kind: PageKind;
  onFiles: (kind: PageKind, files: File[]) => void;
  onPaste: (kind: PageKind, text: string) => void;
  /** A file or paste may come soon (pointer over the panel, focus inside it, a file dragged over it). */
  onIntent?: () => void;
}) {
  const t = useTranslations("uploads");
  return (
    <section
      aria-labelledby={`kind-${kind}-title`}
      onPointerEnter={onIntent}
      onFocus={onIntent}
      onDragEnter={onIntent}
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs dark:border-ink-800 dark:bg-ink-900/40"
    >
      <div className="space-y-0.5">
        <h2 id={`kind-${kind}-title`} className="text-base font-semibold text-ink-950 dark:text-ink-0">
          {t(`kinds.${kind}`)}
        </h2>
        <p className="text-sm text-ink-600 dark:text-ink-300">{t(`kindDescriptions.${kind}`)}</p>
      </div>
      <DropZone kind={kind} onFiles={(files) => onFiles(kind, files)} />
      <PasteBox kind={kind} onPaste={(text) => onPaste(kind, text)} />
      <TemplateDownloads kind={kind} />
    </section>
  );
});
