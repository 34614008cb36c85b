"use client";
// The upload reader (lib/csv) on the page's thread: column labels, templates and the look-ups.
// Loaded after the page's first paint, not with it: its encoding tables are large and the page
// needs them only once a file, a template or the column guide is asked for.
import { useEffect, useState } from "react";

export type CsvModule = typeof import("@/lib/csv");

let loading: Promise<CsvModule> | null = null;

export function loadCsvModule(): Promise<CsvModule> {
  loading ??= import("@/lib/csv").catch((error: unknown) => {
    loading = null; // a failed chunk load may work on the next try
    throw error;
  });
  return loading;
}

/** The module once loaded (null until then, or when its chunk failed to load). */
export function useCsvModule(): CsvModule | null {
  const [module, setModule] = useState<CsvModule | null>(null);
  useEffect(() => {
    let live = true;
    loadCsvModule().then(
      (m) => live && setModule(m),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return module;
}
