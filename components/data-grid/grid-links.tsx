"use client";
// The definition's links to related grids, at the right of the toolbar. A link with `carry` takes
// what applies here to its target (lib/grid/links.ts) and says under its label what it carried:
// the filter, the rows selected, the records on this page; or that it carries nothing. Its own
// chunk (DataGrid loads it with React.lazy): not needed before the first rows.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { formatGrouped } from "@/lib/grid/format";
import { carriedHref, carryFilters, type Carried, type LinkSource } from "@/lib/grid/links";
import type { GridLink } from "./grid-definition";

export default function GridLinks({ links, source }: { links: readonly GridLink[]; source: LinkSource }) {
  const t = useTranslations();
  return (
    <>
      {links.map((link) => {
        const carried: Carried = link.carry ? carryFilters(link.carry, source) : { kind: "none" };
        const label = t(link.label);
        const note = noteOf(carried, (key, values) => t(`grid.links.${key}`, values));
        // Nothing to link to, or not yet known what: a link now would open the target unfiltered.
        if (carried.kind === "nothing" || carried.kind === "pending") {
          return (
            <span key={link.href} role="link" aria-disabled="true" data-carried={carried.kind} className={cn(buttonClasses({ size: "sm", variant: "ghost" }), "cursor-not-allowed opacity-60")}>
              {label}
              <span className="text-xs font-normal">{note}</span>
            </span>
          );
        }
        const href = link.carry ? carriedHref(link.href, link.carry, carried) : link.href;
        return (
          <Link key={link.href} href={href} data-carried={carried.kind} className={buttonClasses({ size: "sm", variant: "ghost" })}>
            {label}
            {note ? <span className="text-xs font-normal text-ink-600 dark:text-ink-300">{note}</span> : null}
          </Link>
        );
      })}
    </>
  );
}

type NoteKey = "filters" | "selection" | "page" | "pagePart" | "nothing" | "tooMany" | "pending";

function noteOf(carried: Carried, t: (key: NoteKey, values?: Record<string, string>) => string): string {
  switch (carried.kind) {
    case "none":
      return "";
    case "filters":
      return t("filters");
    case "selection":
      return t("selection", { count: formatGrouped(String(carried.count)) });
    case "page":
      return t(carried.partial ? "pagePart" : "page", { count: formatGrouped(String(carried.count)) });
    case "nothing":
      return t("nothing");
    case "tooMany":
      return t("tooMany", { count: formatGrouped(String(carried.count)) });
    case "pending":
      return t("pending");
  }
}
