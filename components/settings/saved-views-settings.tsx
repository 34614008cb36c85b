"use client";

import { ExternalLink, Pencil, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from "react";
import { useDeferredDelete } from "@/components/data-grid/use-deferred-delete";
import { Button, buttonClasses } from "@/components/ui/button";
import type { BffError } from "@/lib/query/bff-error";
import { expiredLoginHref } from "@/lib/query/bff-error";
import { useAllSavedViews, useDeleteAnyView, useRenameAnyView, type GridViews } from "@/lib/query/saved-views";
import { viewGroups, type GridEntry, type SettingsView } from "./grids";
import { SettingsSection } from "./settings-section";

type Mode = { kind: "idle" } | { kind: "renaming"; id: string };

/** A deleted view waiting for its Undo. */
type Removed = { grid: string; view: SettingsView };

// Every saved view of the person, grouped by grid: open, rename inline, delete. A deleted view
// leaves the list at once and is deleted after UNDO_MS (or when the page is left), with Undo until
// then: the grids' views panel's mechanism (components/data-grid/use-deferred-delete.ts).
export function SavedViewsSettings({ initialViews }: { initialViews: GridViews[] }) {
  const t = useTranslations("settings.views");
  const catalogue = useTranslations();
  const router = useRouter();
  const allViews = useAllSavedViews(initialViews).data;
  const renameView = useRenameAnyView();
  const deleteView = useDeleteAnyView();
  const [mode, setMode] = useState<Mode>({ kind: "idle" });
  const [draft, setDraft] = useState("");
  const [error, setError] = useState<ReactNode>(null);
  const [status, setStatus] = useState<ReactNode>(null);
  const [deleteError, setDeleteError] = useState(false);
  const busy = renameView.isPending || deleteView.isPending;
  // A view's name is the person's own text: marked as such inside translated sentences.
  const named = (name: string) => ({ name: () => <span data-user-content="">{name}</span> });

  const {
    pending: removed,
    remove: removeLater,
    undo,
    undoRef,
  } = useDeferredDelete<Removed>({
    send: ({ grid, view }) =>
      deleteView.mutate(
        { grid, id: view.id },
        {
          // Already gone (404): what the person wanted. A failed delete brings the view back.
          onError: (failure) => {
            if (failure.status === 404) return;
            if (failure.status === 401) router.push(expiredLoginHref("/settings"));
            else setDeleteError(true);
          },
        },
      ),
    // Undo: back to the Delete button of the view brought back.
    onUndone: ({ view }) => document.getElementById(`view-delete-${view.id}`)?.focus(),
    // The chance to undo ended with the focus on Undo (now gone): to the section's heading.
    onExpired: () => document.getElementById("settings-views-title")?.focus(),
  });

  const groups = useMemo(() => {
    const shown = removed ? allViews.map((g) => (g.grid === removed.grid ? { ...g, views: g.views.filter((v) => v.id !== removed.view.id) } : g)) : allViews;
    // Keys built from data (the masters' slugs): checked by the catalogue test, not the compiler.
    return viewGroups(shown, (entry: GridEntry) => catalogue(entry.titleKey as Parameters<typeof catalogue>[0]));
  }, [allViews, catalogue, removed]);

  // Keyboard focus goes back where the person was (the button that opened the form), or to the
  // section's heading when the item is gone.
  // After the render that draws it (the button comes back only once the form is gone): a frame
  // timer could run before React committed that render on a busy machine, and focus nothing.
  const [focusTarget, setFocusTarget] = useState<{ id: string } | null>(null);
  useEffect(() => {
    if (focusTarget) document.getElementById(focusTarget.id)?.focus();
  }, [focusTarget]);
  const focusLater = (elementId: string) => setFocusTarget({ id: elementId });

  const done = (message: ReactNode, focusId: string) => {
    focusLater(focusId);
    setMode({ kind: "idle" });
    setError(null);
    setStatus(message);
  };

  /** A gone session signs in again and comes back here; anything else is said in the item. */
  const failed = (failure: BffError, message: ReactNode = t("failed")) => {
    if (failure.status === 401) router.push(expiredLoginHref("/settings"));
    else setError(message);
  };

  const startRename = (view: SettingsView) => {
    setMode({ kind: "renaming", id: view.id });
    setDraft(view.name);
    setError(null);
  };

  const submitRename = (event: FormEvent<HTMLFormElement>, grid: string, view: SettingsView) => {
    event.preventDefault();
    const name = draft.trim();
    if (name.length < 1 || name.length > 80) return setError(t("invalidName"));
    if (name === view.name) return cancel(`view-rename-${view.id}`);
    renameView.mutate(
      { grid, id: view.id, name },
      {
        onSuccess: () => done(t.rich("renamed", named(name)), `view-rename-${view.id}`),
        onError: (failure) => {
          if (failure.code === "duplicate-name") return failed(failure, t.rich("duplicate", named(name)));
          failed(failure, failure.status === 400 ? t("invalidName") : t("failed"));
        },
      },
    );
  };

  const startDelete = (grid: string, view: SettingsView) => {
    setMode({ kind: "idle" });
    setError(null);
    setDeleteError(false);
    setStatus(null);
    removeLater({ grid, view });
  };

  function cancel(focusId: string) {
    setMode({ kind: "idle" });
    setError(null);
    focusLater(focusId);
  }

  return (
    <SettingsSection id="settings-views" title={t("title")} description={t("description")}>
      <p role="status" className="sr-only">
        {status}
      </p>
      <div aria-live="polite">
        {removed ? (
          <p role="status" data-view-undo="" className="mb-3 flex items-center justify-between gap-2 rounded-md bg-ink-100 px-3 py-2 text-sm text-ink-800 dark:bg-ink-800 dark:text-ink-100">
            <span className="min-w-0 truncate">{t.rich("deleted", named(removed.view.name))}</span>
            <Button ref={undoRef} size="sm" onClick={undo}>
              {t("undo")}
            </Button>
          </p>
        ) : null}
        {deleteError ? (
          <p role="alert" className="mb-3 text-sm text-red-700 dark:text-red-300">
            {t("deleteFailed")}
          </p>
        ) : null}
      </div>
      {groups.length === 0 ? (
        <p className="text-sm text-ink-600 dark:text-ink-300">{t("none")}</p>
      ) : (
        <div className="flex flex-col gap-5">
          {groups.map((group) => (
            <section key={group.grid} aria-labelledby={`views-${group.grid}`} data-settings-grid={group.grid} className="flex flex-col gap-2">
              <h3 id={`views-${group.grid}`} className="flex items-baseline gap-2 text-sm font-semibold text-ink-900 dark:text-ink-100">
                {group.title}
                <span className="text-xs font-normal text-ink-600 dark:text-ink-400">{t("count", { count: group.views.length })}</span>
              </h3>
              <ul className="divide-y divide-ink-100 rounded-md border border-ink-200 dark:divide-ink-800 dark:border-ink-800">
                {group.views.map((view) => {
                  const renaming = mode.kind === "renaming" && mode.id === view.id;
                  return (
                    <li key={view.id} data-view-id={view.id} className="flex flex-col gap-2 px-3 py-2">
                      {renaming ? (
                        <form className="flex flex-wrap items-center gap-2" onSubmit={(e) => submitRename(e, group.grid, view)} onKeyDown={(e) => e.key === "Escape" && cancel(`view-rename-${view.id}`)}>
                          <label className="sr-only" htmlFor={`rename-${view.id}`}>
                            {t.rich("renameLabel", named(view.name))}
                          </label>
                          <input
                            id={`rename-${view.id}`}
                            value={draft}
                            onChange={(e) => setDraft(e.target.value)}
                            maxLength={80}
                            autoFocus
                            aria-invalid={error ? true : undefined}
                            aria-describedby={error ? `rename-error-${view.id}` : undefined}
                            className="h-8 min-w-0 flex-1 rounded-md border border-ink-300 bg-ink-0 px-2 text-sm text-ink-900 dark:border-ink-600 dark:bg-ink-900 dark:text-ink-100"
                          />
                          <Button type="submit" variant="primary" size="sm" disabled={busy}>
                            {t("renameSave")}
                          </Button>
                          <Button variant="ghost" size="sm" onClick={() => cancel(`view-rename-${view.id}`)}>
                            {t("cancel")}
                          </Button>
                        </form>
                      ) : (
                        <div className="flex flex-wrap items-center gap-2">
                          <span className="min-w-0 flex-1">
                            <span id={`view-name-${view.id}`} data-user-content="" className="block truncate text-sm font-medium text-ink-900 dark:text-ink-100">
                              {view.name}
                            </span>
                            <span className="text-xs text-ink-600 dark:text-ink-400">{t("filters", { count: view.filterCount })}</span>
                          </span>
                          <Link href={view.href} aria-describedby={`view-name-${view.id}`} className={buttonClasses({ size: "sm" })}>
                            <ExternalLink aria-hidden="true" />
                            {t("open")}
                          </Link>
                          <Button id={`view-rename-${view.id}`} size="sm" variant="ghost" onClick={() => startRename(view)} aria-describedby={`view-name-${view.id}`}>
                            <Pencil aria-hidden="true" />
                            {t("rename")}
                          </Button>
                          <Button
                            id={`view-delete-${view.id}`}
                            size="sm"
                            variant="ghost"
                            onClick={() => startDelete(group.grid, view)}
                            aria-describedby={`view-name-${view.id}`}
                          >
                            <Trash2 aria-hidden="true" />
                            {t("delete")}
                          </Button>
                        </div>
                      )}
                      {renaming && error ? (
                        <p id={`rename-error-${view.id}`} role="alert" className="text-sm text-red-700 dark:text-red-300">
                          {error}
                        </p>
                      ) : null}
                    </li>
                  );
                })}
              </ul>
            </section>
          ))}
        </div>
      )}
    </SettingsSection>
  );
}
