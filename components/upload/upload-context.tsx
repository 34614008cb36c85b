"use client";
// What the upload page's parts share: the one lane every file's sending goes through (one file
// at a time, across new files and resumed ones) and a way to refresh the journal's lists.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { uploadKeys } from "@/lib/query/keys";
import type { UploadKind } from "@/lib/csv/types";
import type { UploadPurpose } from "@/lib/uploads/contract";
import { SendLane } from "./send-upload";

/** A CSV the page made, to be read, checked and sent like a dropped file (an undo, a stocktake's differences). */
export interface GeneratedUpload {
  kind: UploadKind;
  fileName: string;
  text: string;
  purpose: UploadPurpose;
  undoOf?: string;
}

interface UploadContextValue {
  lane: SendLane;
  refreshJournal: () => void;
  /** Adds a card for a CSV the page made (the workspace's card queue; a no-op outside it). */
  addGenerated: (upload: GeneratedUpload) => void;
}

const UploadContext = createContext<UploadContextValue | null>(null);

export function UploadProvider({ children, addGenerated = () => undefined }: { children: ReactNode; addGenerated?: (upload: GeneratedUpload) => void }) {
  const client = useQueryClient();
  const [lane] = useState(() => new SendLane());
  const value = useMemo(
    () => ({ lane, refreshJournal: () => void client.invalidateQueries({ queryKey: uploadKeys.all }), addGenerated }),
    [client, lane, addGenerated],
  );
  return <UploadContext.Provider value={value}>{children}</UploadContext.Provider>;
}

export function useUploadContext(): UploadContextValue {
  const value = useContext(UploadContext);
  if (!value) throw new Error("useUploadContext outside UploadProvider");
  return value;
}
