"use client";
// Why a journal call failed, in the page's words, with the code for support. The journal keeps
// what was stored and sent, so the text says the work is not lost.
import { CircleAlert } from "lucide-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { NE_CODES } from "@/lib/ne/codes";
import type { SendError as SendErrorValue } from "./send-upload";

export function SendError({ error, children }: { error: SendErrorValue; children?: ReactNode }) {
  const t = useTranslations();
  const description =
    error.code === "rate-limited"
      ? t("uploads.errors.rateLimited", { seconds: Math.ceil((error.retryAfterMs ?? 60_000) / 1000) })
      : error.kind === "maintenance"
      ? t("query.error.maintenance")
      : error.kind === "busy"
      ? error.code === NE_CODES.noConnection
        ? t("query.error.noConnection")
        : t("query.error.busy")
      : error.kind === "forbidden"
        ? t("query.error.forbidden")
        : error.kind === "auth-expired"
          ? t("query.error.expired")
          : error.kind === "invalid-request"
            ? t("uploads.errors.refused")
            : t("uploads.errors.failed");
  return (
    <div role="alert" className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 dark:border-red-900/60 dark:bg-red-950/40">
      <div className="flex items-start gap-2">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700 dark:text-red-300" />
        <div className="space-y-1 text-sm">
          <p className="text-ink-900 dark:text-ink-50">{description}</p>
          <p className="text-ink-700 dark:text-ink-200">{t("uploads.errors.kept")}</p>
          <p className="font-mono text-xs text-ink-600 dark:text-ink-300">{t("query.error.code", { code: error.code })}</p>
        </div>
      </div>
      {children ? <div className="flex flex-wrap gap-2 pl-6">{children}</div> : null}
    </div>
  );
}
