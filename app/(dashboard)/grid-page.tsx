// Server side of a grid page: the person's columns read here (so the browser's first request is
// already the page of rows and its count, not the preferences), the page's heading, and its
// metadata. It lives in app/ because it reads the store, which browser code may not import. A route file is `gridPage(id, Screen, texts)`, Screen being the `gridScreen` of the
// definition (see the README's "Adding a grid").
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ComponentType, ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import type { MessageKey } from "@/lib/i18n/message-key";
import { currentPreferences } from "@/lib/grid/server/store";
import type { GridScreenProps } from "@/components/data-grid/grid-screen";

export type GridScreen = ComponentType<GridScreenProps>;

export interface GridPageTexts {
  /** The page's <title> and, unless `heading` says otherwise, its heading. */
  title: MessageKey;
  description: MessageKey;
  heading?: MessageKey;
  /** At the right of the heading (the stock tabs). */
  actions?: ReactNode;
}

/** The grid of `id` with the person's preferences for it. */
export async function GridWithPreferences({ id, Screen }: { id: string; Screen: GridScreen }) {
  return <Screen id={id} initialPreferences={await currentPreferences(id)} />;
}

export function gridPage(id: string, Screen: GridScreen, page: GridPageTexts) {
  async function GridPage() {
    const t = await getTranslations();
    return (
      <div className="flex flex-col gap-4">
        <PageHeader title={t(page.heading ?? page.title)} actions={page.actions} />
        <GridWithPreferences id={id} Screen={Screen} />
      </div>
    );
  }
  async function generateMetadata(): Promise<Metadata> {
    const t = await getTranslations();
    return { title: t(page.title), description: t(page.description) };
  }
  return { Page: GridPage, generateMetadata };
}
