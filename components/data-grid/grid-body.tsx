"use client";
// The body of a grid: the rows of one page (the virtualized ARIA grid), paging, and the states
// that are not rows (empty, filtered to nothing, past the end). Loaded by data-grid.tsx with
// React.lazy, fetched as soon as the grid's code runs, so it arrives alongside the first page of
// rows instead of weighing on the page's first load; the skeleton stands in until both are in.
import { useTranslations } from "next-intl";
import { Suspense, useMemo, useSyncExternalStore, type ReactNode, type RefObject } from "react";
import type { ColumnModel } from "@/lib/grid/columns";
import type { GridLocale } from "@/lib/grid/format";
import type { PageSize } from "@/lib/grid/page-sizes";
import { inRowOrder, isPastEnd, pageCount, type RowOrder } from "@/lib/grid/row-order";
import type { GridLayout } from "@/lib/grid/url-state";
import type { NeRequest } from "@/lib/query/call-operation";
import { useCount, useSearch } from "@/lib/query/hooks";
import type { GridTexts } from "./data-grid";
import type { GridDefinition } from "./grid-definition";
import { GridPagination } from "./grid-pagination";
import { GridEmpty, GridFilteredEmpty, GridPastEnd, GridSkeleton } from "./grid-states";
import { GridTable, type LayoutChange, type RowSelection } from "./grid-table";
import { GridCards } from "./grid-cards";
import { usePhone } from "./use-phone";
import { cardFieldNames, cardFields } from "@/lib/grid/card-fields";
import { useChoiceLabels } from "./use-choice-labels";

export type GridBodyProps = {
  definition: GridDefinition;
  domId: string;
  texts: GridTexts;
  locale: GridLocale;
  countRequest: NeRequest;
  /** Null while newest first waits for the total to know which rows the page holds. */
  searchRequest: NeRequest | null;
  page: number;
  size: PageSize;
  /** Newest or oldest first on the key column (lib/grid/row-order.ts). */
  order: RowOrder;
  onOrder: (next: RowOrder) => void;
  filtered: boolean;
  /** The table, or the definition's gallery. */
  layout: GridLayout;
  model: ColumnModel;
  selection: RowSelection;
  onSelectionChange: (next: RowSelection) => void;
  activeIndex: number;
  onActiveIndexChange: (index: number) => void;
  onOpen: (key: string) => void;
  /** The pointer or focus reached the rows: a record may open soon (to preload the drawer). */
  onOpenIntent?: () => void;
  gridRef: RefObject<HTMLDivElement | null>;
  onPage: (page: number) => void;
  onSize: (size: PageSize) => void;
  onClearFilters: () => void;
  onLayoutChange: (next: LayoutChange) => void;
  onFittedChange?: (fitted: Readonly<Record<string, number>>) => void;
};

const subscribeNever = () => () => {};

/**
 * True once this component hydrated. The body is a lazy chunk: when the first page of rows (or its
 * failure) arrives before the chunk (a busy machine, a slow network), the body hydrates with data
 * the server never had. Rendering the server's skeleton while hydrating, and the rows right after, keeps the two in
 * step (a hydration mismatch, React error #418, otherwise).
 */
function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  );
}

/**
 * Rows and paging. A failed search goes to the boundary above (an error panel, never an empty
 * list); a failed count leaves the rows that loaded, and the total says it is unavailable, with
 * Retry.
 */
export default function GridBody(props: GridBodyProps) {
  const { definition, texts, countRequest, searchRequest, page, size, order } = props;
  const t = useTranslations("grid");
  const count = useCount(definition.countPath, countRequest, { keepPrevious: true });
  // A search that failed before the body hydrated is thrown to the error boundary right after it:
  // thrown while hydrating, React would report it as a hydration failure and render again.
  const hydrated = useHydrated();
  const search = useSearch(definition.searchPath, searchRequest, { keepPrevious: true, throwOnError: hydrated });
  // Names for the shown fields' values (shops, ...), asked for once the rows are in, so the rows
  // never wait behind these lists.
  // Keyed by the names, not the list: a saved width makes a new model with the same columns, and
  // new labels would re-render every row.
  const { model } = props;
  // On a phone the rows are cards (./grid-cards.tsx) showing the card's fields, not the columns.
  const phone = usePhone();
  const cards = phone && props.layout !== "gallery";
  const shownKey = (cards ? cardFieldNames(cardFields(definition)) : model.shown).join(",");
  const shownFields = useMemo(() => {
    const byName = new Map(definition.resource.fields.map((f) => [f.name, f]));
    return shownKey.split(",").flatMap((name) => byName.get(name) ?? []);
  }, [definition.resource, shownKey]);
  // Newest first asks for its page once the total is in: the lists go beside that page, not after it
  // (a third round trip in a row).
  const rowsAsked = (search.isSuccess && !search.isPlaceholderData) || (order === "desc" && searchRequest !== null);
  const choiceLabels = useChoiceLabels(definition, shownFields, props.locale, rowsAsked);
  // The API's rows in the grid's order; one array per answer, so memoized rows stay memoized.
  const answerRows = search.data?.rows;
  const rows = useMemo(() => (answerRows ? inRowOrder(answerRows, order) : undefined), [answerRows, order]);

  // Newest first cannot ask for a page without the total: a failed count is the grid's error
  // (its panel's Retry asks for the count again), not a skeleton forever. Thrown once hydrated,
  // like a failed search.
  if (hydrated && searchRequest === null && count.isError && !count.isFetching) throw count.error;
  if (!rows || !hydrated) return <GridSkeleton label={t("loading")} />;
  const busy = search.isPlaceholderData || count.isPlaceholderData;
  const total = count.isPlaceholderData || count.isError ? undefined : count.data?.count;

  let content: ReactNode;
  if (rows.length === 0 && !busy) {
    if (page > 1) {
      const lastPage = total !== undefined && isPastEnd(page, size, total) ? pageCount(total, size) : undefined;
      content = <GridPastEnd lastPage={lastPage} onPage={props.onPage} />;
    }
    else if (props.filtered) content = <GridFilteredEmpty title={texts.filteredTitle} onClear={props.onClearFilters} />;
    else content = <GridEmpty title={texts.emptyTitle} body={texts.emptyBody} />;
  } else if (props.layout === "gallery" && definition.gallery) {
    const Gallery = definition.gallery.component;
    content = (
      <Suspense fallback={<GridSkeleton label={t("loading")} />}>
        <Gallery
          domId={props.domId}
          label={texts.label}
          rows={rows}
          definition={definition}
          locale={props.locale}
          activeIndex={props.activeIndex}
          onActiveIndexChange={props.onActiveIndexChange}
          onOpen={props.onOpen}
          gridRef={props.gridRef}
          busy={busy}
        />
      </Suspense>
    );
  } else if (cards) {
    content = (
      <GridCards
        domId={props.domId}
        label={texts.label}
        rows={rows}
        definition={definition}
        locale={props.locale}
        choiceLabels={choiceLabels}
        selection={props.selection}
        onSelectionChange={props.onSelectionChange}
        activeIndex={props.activeIndex}
        onActiveIndexChange={props.onActiveIndexChange}
        onOpen={props.onOpen}
        gridRef={props.gridRef}
        busy={busy}
      />
    );
  } else {
    content = (
      <GridTable
        domId={props.domId}
        label={texts.label}
        rows={rows}
        model={model}
        definition={definition}
        locale={props.locale}
        choiceLabels={choiceLabels}
        selection={props.selection}
        onSelectionChange={props.onSelectionChange}
        activeIndex={props.activeIndex}
        onActiveIndexChange={props.onActiveIndexChange}
        onOpen={props.onOpen}
        onLayoutChange={props.onLayoutChange}
        onFittedChange={props.onFittedChange}
        gridRef={props.gridRef}
        busy={busy}
        order={order}
        onOrder={props.onOrder}
      />
    );
  }

  return (
    <div className="flex flex-col gap-2" onPointerEnter={props.onOpenIntent} onFocus={props.onOpenIntent} data-grid-state={busy ? "loading" : rows.length ? "ready" : undefined} aria-busy={busy || undefined}>
      {content}
      {rows.length > 0 || page > 1 ? (
        <GridPagination
          page={page}
          size={size}
          total={total}
          totalFailed={count.isError && !count.isFetching}
          onRetryTotal={() => void count.refetch()}
          rowsOnPage={rows.length}
          onPage={props.onPage}
          onSize={props.onSize}
          selected={Object.values(props.selection).filter(Boolean).length}
          onClearSelection={() => props.onSelectionChange({})}
        />
      ) : null}
    </div>
  );
}
