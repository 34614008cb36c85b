// Why an API call failed, in the page's words: one choice of message for every screen that shows a
// BFF error (the error panel, the export dialog, the board). The texts are messages `query.error.*`.
import type { useTranslations } from "next-intl";
import { NE_CODES } from "@/lib/ne/codes";
import { isBffError } from "@/lib/query/bff-error";

type Translate = ReturnType<typeof useTranslations<"query">>;

/**
 * `t` is the `query` namespace. 003001 (no server connection even after waiting) and 003002 (busy)
 * are the API being overloaded, never a refused request; 003004/003005 are maintenance.
 */
export function errorDescription(t: Translate, error: unknown): string {
  if (!isBffError(error)) return t("error.failed");
  if (error.code === "rate-limited") return t("error.rateLimited", { seconds: Math.ceil((error.retryAfterMs ?? 60_000) / 1000) });
  switch (error.kind) {
    case "maintenance":
      return t("error.maintenance");
    case "busy":
      return error.code === NE_CODES.noConnection ? t("error.noConnection") : t("error.busy");
    case "forbidden":
      return t("error.forbidden");
    case "invalid-request":
      return t("error.invalid");
    case "auth-expired":
      return t("error.expired");
    default:
      return t("error.failed");
  }
}
