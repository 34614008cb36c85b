// Server side of a masters screen: its <title>, its header, and the page of a grid screen (the
// person's columns read on the server, app/(dashboard)/grid-page.tsx), so each grid page file
// is one line of routing and its metadata.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { GridWithPreferences, type GridScreen } from "../grid-page";
import { PageHeader } from "@/components/ui/page-header";
import type { MasterSlug } from "@/components/masters/screens";

export async function masterMetadata(slug: MasterSlug): Promise<Metadata> {
  const t = await getTranslations("masters.screens");
  return { title: t(`${slug}.title`), description: t(`${slug}.description`) };
}

export async function MasterScreenFrame({ slug, children }: { slug: MasterSlug; children: ReactNode }) {
  const t = await getTranslations("masters.screens");
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <PageHeader title={t(`${slug}.title`)} description={t(`${slug}.description`)} />
      {children}
    </div>
  );
}

/** The metadata and page of a grid screen; the grid's id is its slug. */
export function masterGridPage(slug: MasterSlug, Screen: GridScreen) {
  function MasterGridPage() {
    return (
      <MasterScreenFrame slug={slug}>
        <GridWithPreferences id={slug} Screen={Screen} />
      </MasterScreenFrame>
    );
  }
  return { Page: MasterGridPage, generateMetadata: () => masterMetadata(slug) };
}
