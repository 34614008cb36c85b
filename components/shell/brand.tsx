import { Fence } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";

// Logo mark and product name; links home (the orders list).
export function Brand() {
  const t = useTranslations("shell");
  return (
    <Link
      href="/orders"
      className="flex min-w-0 items-center gap-2 rounded-md px-1 py-1 text-sm font-semibold tracking-tight text-ink-950 dark:text-ink-0"
    >
      <span
        aria-hidden="true"
        className="grid size-6 shrink-0 place-items-center rounded-md bg-brand-600 text-white shadow-xs dark:bg-brand-500"
      >
        <Fence className="size-3.5" strokeWidth={2.25} />
      </span>
      <span className="truncate">{t("productName")}</span>
    </Link>
  );
}
