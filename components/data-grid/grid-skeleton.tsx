// A grid's loading state: the shape of a grid, shown while the body's code and the first page of
// rows load. Apart from the other states (./grid-states.tsx) so the page's first load carries only it.
export function GridSkeleton({ label }: { label: string }) {
  return (
    <div
      role="status"
      aria-live="polite"
      data-grid-state="loading"
      className="h-[max(20rem,calc(100dvh-23rem))] overflow-hidden rounded-lg border border-ink-200 bg-ink-0 dark:border-ink-800 dark:bg-ink-900"
    >
      <span className="sr-only">{label}</span>
      <div className="h-9 border-b border-ink-200 bg-ink-50 dark:border-ink-700 dark:bg-ink-850" />
      {Array.from({ length: 10 }, (_, i) => (
        <div key={i} className="flex h-9 items-center gap-4 border-b border-ink-100 px-3 dark:border-ink-800">
          <div className="size-4 rounded bg-ink-100 dark:bg-ink-800" />
          {[24, 40, 32, 28, 48].map((w, j) => (
            <div key={j} className="h-3 animate-pulse rounded bg-ink-100 dark:bg-ink-800" style={{ width: `${w + ((i * 7 + j * 13) % 20)}%`, maxWidth: 160 }} />
          ))}
        </div>
      ))}
    </div>
  );
}
