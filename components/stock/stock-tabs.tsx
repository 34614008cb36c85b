// The views of the stock area as tabs that are links (/stock, /stock/warehouses, the goods ×
// warehouse matrix /stock/matrix, and from the read model /stock/reorder and /stock/sets): each
// view is its own URL with its own filters, so Back, reload and a shared link keep the view. A
// server component: no script, reachable with Tab, the current one marked aria-current.
import Link from "next/link";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";

export type StockView = "goods" | "warehouses" | "matrix" | "reorder" | "sets";

const VIEWS: readonly { view: StockView; href: string }[] = [
  { view: "goods", href: "/stock" },
  { view: "warehouses", href: "/stock/warehouses" },
  { view: "matrix", href: "/stock/matrix" },
  { view: "reorder", href: "/stock/reorder" },
  { view: "sets", href: "/stock/sets" },
];

export function StockTabs({ current }: { current: StockView }) {
  const t = useTranslations("stock.tabs");
  return (
    <nav aria-label={t("label")}>
      <ul className="inline-flex items-center gap-0.5 rounded-lg border border-ink-200 bg-ink-50 p-0.5 dark:border-ink-700 dark:bg-ink-900">
        {VIEWS.map(({ view, href }) => {
          const active = view === current;
          return (
            <li key={view}>
              <Link
                href={href}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "inline-flex h-7 items-center rounded-md px-3 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400",
                  active
                    ? "bg-ink-0 text-ink-950 shadow-xs ring-1 ring-ink-200 dark:bg-ink-800 dark:text-ink-0 dark:ring-ink-600"
                    : "text-ink-700 hover:bg-ink-100 hover:text-ink-950 dark:text-ink-300 dark:hover:bg-ink-800 dark:hover:text-ink-0",
                )}
              >
                {t(view)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
