// The files dropped on the page, one card each, read and checked one after another (never two
// at once, never mixed): a reducer for the cards, the choice of the next step, and the steps of
// one card with their dependencies (worker, look-ups) injected for tests.
import type { CsvRefusal, UploadKind, UploadLookups } from "@/lib/csv/types";
import type { UploadPurpose } from "@/lib/uploads/contract";
import { toSendError, type SendError } from "./send-upload";
import type { CurrentGoods, GoodsDiffNeeds } from "@/lib/csv/goods-diff";
import type { CheckSummary, GoodsDiffView, PackedProblems, UploadPreview, WorkerSource } from "./worker-protocol";

export type CardStage =
  | { name: "waiting" }
  | { name: "reading" }
  | { name: "too-large" }
  | { name: "refused"; refusal: CsvRefusal }
  | { name: "looking-up"; preview: UploadPreview }
  | { name: "lookup-failed"; preview: UploadPreview; error: SendError }
  /** The operator asked to try the look-ups again: queued like a new file. */
  | { name: "lookup-waiting"; preview: UploadPreview }
  | { name: "checking"; preview: UploadPreview }
  | { name: "checked"; preview: UploadPreview; problems: PackedProblems; summary: CheckSummary }
  /** The worker stopped with an unexpected failure. */
  | { name: "broken"; message: string };

export interface UploadCard {
  id: string;
  kind: UploadKind;
  fileName: string;
  /** Bytes of the file (of the UTF-8 text for a paste). */
  size: number;
  source: WorkerSource;
  stage: CardStage;
  /** A CSV the page made: a stocktake's differences, or the undo of the upload `undoOf`. */
  purpose?: UploadPurpose;
  undoOf?: string;
}

export type QueueAction =
  | { type: "add"; cards: UploadCard[] }
  | { type: "stage"; id: string; stage: CardStage }
  | { type: "remove"; id: string };

export function queueReducer(cards: UploadCard[], action: QueueAction): UploadCard[] {
  switch (action.type) {
    case "add":
      return [...cards, ...action.cards];
    case "stage":
      return cards.map((c) => (c.id === action.id ? { ...c, stage: action.stage } : c));
    case "remove":
      return cards.filter((c) => c.id !== action.id);
  }
}

const BUSY: readonly CardStage["name"][] = ["reading", "looking-up", "checking"];

export function isBusy(card: UploadCard): boolean {
  return BUSY.includes(card.stage.name);
}

/** The step to start now: none while a card is being read or checked, else the first queued. */
export function nextStep(cards: readonly UploadCard[]): { id: string; step: "read" | "lookups" } | null {
  if (cards.some(isBusy)) return null;
  for (const card of cards) {
    if (card.stage.name === "waiting") return { id: card.id, step: "read" };
    if (card.stage.name === "lookup-waiting") return { id: card.id, step: "lookups" };
  }
  return null;
}

/** What the steps need: the card's worker and the master look-ups. */
export interface CardDeps {
  read(kind: UploadKind, source: WorkerSource): Promise<{ ok: true; preview: UploadPreview } | { ok: false; refusal: CsvRefusal }>;
  check(lookups: UploadLookups): Promise<{ problems: PackedProblems; summary: CheckSummary }>;
  lookups(kind: UploadKind, needs: UploadPreview["needs"]): Promise<UploadLookups>;
  setStage(stage: CardStage): void;
  /** Lets go of the worker (a refused file keeps nothing). */
  release(): void;
}

/** Reads the file, then looks up and checks it. Larger files than `maxBytes` are refused unread. */
export async function readCard(card: UploadCard, deps: CardDeps, maxBytes: number): Promise<void> {
  if (card.source.type === "file" && card.size > maxBytes) {
    deps.setStage({ name: "too-large" });
    deps.release();
    return;
  }
  deps.setStage({ name: "reading" });
  try {
    const result = await deps.read(card.kind, card.source);
    if (!result.ok) {
      deps.setStage({ name: "refused", refusal: result.refusal });
      deps.release();
      return;
    }
    await checkCard(card.kind, result.preview, deps);
  } catch (error) {
    deps.setStage({ name: "broken", message: error instanceof Error ? error.message : String(error) });
    deps.release();
  }
}

/** Fetches the look-ups (a failure waits for the operator's retry) and checks the rows. */
export async function checkCard(kind: UploadKind, preview: UploadPreview, deps: CardDeps): Promise<void> {
  deps.setStage({ name: "looking-up", preview });
  let lookups: UploadLookups;
  try {
    lookups = await deps.lookups(kind, preview.needs);
  } catch (error) {
    deps.setStage({ name: "lookup-failed", preview, error: toSendError(error) });
    return;
  }
  deps.setStage({ name: "checking", preview });
  try {
    const { problems, summary } = await deps.check(lookups);
    deps.setStage({ name: "checked", preview, problems, summary });
  } catch (error) {
    deps.setStage({ name: "broken", message: error instanceof Error ? error.message : String(error) });
    deps.release();
  }
}

// ---------------------------------------------------------------------------------------------
// A checked goods file's diff: the goods it names are read (one call at a time, one file at a
// time), then the worker compares its rows with them. A failed read waits for the operator's retry;
// another choice (rows in error left out or not) compares again without reading again.

export type DiffStage =
  | { name: "reading-goods"; goods: number; calls: number }
  | { name: "diff-failed"; error: SendError }
  | { name: "comparing" }
  | { name: "ready"; view: GoodsDiffView; excludeErrors: boolean }
  | { name: "diff-broken"; message: string };

export interface DiffDeps {
  needs(): Promise<GoodsDiffNeeds>;
  /** Reads the goods; `onCall` after each upstream call. */
  fetch(needs: GoodsDiffNeeds, onCall: () => void): Promise<CurrentGoods>;
  /** Compares in the worker (`current` given once: the worker keeps it). */
  diff(excludeErrors: boolean, current?: CurrentGoods): Promise<GoodsDiffView>;
  setStage(stage: DiffStage): void;
  /** Runs the goods read in its turn (one file's read at a time). */
  turn<T>(run: () => Promise<T>): Promise<T>;
}

/** Reads the goods a checked goods file names and compares them; true once the diff is ready. */
export async function diffCard(excludeErrors: boolean, deps: DiffDeps): Promise<boolean> {
  let needs: GoodsDiffNeeds;
  try {
    needs = await deps.needs();
  } catch (error) {
    deps.setStage({ name: "diff-broken", message: error instanceof Error ? error.message : String(error) });
    return false;
  }
  let calls = 0;
  deps.setStage({ name: "reading-goods", goods: needs.codes.length, calls });
  let current: CurrentGoods;
  try {
    current = await deps.turn(() =>
      deps.fetch(needs, () => {
        calls++;
        deps.setStage({ name: "reading-goods", goods: needs.codes.length, calls });
      }),
    );
  } catch (error) {
    deps.setStage({ name: "diff-failed", error: toSendError(error) });
    return false;
  }
  return compareAgain(excludeErrors, deps, current);
}

/** Compares again in the worker (another choice of rows left out; `current` when newly read). */
export async function compareAgain(excludeErrors: boolean, deps: Pick<DiffDeps, "diff" | "setStage">, current?: CurrentGoods): Promise<boolean> {
  deps.setStage({ name: "comparing" });
  try {
    const view = await deps.diff(excludeErrors, current);
    deps.setStage({ name: "ready", view, excludeErrors });
    return true;
  } catch (error) {
    deps.setStage({ name: "diff-broken", message: error instanceof Error ? error.message : String(error) });
    return false;
  }
}

/** Runs what it is given one after another (a failure does not stop the next). */
export function oneAtATime(): <T>(run: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(run: () => Promise<T>): Promise<T> => {
    const next = last.then(run, run);
    last = next.catch(() => undefined);
    return next;
  };
}
