// Server side of a masters screen: its <title>, its header, and the page of a grid screen (the
// person's columns read on the server, as on /order-rows), so each grid page file is two lines.
import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import type { ComponentType, ReactNode } from "react";
import { PageHeader } from "@/components/ui/page-header";
import type { GridPreferences } from "@/lib/grid/preferences";
import { currentPreferences } from "@/lib/grid/server/store";
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

type GridComponent<S extends MasterSlug> = ComponentType<{ slug: S; initialPreferences: GridPreferences | null }>;

/** The metadata and page of a grid screen; the grid's id is its slug. */
export function masterGridPage<S extends MasterSlug>(slug: S, Grid: GridComponent<S>) {
  async function MasterGridPage() {
    const preferences = await currentPreferences(slug);
    return (
      <MasterScreenFrame slug={slug}>
        <Grid slug={slug} initialPreferences={preferences} />
      </MasterScreenFrame>
    );
  }
  return { Page: MasterGridPage, generateMetadata: () => masterMetadata(slug) };
}
