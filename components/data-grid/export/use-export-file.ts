"use client";
// The file an export saves: the rows laid out as CSV in the chosen header and encoding, checked
// for characters Shift_JIS cannot hold before anything is saved (the dialog lists them with their
// row and column and asks), then handed to the browser as a download (../../ui/save-file.ts).
// A file of an export that stopped before the end is named "-partial".
import { saveFile } from "@/components/ui/save-file";
import { encodeCsvParts, exportFileName, findUnmappable, loadSjisCodec, type CsvDocument, type CsvEncoding, type SjisCodec, type UnmappableReport } from "@/lib/grid/csv";
import { exportDocument, namedRows, type ExportRow, type HeaderMode } from "@/lib/grid/export";
import type { GridLocale } from "@/lib/grid/format";
import type { Job } from "./stage";

/** A file laid out: ready to save, or with characters Shift_JIS cannot hold (`report`). */
export type LaidFile = { doc: CsvDocument; codec?: SjisCodec; report?: undefined } | { doc: CsvDocument; codec: SjisCodec; report: UnmappableReport };

export function useExportFile(gridId: string, locale: GridLocale, encoding: CsvEncoding, header: HeaderMode) {
  /** Lays the rows (already in the grid's order) out as the file; null when `signal` aborted meanwhile. */
  const lay = async (job: Job, rows: ExportRow[], signal?: AbortSignal): Promise<LaidFile | null> => {
    const doc = exportDocument(namedRows(rows, job.namers), job.exportFields, header, locale);
    if (encoding !== "sjis") return { doc };
    const codec = await loadSjisCodec();
    if (signal?.aborted) return null;
    const report = findUnmappable(doc, codec.canEncode);
    return report.total > 0 ? { doc, codec, report } : { doc, codec };
  };

  /** Saves the file (unmappable characters as `?`) and returns its name. */
  const save = (doc: CsvDocument, codec: SjisCodec | undefined, partial: boolean): string => {
    const fileName = partial ? exportFileName(gridId).replace(/\.csv$/, "-partial.csv") : exportFileName(gridId);
    saveFile(encodeCsvParts(doc, encoding, codec) as BlobPart[], fileName, encoding === "sjis" ? "text/csv;charset=shift_jis" : "text/csv;charset=utf-8");
    return fileName;
  };

  return { lay, save };
}
