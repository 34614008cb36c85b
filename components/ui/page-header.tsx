import type { ReactNode } from "react";

type PageHeaderProps = {
  title: string;
  description?: string;
  // Page-level actions (buttons) aligned to the right on wide screens.
  actions?: ReactNode;
};

export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <div className="flex flex-col gap-3 border-b border-ink-200 pb-4 sm:flex-row sm:items-start sm:justify-between dark:border-ink-800">
      <div className="min-w-0 space-y-1">
        <h1 className="text-xl font-semibold tracking-tight text-ink-950 dark:text-ink-0">{title}</h1>
        {description ? (
          <p className="max-w-3xl text-sm leading-relaxed text-ink-600 dark:text-ink-300">{description}</p>
        ) : null}
      </div>
      {actions ? <div className="flex shrink-0 items-center gap-2">{actions}</div> : null}
    </div>
  );
}
