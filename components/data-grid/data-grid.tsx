"use client";
// The generic grid: columns from the registry, state in the URL (nuqs), per-person columns and
// saved views from the database, count and page fetched through the BFF (in parallel oldest
// first; newest first, the default, asks for the page once the count gives the total: see
// lib/grid/row-order.ts), distinct
// loading / empty / filtered-to-nothing / error states, a detail drawer and CSV export (both
// loaded on first use). A grid screen (./grid-screen.tsx) gives it a GridDefinition and its texts;
// nothing here knows orders.
// The body (rows, virtualizer, paging) is its own chunk, fetched as soon as this module runs in the
// browser: it is not needed before the first page of rows, which it loads alongside.
import { Download, LayoutGrid, SlidersHorizontal, Table2 } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useSearchParams } from "next/navigation";
import { useQueryStates } from "nuqs";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
import { QueryErrorBoundary } from "@/components/query/query-error-boundary";
import { Button } from "@/components/ui/button";
import { useJstToday } from "@/components/ui/jst-today";
import { lazyComponent } from "@/components/ui/lazy-component";
import { ToggleGroup } from "@/components/ui/toggle-group";
import { filterKey, filtersToConditions, readFilterTokens, serializeFilterToken, upsertFilter, type DroppedFilter, type GridFilter } from "@/lib/grid/filters";
import type { GridLocale } from "@/lib/grid/format";
import { columnModel, defaultPins, isDefaultLayout, layoutOf, type ColumnModel } from "@/lib/grid/columns";
import type { GridPreferences, SavedView, SavedViewState } from "@/lib/grid/preferences";
import { cardFieldNames, cardFields } from "@/lib/grid/card-fields";
import { DEFAULT_ROW_ORDER, pageWindow, type RowOrder } from "@/lib/grid/row-order";
import { dedupeFilters, droppedUrlFilters, gridUrlParsers, type GridLayout } from "@/lib/grid/url-state";
import { useGridPreferences, useResetGridPreferences, useSaveGridPreferences } from "@/lib/query/grid-storage";
import { useCount, useSearch } from "@/lib/query/hooks";
import type { NeRequest } from "@/lib/query/call-operation";
import { ColumnChooser } from "./column-chooser";
import { DroppedFiltersNotice } from "./dropped-filters-notice";
import { FilterBuilder } from "./filter-builder";
import { FilterChips } from "./filter-chips";
import type { GridDefinition } from "./grid-definition";
import { GridNetworkState } from "./grid-network-state";
import { GridSkeleton } from "./grid-skeleton";
import type { LayoutChange, RowSelection } from "./grid-table";
import { PageJoinContext, type PageJoinState } from "./page-join";
import { QuickFilters } from "./quick-filters";
import { SavedViews } from "./saved-views";
import { GridTabs, tabDomId, type TabCountRequest } from "./grid-tabs";

const loadGridBody = () => import("./grid-body");
// Start fetching the body with the page's own code, in parallel with the first data request.
if (typeof window !== "undefined") void loadGridBody().catch(() => undefined);
const GridBody = lazy(loadGridBody);

// The links to related grids: what they carry needs the page's rows, so they come with them.
const GridLinks = lazy(() => import("./grid-links"));
const RecordDrawer = lazyComponent(() => import("./record-drawer"));
const ExportDialog = lazyComponent(() => import("./export-dialog"));
// Phones: the quick filters and "Add condition" fold into one sheet (./filters-sheet.tsx).
const FiltersSheet = lazyComponent(() => import("./filters-sheet"));

export interface GridTexts {
  /** Accessible name of the grid ("Order slips"). */
  label: string;
  emptyTitle: string;
  emptyBody?: string;
  filteredTitle: string;
}

type DataGridProps = {
  definition: GridDefinition;
  initialPreferences: GridPreferences | null;
  texts: GridTexts;
  /** At the right of the toolbar (links to related pages). */
  toolbarExtra?: ReactNode;
};

export function DataGrid({ definition, initialPreferences, texts, toolbarExtra }: DataGridProps) {
  const locale = useLocale() as GridLocale;
  const t = useTranslations("grid");
  const domId = useId().replace(/:/g, "");
  const { resource } = definition;
  const [url, setUrl] = useQueryStates(gridUrlParsers(resource), { history: "push" });

  const filters = useMemo(() => dedupeFilters(url.f), [url.f]);
  // Conditions of the URL the grid leaves out (an old link: a field renamed, an operator the API
  // refuses for the field's type), said until the URL no longer holds them, and those of a saved
  // view just applied.
  const searchParams = useSearchParams();
  const urlDropped = useMemo(() => droppedUrlFilters(resource, searchParams ?? ""), [resource, searchParams]);
  const [viewDropped, setViewDropped] = useState<{ name: string; dropped: DroppedFilter[] } | null>(null);
  // Relative ranges ("this week") become days of Japan's today (the server's while hydrating).
  const today = useJstToday();
  // The widths the table fitted to this page's words: the column chooser's defaults.
  const [fittedWidths, setFittedWidths] = useState<Readonly<Record<string, number>>>({});
  const extensionExecutionId = definition.extensionExecutionId ? (url.extension_execution_id ?? undefined) : undefined;
  // The definition's tabs (the orders' work queues): the chosen one's conditions AND-ed with the
  // person's filters (./grid-tabs.tsx); an unknown `queue=` is no tab. A tab naming "today" reads
  // the day the page was opened.
  const tabs = definition.tabs;
  const [tabDay] = useState(() => new Date());
  const tab = tabs?.items.find((item) => item.id === url.queue) ?? null;
  const effectiveFilters = useMemo(() => (tabs && tab ? tabs.merge(tab.filters(tabDay), filters) : filters), [tabs, tab, tabDay, filters]);
  const conditions = useMemo(() => filtersToConditions(resource, effectiveFilters, today), [resource, effectiveFilters, today]);
  const tabRequests = useMemo<TabCountRequest[]>(() => {
    if (!tabs) return [];
    const ext = extensionExecutionId ? { extensionExecutionId } : {};
    return [
      { id: null, request: { conditions: filtersToConditions(resource, filters, today), ...ext } },
      ...tabs.items.map((item) => ({ id: item.id, request: { conditions: filtersToConditions(resource, tabs.merge(item.filters(tabDay), filters), today), ...ext } })),
    ];
  }, [tabs, resource, filters, tabDay, today, extensionExecutionId]);

  const preferences = useGridPreferences(definition.id, initialPreferences);
  const savePreferences = useSaveGridPreferences(definition.id);
  // The column model TanStack Table runs with (components/data-grid/grid-table.tsx), seeded from the
  // person's stored layout: shown columns and their order, widths, pins (the key column by default).
  const defaultPinned = useMemo(() => defaultPins(resource, definition.defaultColumns, definition.keyColumn), [resource, definition.defaultColumns, definition.keyColumn]);
  const model = useMemo(
    () => columnModel(resource, { columns: definition.defaultColumns, pinned: defaultPinned }, preferences.data),
    [resource, definition.defaultColumns, defaultPinned, preferences.data],
  );
  const columnNames = model.shown;
  // The gallery only where the definition has one; the same page of rows, with the cards' fields.
  const layout: GridLayout = definition.gallery ? url.layout : "table";
  const cardNames = useMemo(() => cardFieldNames(cardFields(definition)), [definition]);
  const fields = useMemo(
    // The key fields, the shown columns, what their cells read, what the links carry by, and
    // what the gallery's cards show.
    () => [
      ...new Set([
        ...definition.keyFields,
        ...columnNames,
        ...columnNames.flatMap((n) => definition.cells?.[n]?.needs ?? []),
        ...(definition.links ?? []).flatMap((l) => (l.carry ? [l.carry.key.from] : [])),
        ...(layout === "gallery" ? (definition.gallery?.needs ?? []) : []),
        // A phone's cards (./grid-cards.tsx): asked for at every width, so the request does not
        // depend on the screen (the server renders before it knows it, and a turned phone or a
        // resized window keeps its rows).
        ...cardNames.flatMap((n) => [n, ...(definition.cells?.[n]?.needs ?? [])]),
      ]),
    ],
    [definition, columnNames, layout, cardNames],
  );

  const order = url.order;
  const countRequest = useMemo<NeRequest>(() => ({ conditions, ...(extensionExecutionId ? { extensionExecutionId } : {}) }), [conditions, extensionExecutionId]);

  // The same queries GridBody throws from; here they start with the page (GridBody loads in
  // parallel) and feed the toolbar (export total). Newest first needs the total of these very
  // conditions (not the previous one kept as placeholder) before it knows which rows page N holds.
  const count = useCount(definition.countPath, countRequest, { keepPrevious: true });
  const knownTotal = count.data && !count.isPlaceholderData ? count.data.count : undefined;
  const pageAt = pageWindow(order, url.page, url.size, knownTotal);
  const offset = pageAt?.offset;
  const limit = pageAt?.limit;
  const searchRequest = useMemo<NeRequest | null>(
    () => (offset === undefined || limit === undefined ? null : { ...countRequest, fields, offset, limit }),
    [countRequest, fields, offset, limit],
  );
  const search = useSearch(definition.searchPath, searchRequest, { keepPrevious: true });
  const pageRows = search.data?.rows;

  // The definition's page join (goods names beside stock codes): one query for the page's rows,
  // started once they are in; the rows paint without it.
  const joinQuery = useMemo(() => (definition.pageJoin && pageRows ? definition.pageJoin.query(pageRows) : null), [definition.pageJoin, pageRows]);
  const join = useQuery({
    queryKey: joinQuery?.queryKey ?? ["page-join", definition.id, null],
    queryFn: joinQuery?.queryFn ?? (() => null),
    enabled: joinQuery !== null,
    staleTime: 60_000,
  });
  const joinState = useMemo<PageJoinState>(() => {
    if (!joinQuery) return { status: "idle" };
    if (join.isSuccess) return { status: "success", data: join.data };
    return { status: join.isError ? "error" : "pending" };
  }, [joinQuery, join.isSuccess, join.isError, join.data]);


  // Selection and the active row belong to one page of one result: they start over with it.
  const scope = JSON.stringify([conditions, extensionExecutionId, url.page, url.size, order]);
  const [selectionState, setSelectionState] = useState<{ scope: string; selection: RowSelection }>({ scope, selection: {} });
  const selection = selectionState.scope === scope ? selectionState.selection : {};
  const setSelection = useCallback((next: RowSelection) => setSelectionState({ scope, selection: next }), [scope]);
  const [activeState, setActiveState] = useState({ scope, index: 0 });
  const activeIndex = activeState.scope === scope ? activeState.index : 0;
  const setActiveIndex = useCallback((index: number) => setActiveState({ scope, index }), [scope]);

  const gridRef = useRef<HTMLDivElement>(null);
  const [exporting, setExporting] = useState(false);
  const [sheetOpen, setSheetOpen] = useState(false);

  const replaceFilters = (next: readonly GridFilter[]) => void setUrl({ f: [...next], page: 1 });
  const setQuickFilters = (keys: readonly string[], next: readonly GridFilter[]) => {
    let out = filters.filter((f) => !keys.includes(filterKey(f)));
    for (const f of next) out = upsertFilter(out, f);
    replaceFilters(out);
  };
  const addFilters = (added: GridFilter[]) => replaceFilters(added.reduce(upsertFilter, filters));
  const clearFilters = () => void setUrl({ f: [], page: 1, extension_execution_id: null });
  // A new order starts from its first page: the newest (or oldest) rows.
  const setOrder = (next: RowOrder) => void setUrl({ order: next, page: 1 });

  // Opening a record is a step in the browser's history: Back closes the drawer (and stays on the
  // grid). Closing it with its own button or Esc goes back over that step too, so a later Back does
  // not open it again; a drawer that came with the page (a shared link) is closed in place.
  const openedHere = useRef<string | null>(null);
  const openRecord = (key: string) => {
    openedHere.current = key;
    void setUrl({ open: key }, { history: "push" });
  };
  const closeRecord = () => {
    if (openedHere.current !== null && openedHere.current === url.open) window.history.back();
    else void setUrl({ open: null }, { history: "replace" });
    openedHere.current = null;
    focusGridWhenShown();
  };
  // Focus goes back to the grid when the drawer closes. A drawer that came with a shared link can
  // close before the rows (and so the grid element) are in, newest first waiting for the total:
  // then focus waits for the grid, unless the person has put it somewhere else meanwhile.
  const focusFrame = useRef(0);
  const focusGridWhenShown = () => {
    cancelAnimationFrame(focusFrame.current);
    const attempt = () => {
      const grid = gridRef.current;
      const elsewhere = document.activeElement && document.activeElement !== document.body;
      if (grid) grid.focus({ preventScroll: true });
      else if (!elsewhere) focusFrame.current = requestAnimationFrame(attempt);
    };
    focusFrame.current = requestAnimationFrame(attempt);
  };
  useEffect(() => () => cancelAnimationFrame(focusFrame.current), []);

  const resetPreferences = useResetGridPreferences();
  // A layout equal to the grid's defaults is not kept as the person's own: the stored one is
  // removed, so the settings page says "default" after "Back to defaults".
  const saveLayout = (next: Pick<ColumnModel, "shown" | "sizing" | "pinned">) => {
    const layout = layoutOf(resource, next);
    if (isDefaultLayout(layout, { columns: definition.defaultColumns, pinned: defaultPinned })) resetPreferences.mutate(definition.id);
    else savePreferences.mutate(layout);
  };

  const currentView = (): SavedViewState => ({
    filters: filters.map(serializeFilterToken),
    columns: columnNames,
    widths: layoutOf(resource, model).widths,
    pinned: model.pinned,
    size: url.size,
    ...(order === DEFAULT_ROW_ORDER ? {} : { order }),
    ...(tab ? { tab: tab.id } : {}),
  });
  const applyView = (view: SavedView) => {
    const read = readFilterTokens(resource, view.state.filters);
    setViewDropped(read.dropped.length ? { name: view.name, dropped: read.dropped } : null);
    const viewTab = tabs?.items.find((item) => item.id === view.state.tab)?.id ?? null;
    void setUrl({ f: read.filters, page: 1, size: view.state.size ?? url.size, order: view.state.order ?? DEFAULT_ROW_ORDER, open: null, queue: viewTab });
    if (view.state.columns?.length) {
      saveLayout({ shown: view.state.columns, sizing: view.state.widths ?? model.sizing, pinned: view.state.pinned ?? model.pinned });
    }
  };

  const total = count.data?.count;
  const selectedKeys = Object.keys(selection).filter((k) => selection[k]);
  // Rows of the page now asked for (not the previous page shown while it loads) for the links.
  const shownRows = search.isPlaceholderData ? undefined : pageRows;
  const selectedRows = shownRows && selectedKeys.length ? shownRows.filter((row) => selection[definition.rowKey(row)]) : [];

  return (
    <PageJoinContext value={joinState}>
      <div className="flex flex-col gap-3" data-grid={definition.id}>
        {tabs ? (
          <GridTabs
            definition={definition}
            requests={tabRequests}
            selected={tab?.id ?? null}
            onSelect={(id) => void setUrl({ queue: id, page: 1, open: null })}
            idPrefix={domId}
          />
        ) : null}
        {definition.quickFilters?.length ? (
          <div className="hidden sm:block">
            <QuickFilters definition={definition} filters={filters} setFilters={setQuickFilters} locale={locale} />
          </div>
        ) : null}
        <div className="flex flex-wrap items-start justify-between gap-2">
          {/* On a phone the left group takes its content's width (the tools wrap under it rather
              than overlap it); on wider screens it shares the row as before. */}
          <div className="flex min-w-0 grow basis-auto flex-wrap items-center gap-2 sm:basis-0">
            <Button
              size="sm"
              className="sm:hidden"
              aria-haspopup="dialog"
              aria-pressed={filters.length > 0}
              onClick={() => setSheetOpen(true)}
              onPointerEnter={FiltersSheet.preload}
              onFocus={FiltersSheet.preload}
            >
              <SlidersHorizontal aria-hidden="true" />
              {filters.length ? t("sheet.openCount", { count: filters.length }) : t("sheet.open")}
            </Button>
            <div className="hidden sm:block">
              <FilterBuilder definition={definition} locale={locale} onAdd={addFilters} />
            </div>
            <FilterChips
              definition={definition}
              filters={filters}
              locale={locale}
              onRemove={(keys) => replaceFilters(filters.filter((f) => !keys.includes(filterKey(f))))}
              onClear={clearFilters}
              extensionExecutionId={extensionExecutionId}
              onClearExtension={() => void setUrl({ extension_execution_id: null, page: 1 })}
            />
          </div>
          {/* Closer on a phone, so the links and the three tools share the Filters button's row. */}
          <div className="flex flex-wrap items-center gap-1 sm:gap-2">
            {definition.links?.length ? (
              <Suspense fallback={null}>
                <GridLinks links={definition.links} source={{ filters: effectiveFilters, extensionExecutionId, rows: shownRows, selected: selectedRows, total: count.isPlaceholderData ? undefined : total }} />
              </Suspense>
            ) : null}
            {toolbarExtra}
            {definition.gallery ? (
              <ToggleGroup
                label={t("layout.label")}
                value={layout}
                iconOnly
                options={[
                  { value: "table", label: t("layout.table"), icon: Table2 },
                  { value: "gallery", label: t("layout.gallery"), icon: LayoutGrid },
                ]}
                onValueChange={(next) => void setUrl({ layout: next === "table" ? null : next })}
              />
            ) : null}
            <SavedViews grid={definition.id} current={currentView} onApply={applyView} />
            <ColumnChooser
              resource={resource}
              locale={locale}
              visible={columnNames}
              defaults={definition.defaultColumns}
              widths={model.sizing}
              fitted={fittedWidths}
              pinned={model.pinned}
              defaultPinned={defaultPinned}
              onApply={(names, nextWidths, pinned) => saveLayout({ shown: names, sizing: nextWidths ?? {}, pinned })}
            />
            <Button
              size="sm"
              onClick={() => setExporting(true)}
              onPointerEnter={ExportDialog.preload}
              onFocus={ExportDialog.preload}
              disabled={!total}
              aria-haspopup="dialog"
            >
              <Download aria-hidden="true" />
              <span className="max-sm:sr-only">{t("export")}</span>
            </Button>
          </div>
        </div>
        {urlDropped.length ? (
          <DroppedFiltersNotice
            resource={resource}
            locale={locale}
            dropped={urlDropped}
            source={{ kind: "url" }}
            // The URL is written back with what applies: the notice has said its piece.
            onDismiss={() => void setUrl({ f: [...filters] }, { history: "replace" })}
          />
        ) : null}
        {viewDropped ? (
          <DroppedFiltersNotice
            resource={resource}
            locale={locale}
            dropped={viewDropped.dropped}
            source={{ kind: "view", name: viewDropped.name }}
            onDismiss={() => setViewDropped(null)}
          />
        ) : null}
        {savePreferences.isError || resetPreferences.isError ? (
          <p role="alert" className="text-sm text-red-700 dark:text-red-300">
            {t("preferencesFailed")}
          </p>
        ) : null}
        <GridNetworkState queries={[count, search]} requestKey={scope} />
        {/* With tabs, the rows are the chosen tab's panel. */}
        <div className="min-w-0" {...(tabs ? { role: "tabpanel", id: `${domId}-panel`, "aria-labelledby": tabDomId(domId, tab?.id ?? null) } : {})}>
        <QueryErrorBoundary resetKeys={[JSON.stringify([countRequest, searchRequest, url.page, url.size, order])]}>
          <Suspense fallback={<GridSkeleton label={t("loading")} />}>
            <GridBody
              definition={definition}
              domId={domId}
              texts={texts}
              locale={locale}
              countRequest={countRequest}
              searchRequest={searchRequest}
              page={url.page}
              size={url.size}
              order={order}
              onOrder={setOrder}
              filtered={filters.length > 0 || Boolean(extensionExecutionId) || tab !== null}
              layout={layout}
              model={model}
              selection={selection}
              onSelectionChange={setSelection}
              activeIndex={activeIndex}
              onActiveIndexChange={setActiveIndex}
              onOpen={openRecord}
              onOpenIntent={RecordDrawer.preload}
              gridRef={gridRef}
              onPage={(page) => void setUrl({ page })}
              onSize={(size) => void setUrl({ size, page: 1 })}
              onClearFilters={() => void setUrl({ f: [], page: 1, extension_execution_id: null, queue: null })}
              onLayoutChange={(next: LayoutChange) => saveLayout({ shown: model.shown, ...next })}
              onFittedChange={setFittedWidths}
            />
          </Suspense>
        </QueryErrorBoundary>
        </div>
        {url.open ? <RecordDrawer definition={definition} recordKey={url.open} locale={locale} onClose={closeRecord} /> : null}
        {sheetOpen ? (
          <FiltersSheet definition={definition} filters={filters} locale={locale} setFilters={setQuickFilters} onAdd={addFilters} onClose={() => setSheetOpen(false)} />
        ) : null}
        {exporting && total !== undefined ? (
          <ExportDialog
            definition={definition}
            locale={locale}
            visibleColumns={columnNames}
            request={{ conditions, extensionExecutionId, total, order, page: pageAt ?? { offset: 0, limit: url.size }, selectedKeys }}
            onClose={() => setExporting(false)}
          />
        ) : null}
      </div>
    </PageJoinContext>
  );
}
