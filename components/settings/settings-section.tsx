import type { ReactNode } from "react";

/** What a section's last action did: `status` read out (shown when `visible`), `error` as an alert. */
export function SectionOutcome({ status, error, visible = false }: { status: string; error: string | null; visible?: boolean }) {
  return (
    <>
      <p role="status" className={visible ? "text-sm text-ink-700 dark:text-ink-200" : "sr-only"}>
        {status}
      </p>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : null}
    </>
  );
}

// One titled panel of the settings page (a landmark region named by its heading).
export function SettingsSection({ id, title, description, children }: { id: string; title: string; description?: string; children: ReactNode }) {
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-lg border border-ink-200 bg-ink-0 p-4 shadow-xs md:p-5 dark:border-ink-800 dark:bg-ink-900/40"
    >
      <div className="space-y-1">
        <h2 id={`${id}-title`} tabIndex={-1} className="text-base font-semibold text-ink-950 dark:text-ink-0">
          {title}
        </h2>
        {description ? <p className="max-w-3xl text-sm text-ink-600 dark:text-ink-300">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}
