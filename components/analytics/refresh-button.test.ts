// The refresh button as the server renders it (react-dom/server, no browser): its names in both
// languages, and "Refreshing…" with aria-disabled (still focusable) while a sync of the company runs.
import { createElement, type ComponentProps, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { NextIntlClientProvider } from "next-intl";
import { describe, expect, it } from "vitest";
import ja from "@/messages/ja.json";
import en from "@/messages/en.json";
import type { SyncStatusAnswer } from "@/lib/analytics/sync-answers";
import { syncStatusKey } from "./copy-sync";
import { RefreshButton } from "./refresh-button";
import { EmptyReadModel } from "./view-parts";

function render(node: ReactNode, locale: "ja" | "en", running: boolean): string {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  const status: SyncStatusAnswer = { asOf: "2026-11-28T00:05:00.000Z", running, lastError: null, lastErrorAt: null, requested: false };
  client.setQueryData(syncStatusKey, status);
  const props = { locale, messages: locale === "ja" ? ja : en, timeZone: "Asia/Tokyo" } as ComponentProps<typeof NextIntlClientProvider>;
  const intl = createElement(NextIntlClientProvider, props, node);
  return renderToStaticMarkup(createElement(QueryClientProvider, { client }, intl));
}

const button = (html: string) => /<button([^>]*)>(.*?)<\/button>/.exec(html)!;
const text = (html: string) => html.replace(/<[^>]+>/g, "");

describe("RefreshButton", () => {
  it("is named Refresh / 最新にする, enabled, while no sync runs", () => {
    for (const [locale, name] of [["ja", ja.analytics.refresh.action], ["en", en.analytics.refresh.action]] as const) {
      const [, attributes, label] = button(render(createElement(RefreshButton), locale, false));
      expect(text(label!)).toBe(name);
      expect(attributes).not.toMatch(/\s(aria-)?disabled=/);
    }
  });

  it("says Refreshing… / 更新中… and is aria-disabled (not disabled: it keeps the focus) while a sync runs; the status region says it too", () => {
    for (const [locale, running] of [["ja", "更新中…"], ["en", "Refreshing…"]] as const) {
      const html = render(createElement(RefreshButton), locale, true);
      const [, attributes, label] = button(html);
      expect(text(label!)).toBe(running);
      expect(attributes).toContain('aria-disabled="true"');
      expect(attributes).not.toMatch(/\sdisabled=/);
      expect(html).toMatch(new RegExp(`role="status" aria-live="polite"[^>]*><span class="sr-only">${running}</span>`));
    }
  });

  it("the empty copy's message carries Build it now / 今すぐ作成", () => {
    expect(text(button(render(createElement(EmptyReadModel), "en", false))[2]!)).toBe("Build it now");
    expect(text(button(render(createElement(EmptyReadModel), "ja", false))[2]!)).toBe("今すぐ作成");
  });
});
