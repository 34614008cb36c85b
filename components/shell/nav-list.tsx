"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { footerNavItems, isActiveHref, navSections, type NavItem } from "./nav-items";

type NavListProps = {
  // Called after a link is followed (the mobile drawer closes itself).
  onNavigate?: () => void;
};

// The links of every area, grouped, with the current one marked aria-current="page".
// Rendered inside a <nav> by the sidebar and by the mobile drawer.
export function NavList({ onNavigate }: NavListProps) {
  const t = useTranslations("nav");
  const pathname = usePathname() ?? "";
  const idPrefix = useId();

  const link = (navItem: NavItem) => {
    const active = isActiveHref(pathname, navItem.href);
    const Icon = navItem.icon;
    return (
      <li key={navItem.key}>
        <Link
          href={navItem.href}
          aria-current={active ? "page" : undefined}
          onClick={onNavigate}
          className={cn(
            "flex h-9 items-center gap-2.5 rounded-md px-2.5 text-sm transition-colors md:h-8",
            active
              ? "bg-ink-0 font-semibold text-ink-950 shadow-xs ring-1 ring-ink-200 dark:bg-ink-800 dark:text-ink-0 dark:ring-ink-700"
              : "font-medium text-ink-700 hover:bg-ink-100 hover:text-ink-950 dark:text-ink-300 dark:hover:bg-ink-800/70 dark:hover:text-ink-0",
          )}
        >
          <Icon
            aria-hidden="true"
            className={cn(
              "size-4 shrink-0",
              active ? "text-brand-600 dark:text-brand-300" : "text-ink-500 dark:text-ink-400",
            )}
          />
          <span className="truncate">{t(navItem.key)}</span>
        </Link>
      </li>
    );
  };

  return (
    <div className="flex flex-1 flex-col gap-5">
      {navSections.map((section) => {
        const headingId = `${idPrefix}-${section.key}`;
        return (
          <div key={section.key} role="group" aria-labelledby={headingId}>
            <p
              id={headingId}
              className="mb-1 px-2.5 text-xs font-medium text-ink-600 dark:text-ink-400"
            >
              {t(`sections.${section.key}`)}
            </p>
            <ul className="flex flex-col gap-0.5">{section.items.map(link)}</ul>
          </div>
        );
      })}
      <ul className="mt-auto flex flex-col gap-0.5 border-t border-ink-200 pt-3 dark:border-ink-800">
        {footerNavItems.map(link)}
      </ul>
    </div>
  );
}
