"use client";
// The /uploads page's client side: a drop zone, paste box and templates per kind; one card per
// dropped file, read and checked one after another in its own Web Worker; the uploads left
// unfinished; the journal of past uploads. Every file's sending goes through one lane.
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useReducer, useState } from "react";
import { handleAuthExpired } from "@/components/query/providers";
import { lazyComponent } from "@/components/ui/lazy-component";
import { MAX_FILE_BYTES } from "@/lib/csv/types";
import { loadCsvModule } from "./csv-module";
import { checkCard, nextStep, queueReducer, readCard, type CardDeps, type CardStage } from "./file-queue";
import { KindPanel } from "./kind-panel";
import { pasteName } from "./paste-name";
import { PAGE_KINDS, type PageKind } from "./stocktake/page-kind";
import type { StocktakeItem } from "./stocktake/stocktake-card";
import { UnfinishedUploads } from "./unfinished-uploads";
import { UploadProvider, type GeneratedUpload } from "./upload-context";
import { UploadJournal } from "./upload-journal";
import { UploadReader } from "./upload-reader";

// A dropped file's card (preview, problems, choices, sending) loads when a file or paste is first
// brought near (a kind panel hovered or focused, a file dragged over it) or added, not with the
// page: the page's first paint needs only the kind panels, the unfinished uploads and the journal.
const FileCard = lazyComponent(() => import("./file-card").then((m) => ({ default: m.FileCard })));
// A stocktake's card (its table, worker client and the send panel), loaded the same way.
const StocktakeCard = lazyComponent(() => import("./stocktake/stocktake-card").then((m) => ({ default: m.StocktakeCard })));
const preloadCards = () => {
  FileCard.preload();
  StocktakeCard.preload();
};

// The look-ups' calls to the API, needed only once a file has been read.
const loadLookupsApi = () => import("./lookups-api");

function Workspace() {
  const t = useTranslations("uploads");
  const [cards, dispatch] = useReducer(queueReducer, []);
  // One worker per card, alive while the card is (its report and batches come from it). A map held
  // in state, not a ref: cards read it while rendering, and changing it needs no render.
  const [readers] = useState(() => new Map<string, UploadReader>());
  const [started] = useState(() => new WeakSet<CardStage>());
  const [journalIds, setJournalIds] = useState<ReadonlySet<string>>(() => new Set());
  // Stocktakes: cards of their own (their own worker; their journal entries are warehouse-stock uploads).
  const [stocktakes, setStocktakes] = useState<StocktakeItem[]>([]);

  useEffect(() => () => readers.forEach((r) => r.end()), [readers]);

  const depsOf = useCallback(
    (id: string): CardDeps => {
      const reader = () => {
        let r = readers.get(id);
        if (!r) {
          r = new UploadReader();
          readers.set(id, r);
        }
        return r;
      };
      return {
        read: (kind, source) => reader().read(kind, source),
        check: (lookups) => reader().check(lookups),
        lookups: async (kind, needs) => {
          try {
            const [csv, api] = await Promise.all([loadCsvModule(), loadLookupsApi()]);
            return await csv.fetchLookups(kind, needs, { search: api.lookupSearch, count: api.lookupCount });
          } catch (error) {
            handleAuthExpired(error);
            throw error;
          }
        },
        setStage: (stage) => dispatch({ type: "stage", id, stage }),
        release: () => {
          readers.get(id)?.end();
          readers.delete(id);
        },
      };
    },
    [readers],
  );

  // One file at a time: start the next step when nothing is being read or checked.
  useEffect(() => {
    const step = nextStep(cards);
    const card = step && cards.find((c) => c.id === step.id);
    if (!step || !card || started.has(card.stage)) return;
    started.add(card.stage);
    if (step.step === "read") void readCard(card, depsOf(card.id), MAX_FILE_BYTES);
    else if (card.stage.name === "lookup-waiting") void checkCard(card.kind, card.stage.preview, depsOf(card.id));
  }, [cards, depsOf, started]);

  const addFiles = useCallback((kind: PageKind, files: File[]) => {
    if (kind === "stocktake") {
      StocktakeCard.preload();
      setStocktakes((list) => [...list, ...files.map((file) => ({ id: crypto.randomUUID(), fileName: file.name, size: file.size, source: { type: "file" as const, file } }))]);
      return;
    }
    FileCard.preload();
    dispatch({
      type: "add",
      cards: files.map((file) => ({ id: crypto.randomUUID(), kind, fileName: file.name, size: file.size, source: { type: "file", file }, stage: { name: "waiting" } })),
    });
  }, []);

  const addPaste = useCallback((kind: PageKind, text: string) => {
    if (kind === "stocktake") {
      StocktakeCard.preload();
      setStocktakes((list) => [...list, { id: crypto.randomUUID(), fileName: pasteName(kind), size: new TextEncoder().encode(text).length, source: { type: "paste", text } }]);
      return;
    }
    FileCard.preload();
    dispatch({
      type: "add",
      cards: [{ id: crypto.randomUUID(), kind, fileName: pasteName(kind), size: new TextEncoder().encode(text).length, source: { type: "paste", text }, stage: { name: "waiting" } }],
    });
  }, []);

  // A CSV the page made (an undo): a card like a dropped file's, read from its text.
  const addGenerated = useCallback((upload: GeneratedUpload) => {
    FileCard.preload();
    const size = new TextEncoder().encode(upload.text).length;
    dispatch({
      type: "add",
      cards: [
        {
          id: crypto.randomUUID(),
          kind: upload.kind,
          fileName: upload.fileName,
          size,
          source: { type: "text", text: upload.text },
          stage: { name: "waiting" },
          purpose: upload.purpose,
          ...(upload.undoOf ? { undoOf: upload.undoOf } : {}),
        },
      ],
    });
  }, []);

  const remove = (id: string) => {
    readers.get(id)?.end();
    readers.delete(id);
    dispatch({ type: "remove", id });
  };

  const noteJournalId = useCallback((id: string) => setJournalIds((ids) => (ids.has(id) ? ids : new Set(ids).add(id))), []);

  return (
    <UploadProvider addGenerated={addGenerated}>
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 lg:grid-cols-2 2xl:grid-cols-3">
        {PAGE_KINDS.map((kind) => (
          <KindPanel key={kind} kind={kind} onFiles={addFiles} onPaste={addPaste} onIntent={preloadCards} />
        ))}
      </div>
      {cards.length + stocktakes.length > 0 ? (
        <section aria-labelledby="uploads-files-title" className="flex flex-col gap-3">
          <h2 id="uploads-files-title" className="text-base font-semibold text-ink-950 dark:text-ink-0">
            {t("files.title", { count: cards.length + stocktakes.length })}
          </h2>
          {cards.map((card) => (
            <FileCard
              key={card.id}
              card={card}
              reader={readers.get(card.id)}
              onRemove={() => remove(card.id)}
              onRetryLookups={() => card.stage.name === "lookup-failed" && dispatch({ type: "stage", id: card.id, stage: { name: "lookup-waiting", preview: card.stage.preview } })}
              onJournalId={noteJournalId}
            />
          ))}
          {stocktakes.map((item) => (
            <StocktakeCard key={item.id} item={item} onRemove={() => setStocktakes((list) => list.filter((x) => x.id !== item.id))} onJournalId={noteJournalId} />
          ))}
        </section>
      ) : null}
      <UnfinishedUploads exclude={journalIds} />
      <UploadJournal />
    </div>
    </UploadProvider>
  );
}

export function UploadWorkspace() {
  return <Workspace />;
}
