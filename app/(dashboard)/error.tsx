"use client";

import { CircleAlert, RefreshCw } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";

type ErrorPageProps = {
  error: unknown;
  // Re-fetches and re-renders the failed segment (Next.js 16.3+).
  retry: () => void;
};

function digestOf(error: unknown): string | undefined {
  if (error instanceof Error && "digest" in error && typeof error.digest === "string") {
    return error.digest;
  }
  return undefined;
}

// Shown inside the shell when an area fails to render; the sidebar stays usable.
export default function DashboardError({ error, retry }: ErrorPageProps) {
  const t = useTranslations("error");
  const digest = digestOf(error);

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <div
      role="alert"
      className="mx-auto mt-8 flex max-w-lg flex-col items-start gap-4 rounded-lg border border-red-200 bg-red-50 p-5 dark:border-red-900/60 dark:bg-red-950/40"
    >
      <div className="flex items-start gap-3">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700 dark:text-red-300" />
        <div className="space-y-1">
          <h1 className="text-base font-semibold text-ink-950 dark:text-ink-0">{t("title")}</h1>
          <p className="text-sm text-ink-700 dark:text-ink-200">{t("description")}</p>
          {digest ? (
            <p className="font-mono text-xs text-ink-600 dark:text-ink-300">
              {t("reference", { digest })}
            </p>
          ) : null}
        </div>
      </div>
      <Button variant="primary" onClick={() => retry()} className="ml-8">
        <RefreshCw aria-hidden="true" />
        {t("retry")}
      </Button>
    </div>
  );
}
