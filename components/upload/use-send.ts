"use client";
// One journal entry's sending as React state: the send loop (./send-upload.ts) run through the
// page's lane, its events reduced into SendState. Stop asks the loop to stop between batches.
import { useCallback, useEffect, useMemo, useReducer, useRef } from "react";
import { handleAuthExpired } from "@/components/query/providers";
import { BffError } from "@/lib/query/bff-error";
import type { UploadFile } from "@/lib/uploads/contract";
import { journalApi } from "./journal-api";
import {
  cancelFile,
  followFile,
  initialSendState,
  resendBatch,
  resumeFile,
  sendFile,
  sendReducer,
  sleep,
  type SendContext,
  type SendPlan,
} from "./send-upload";
import { useUploadContext } from "./upload-context";

const RESUME_KEY = "backyard.uploads.resume";

/**
 * The upload whose sending an expired sign-in interrupted, kept in this tab (sessionStorage) while
 * the person signs in again; its journal entry continues it on the way back (`takeResumeAfterSignIn`).
 */
function rememberResumeAfterSignIn(fileId: string): void {
  try {
    window.sessionStorage.setItem(RESUME_KEY, fileId);
  } catch {
    // Storage refused (private mode, quota): the entry then offers "Resume" instead.
  }
}

/** True once for the upload an expired sign-in interrupted in this tab (the mark is removed). */
export function takeResumeAfterSignIn(fileId: string): boolean {
  try {
    if (window.sessionStorage.getItem(RESUME_KEY) !== fileId) return false;
    window.sessionStorage.removeItem(RESUME_KEY);
    return true;
  } catch {
    return false;
  }
}

export function useSend() {
  const { lane, refreshJournal } = useUploadContext();
  const [state, dispatch] = useReducer(sendReducer, initialSendState);
  const stopRef = useRef(false);
  const abortRef = useRef<AbortController | null>(null);
  // The wait before a turned-away batch is sent again: "Send now" and Stop end it early.
  const wakeRef = useRef<AbortController | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    abortRef.current = controller;
    return () => controller.abort();
  }, []);

  const ctx = useCallback(
    (): SendContext => ({
      api: journalApi,
      dispatch,
      cancelRequested: () => stopRef.current,
      sleep,
      signal: abortRef.current?.signal,
      wake: () => {
        wakeRef.current = new AbortController();
        return wakeRef.current.signal;
      },
    }),
    [],
  );

  // An expired sign-in takes the person to sign in; the journal keeps where the file stopped, and
  // the file's sending continues when they are back (only batches still "stored" are ever sent).
  const stoppedFileId = state.file?.id;
  useEffect(() => {
    const error = state.error;
    if (error?.kind !== "auth-expired") return;
    if (stoppedFileId) rememberResumeAfterSignIn(stoppedFileId);
    handleAuthExpired(new BffError({ ...error, status: 401 }));
  }, [state.error, stoppedFileId]);

  // A new journal entry shows in the lists at once, not only when its sending ends.
  const fileId = state.file?.id;
  useEffect(() => {
    if (fileId) refreshJournal();
  }, [fileId, refreshJournal]);

  // Leaving while batches are being stored or sent: the journal keeps them, but ask first.
  const underWay = state.phase === "creating" || state.phase === "storing" || state.phase === "sending" || state.phase === "waiting-turn";
  useEffect(() => {
    if (!underWay) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [underWay]);

  const inLane = useCallback(
    (task: (c: SendContext) => Promise<void>) => {
      stopRef.current = false;
      dispatch({ type: "phase", phase: "waiting-turn" });
      return lane.run(() => task(ctx())).finally(refreshJournal);
    },
    [ctx, lane, refreshJournal],
  );

  return useMemo(
    () => ({
      state,
      send: (plan: SendPlan, existing: UploadFile | null, confirmDuplicate = false) => inLane((c) => sendFile(c, plan, existing, confirmDuplicate)),
      resume: (file: UploadFile) => inLane((c) => resumeFile(c, file)),
      resend: (file: UploadFile, index: number) => inLane((c) => resendBatch(c, file, index)),
      cancel: (file: UploadFile) => inLane((c) => cancelFile(c, file)),
      /** Following the queue sends nothing: it needs no turn in the lane. */
      follow: (file: UploadFile) => followFile(ctx(), file).finally(refreshJournal),
      /** Stops the running loop between batches (the batch under way finishes). */
      stop: () => {
        stopRef.current = true;
        dispatch({ type: "cancel-requested" });
        wakeRef.current?.abort();
      },
      /** Ends the wait before a turned-away batch (e.g. the API in maintenance) is sent again. */
      sendNow: () => wakeRef.current?.abort(),
      dismissDuplicate: () => dispatch({ type: "phase", phase: "idle" }),
    }),
    [ctx, inLane, refreshJournal, state],
  );
}
