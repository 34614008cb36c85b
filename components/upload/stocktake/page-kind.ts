// The kinds of the /uploads page's panels: lib/csv's uploads, and the stocktake (whose journal
// entries are warehouse-stock uploads with the purpose "stocktake").
import { UPLOAD_KINDS, type UploadKind } from "@/lib/csv/types";

export type PageKind = UploadKind | "stocktake";

export const PAGE_KINDS: readonly PageKind[] = [...UPLOAD_KINDS, "stocktake"];
