"use client";
// The saved views panel: save the current view under a name; apply, rename or delete one. A
// deleted view leaves the list at once but is deleted only after UNDO_MS (./use-deferred-delete.ts), while "Undo" can bring it
// back (nothing to re-create: it never left the database); closing the panel deletes it then.
import { Pencil, Trash2 } from "lucide-react";
import { useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { useDeferredDelete } from "./use-deferred-delete";
import { Button } from "@/components/ui/button";
import type { SavedView, SavedViewState } from "@/lib/grid/preferences";
import { isBffError } from "@/lib/query/bff-error";
import { useCreateView, useDeleteView, useRenameView, useSavedViews } from "@/lib/query/saved-views";

const inputClass = "h-8 min-w-0 flex-1 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm dark:border-ink-600 dark:bg-ink-850";

function messageFor(error: unknown, t: ReturnType<typeof useTranslations<"grid">>): string {
  if (isBffError(error) && error.code === "duplicate-name") return t("views.duplicate");
  if (isBffError(error) && error.code === "too-many-views") return t("views.tooMany");
  if (isBffError(error) && error.code === "view-too-large") return t("views.tooLarge");
  if (isBffError(error) && error.code === "views-storage-full") return t("views.storageFull");
  return t("views.failed");
}

export default function ViewsPanel({ grid, current, onApply }: { grid: string; current: () => SavedViewState; onApply: (view: SavedView) => void }) {
  const t = useTranslations("grid");
  const id = useId();
  const views = useSavedViews(grid);
  const create = useCreateView(grid);
  const remove = useDeleteView(grid);
  const [name, setName] = useState("");
  const listRef = useRef<HTMLUListElement>(null);
  // The view deleted last, while it can still be brought back (./use-deferred-delete.ts).
  const {
    pending: removed,
    remove: startRemove,
    undo,
    undoRef,
  } = useDeferredDelete<SavedView>({
    send: (view) => remove.mutate({ id: view.id }),
    // Back to the view brought back.
    onUndone: (view) => listRef.current?.querySelector<HTMLElement>(`[data-view-id="${CSS.escape(view.id)}"] button`)?.focus(),
  });
  const shown = views.data?.filter((v) => v.id !== removed?.id);

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate({ name: name.trim(), state: current() }, { onSuccess: () => setName("") });
  };

  return (
    <div className="flex flex-col gap-3">
      <form onSubmit={save} className="flex flex-col gap-1">
        <label htmlFor={`${id}-name`} className="text-xs font-medium text-ink-600 dark:text-ink-300">
          {t("views.saveLabel")}
        </label>
        <div className="flex gap-2">
          <input id={`${id}-name`} autoFocus value={name} maxLength={80} onChange={(e) => setName(e.target.value)} className={inputClass} />
          <Button size="sm" variant="primary" type="submit" disabled={!name.trim() || create.isPending}>
            {t("views.save")}
          </Button>
        </div>
        {create.isError ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {messageFor(create.error, t)}
          </p>
        ) : null}
      </form>
      <div>
        <h3 className="mb-1 text-xs font-semibold text-ink-700 dark:text-ink-200">{t("views.title")}</h3>
        {views.isLoading ? <p className="text-sm text-ink-600 dark:text-ink-300">{t("choicesLoading")}</p> : null}
        {views.isError ? (
          <p role="alert" className="flex items-center gap-2 text-sm text-red-700 dark:text-red-300">
            {t("views.loadFailed")}
            <Button size="sm" onClick={() => views.refetch()}>
              {t("retryShort")}
            </Button>
          </p>
        ) : null}
        {shown && shown.length === 0 ? <p className="text-sm text-ink-600 dark:text-ink-300">{t("views.none")}</p> : null}
        <ul ref={listRef} aria-label={t("views.title")} className="max-h-72 space-y-0.5 overflow-y-auto">
          {shown?.map((view) => <ViewItem key={view.id} grid={grid} view={view} onApply={onApply} onDelete={startRemove} />)}
        </ul>
        <div aria-live="polite">
          {removed ? (
            <p role="status" data-view-undo="" className="mt-2 flex items-center justify-between gap-2 rounded-md bg-ink-100 px-2 py-1.5 text-sm text-ink-800 dark:bg-ink-800 dark:text-ink-100">
              <span className="min-w-0 truncate">{t("views.deleted", { name: removed.name })}</span>
              <Button ref={undoRef} size="sm" onClick={undo}>
                {t("views.undo")}
              </Button>
            </p>
          ) : null}
          {remove.isError ? (
            <p role="alert" className="mt-2 text-xs text-red-700 dark:text-red-300">
              {t("views.deleteFailed")}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}

function ViewItem({ grid, view, onApply, onDelete }: { grid: string; view: SavedView; onApply: (view: SavedView) => void; onDelete: (view: SavedView) => void }) {
  const t = useTranslations("grid");
  const id = useId();
  const rename = useRenameView(grid);
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(view.name);

  if (editing) {
    return (
      <li className="flex flex-col gap-1 rounded px-1 py-1">
        <form
          className="flex gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            if (!name.trim()) return;
            rename.mutate({ id: view.id, name: name.trim() }, { onSuccess: () => setEditing(false) });
          }}
        >
          <label htmlFor={`${id}-rename`} className="sr-only">
            {t("views.renameLabel")}
          </label>
          <input id={`${id}-rename`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} className={inputClass} autoFocus />
          <Button size="sm" variant="primary" type="submit" disabled={rename.isPending}>
            {t("views.renameSave")}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setEditing(false)}>
            {t("cancel")}
          </Button>
        </form>
        {rename.isError ? (
          <p role="alert" className="text-xs text-red-700 dark:text-red-300">
            {messageFor(rename.error, t)}
          </p>
        ) : null}
      </li>
    );
  }
  return (
    <li data-view-id={view.id} className="flex items-center gap-1 rounded hover:bg-ink-50 dark:hover:bg-ink-800">
      <button
        type="button"
        onClick={() => onApply(view)}
        className="min-w-0 flex-1 truncate rounded px-2 py-1.5 text-left text-sm text-ink-900 dark:text-ink-100"
        aria-describedby={`${id}-apply`}
      >
        <span id={`${id}-name`} data-user-content="">
          {view.name}
        </span>
      </button>
      <span id={`${id}-apply`} hidden>
        {t("views.apply")}
      </span>
      <Button size="icon" variant="ghost" aria-label={t("views.rename")} aria-describedby={`${id}-name`} onClick={() => setEditing(true)}>
        <Pencil aria-hidden="true" />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={t("views.delete")}
        aria-describedby={`${id}-name`}
        onClick={() => onDelete(view)}
      >
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
