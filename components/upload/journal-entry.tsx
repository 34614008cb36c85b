"use client";
// One upload of the journal, as the server has it now (its queue states refreshed on each read),
// with what can still be done: resume sending the stored batches, cancel the rest, re-send a
// failed or unknown batch. A batch still in the queue is followed; nothing is sent by itself, but
// for the file whose sending an expired sign-in interrupted in this tab: its stored batches go on.
import { useQuery } from "@tanstack/react-query";
import { LoaderCircle } from "lucide-react";
import { useFormatter, useTranslations } from "next-intl";
import { useEffect, useId, useRef } from "react";
import { QueryErrorState } from "@/components/query/query-error-state";
import { timeZone } from "@/i18n/config";
import type { BffError } from "@/lib/query/bff-error";
import { uploadKeys } from "@/lib/query/keys";
import type { UploadFile } from "@/lib/uploads/contract";
import { FileSendPanel } from "./file-send-panel";
import { journalApi } from "./journal-api";
import { isPending, nextStored } from "./send-upload";
import { useUploadContext } from "./upload-context";
import { takeResumeAfterSignIn, useSend } from "./use-send";

/** Statuses with nothing left to send or follow. */
const FINISHED: readonly UploadFile["status"][] = ["done", "failed", "cancelled"];

/**
 * `titleShown` false where a drawer's title already names the file (the heading stays for screen
 * readers). `listed` where a list of unfinished uploads shows it: the lists' statuses come from the
 * journal as it was (only reading a file asks the queue), so an entry found finished on its first
 * read refreshes them (it then leaves the list, and the history says how it ended).
 */
export function JournalEntry({ id, titleShown = true, listed = false }: { id: string; titleShown?: boolean; listed?: boolean }) {
  const t = useTranslations("uploads");
  const format = useFormatter();
  const query = useQuery<UploadFile, BffError>({ queryKey: uploadKeys.file(id), queryFn: ({ signal }) => journalApi.get(id, signal), staleTime: 0 });
  const send = useSend();
  const file = send.state.file ?? query.data;
  const followed = useRef(false);
  const headingId = useId();
  const { refreshJournal } = useUploadContext();

  useEffect(() => {
    const data = query.data;
    if (!data || followed.current || send.state.phase !== "idle") return;
    // Back from signing in again after it expired mid-send: carry on with the batches still stored.
    const resumable = nextStored(data) && data.status !== "storing" && data.status !== "cancelled" && !data.batches.some((b) => b.state === "sending");
    if (resumable && takeResumeAfterSignIn(data.id)) {
      followed.current = true;
      void send.resume(data);
      return;
    }
    if (!isPending(data)) {
      // Finished meanwhile (e.g. while its person signed in again): the lists learn it (a follow does so when it ends).
      if (listed && FINISHED.includes(data.status)) {
        followed.current = true;
        refreshJournal();
      }
      return;
    }
    followed.current = true;
    void send.follow(data);
  }, [query.data, send, listed, refreshJournal]);

  if (query.isError && !file) return <QueryErrorState error={query.error} onRetry={() => void query.refetch()} />;
  if (!file) {
    return (
      <p className="flex items-center gap-2 text-sm text-ink-700 dark:text-ink-200">
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" />
        {t("journal.loadingEntry")}
      </p>
    );
  }
  const created = new Date(file.createdAt);
  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3" data-journal-id={file.id}>
      <div className="space-y-0.5">
        <h3 id={headingId} className={titleShown ? "truncate text-sm font-semibold text-ink-950 dark:text-ink-0" : "sr-only"} data-user-content="">
          {file.fileName}
        </h3>
        <p className="text-xs text-ink-600 dark:text-ink-300">
          {t.rich("journal.entryMeta", {
            kind: t(`kinds.${file.kind}`),
            person: () => <span data-user-content="">{file.personName}</span>,
            date: Number.isNaN(created.getTime()) ? file.createdAt : format.dateTime(created, { dateStyle: "medium", timeStyle: "short", timeZone }),
            rows: format.number(file.rows),
          })}
        </p>
        {file.excludedLines.length > 0 ? <p className="text-xs text-ink-600 dark:text-ink-300">{t("journal.excluded", { count: file.excludedLines.length })}</p> : null}
      </div>
      <FileSendPanel file={file} send={send} />
    </article>
  );
}
