"use client";
// The company's uploads that have not finished (from the journal), so a reload, a crashed
// browser or another device continues where sending stopped. Files this page is sending right
// now are left out (their cards show them). An entry listed once stays on the page after it
// finishes (resumed, then done), saying how it ended, until the person removes it.
import { useQueries } from "@tanstack/react-query";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { QueryErrorState } from "@/components/query/query-error-state";
import { lazyComponent } from "@/components/ui/lazy-component";
import { uploadKeys } from "@/lib/query/keys";
import type { FileStatus } from "@/lib/uploads/contract";
import { journalApi, type UploadListFilter } from "./journal-api";
import { unfinishedFiles } from "./unfinished-list";

// An entry (its send panel, batches, the send loop) is loaded once the list has one to show: most
// visits have no unfinished upload. The heading shows at once, the entries when their chunk is in.
const JournalEntry = lazyComponent(() => import("./journal-entry").then((m) => ({ default: m.JournalEntry })));

/** Statuses that still need sending, following or a person's decision. */
const UNFINISHED: readonly FileStatus[] = ["storing", "ready", "sending", "paused", "waiting", "attention"];
const LIMIT = 50;

export function UnfinishedUploads({ exclude }: { exclude: ReadonlySet<string> }) {
  const t = useTranslations("uploads.unfinished");
  // The journal filters by one status at a time: one list a status, few rows each.
  const results = useQueries({
    queries: UNFINISHED.map((status) => {
      const filter: UploadListFilter = { status, offset: 0, limit: LIMIT };
      return { queryKey: uploadKeys.list(filter), queryFn: ({ signal }: { signal: AbortSignal }) => journalApi.list(filter, signal) };
    }),
  });
  const failed = results.find((r) => r.isError);
  const files = unfinishedFiles(
    results.map((r) => r.data?.files ?? []),
    exclude,
  );

  // Entries seen during this visit, in the order first seen: one that finishes stays, with its outcome.
  const [shown, setShown] = useState<readonly string[]>([]);
  const [removed, setRemoved] = useState<ReadonlySet<string>>(() => new Set());
  const unseen = files.filter((f) => !shown.includes(f.id)).map((f) => f.id);
  if (unseen.length > 0) setShown([...shown, ...unseen]);
  const listed = new Set(files.map((f) => f.id));
  const entries = [...shown, ...unseen].filter((id) => !exclude.has(id) && !removed.has(id));

  // Nothing shown until there is something to continue (no empty heading while it loads).
  if (!failed && entries.length === 0) return null;
  return (
    <section aria-labelledby="uploads-unfinished-title" className="flex flex-col gap-3">
      <div className="space-y-0.5">
        <h2 id="uploads-unfinished-title" className="text-base font-semibold text-ink-950 dark:text-ink-0">
          {t("title", { count: files.length })}
        </h2>
        <p className="text-sm text-ink-600 dark:text-ink-300">{t("description")}</p>
      </div>
      {failed ? <QueryErrorState error={failed.error} onRetry={() => results.forEach((r) => r.isError && void r.refetch())} /> : null}
      {entries.map((id) => (
        <div key={id} className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-ink-0 p-4 shadow-xs dark:border-amber-800/70 dark:bg-ink-900/40">
          <JournalEntry id={id} listed />
          {listed.has(id) ? null : (
            <div>
              <Button size="sm" variant="ghost" onClick={() => setRemoved(new Set([...removed, id]))}>
                <X aria-hidden="true" />
                {t("dismiss")}
              </Button>
            </div>
          )}
        </div>
      ))}
    </section>
  );
}
