"use client";
// The masters sub-navigation: every screen of the area, grouped (masters, classification lists,
// account), the current one marked aria-current="page". Plain links, so Tab and Enter reach them.
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "@/components/ui/cn";
import { masterHref, masterKinds, masterScreens } from "./screens";

export function MastersNav() {
  const t = useTranslations("masters");
  const pathname = usePathname() ?? "";
  const idPrefix = useId();
  return (
    <nav aria-label={t("navLabel")} className="xl:sticky xl:top-16 xl:max-h-[calc(100dvh-5rem)] xl:w-60 xl:shrink-0 xl:self-start xl:overflow-y-auto">
      <div className="flex flex-col gap-3 rounded-lg border border-ink-200 bg-ink-0 p-2 dark:border-ink-800 dark:bg-ink-900">
        {masterKinds.map((kind) => {
          const headingId = `${idPrefix}-${kind}`;
          return (
            <div key={kind} role="group" aria-labelledby={headingId}>
              <p id={headingId} className="mb-1 px-2 text-xs font-medium text-ink-600 dark:text-ink-400">
                {t(`groups.${kind}`)}
              </p>
              <ul className="flex flex-wrap gap-0.5 xl:flex-col">
                {masterScreens
                  .filter((s) => s.kind === kind)
                  .map((s) => {
                    const href = masterHref(s.slug);
                    const active = pathname === href;
                    return (
                      <li key={s.slug}>
                        <Link
                          href={href}
                          aria-current={active ? "page" : undefined}
                          className={cn(
                            "flex min-h-8 items-center rounded-md px-2 py-1 text-sm leading-snug whitespace-nowrap transition-colors xl:whitespace-normal",
                            active
                              ? "bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-200 dark:bg-brand-950/60 dark:text-brand-100 dark:ring-brand-800"
                              : "text-ink-700 hover:bg-ink-100 hover:text-ink-950 dark:text-ink-300 dark:hover:bg-ink-800 dark:hover:text-ink-0",
                          )}
                        >
                          {t(`screens.${s.slug}.title`)}
                        </Link>
                      </li>
                    );
                  })}
              </ul>
            </div>
          );
        })}
      </div>
    </nav>
  );
}
