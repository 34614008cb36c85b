"use client";
// What the upload page's parts share: the one lane every file's sending goes through (one file
// at a time, across new files and resumed ones) and a way to refresh the journal's lists.
import { useQueryClient } from "@tanstack/react-query";
import { createContext, useContext, useMemo, useState, type ReactNode } from "react";
import { uploadKeys } from "@/lib/query/keys";
import { SendLane } from "./send-upload";

interface UploadContextValue {
  lane: SendLane;
  refreshJournal: () => void;
}

const UploadContext = createContext<UploadContextValue | null>(null);

export function UploadProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const [lane] = useState(() => new SendLane());
  const value = useMemo(() => ({ lane, refreshJournal: () => void client.invalidateQueries({ queryKey: uploadKeys.all }) }), [client, lane]);
  return <UploadContext.Provider value={value}>{children}</UploadContext.Provider>;
}

export function useUploadContext(): UploadContextValue {
  const value = useContext(UploadContext);
  if (!value) throw new Error("useUploadContext outside UploadProvider");
  return value;
}
