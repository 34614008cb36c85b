import { ArrowLeft, SearchX } from "lucide-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Brand } from "@/components/shell/brand";
import { buttonClasses } from "@/components/ui/button";

export default function NotFound() {
  const t = useTranslations("notFound");
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex h-12 items-center border-b border-ink-200 px-3 dark:border-ink-800">
        <Brand />
      </header>
      <main className="flex flex-1 items-center justify-center px-4 py-12">
        <div className="flex max-w-md flex-col items-center gap-4 text-center">
          <span
            aria-hidden="true"
            className="grid size-12 place-items-center rounded-xl bg-ink-100 text-ink-600 ring-1 ring-ink-200 dark:bg-ink-800 dark:text-ink-300 dark:ring-ink-700"
          >
            <SearchX className="size-6" />
          </span>
          <p className="font-mono text-sm font-medium text-brand-700 dark:text-brand-300">{t("code")}</p>
          <h1 className="text-xl font-semibold tracking-tight text-ink-950 dark:text-ink-0">{t("title")}</h1>
          <p className="text-sm leading-relaxed text-ink-600 dark:text-ink-300">{t("description")}</p>
          <Link href="/orders" className={buttonClasses({ variant: "primary", className: "mt-2" })}>
            <ArrowLeft aria-hidden="true" />
            {t("back")}
          </Link>
        </div>
      </main>
    </div>
  );
}
