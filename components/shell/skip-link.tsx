import { useTranslations } from "next-intl";

// First tab stop of every dashboard page; jumps past the header and sidebar.
export function SkipLink({ targetId }: { targetId: string }) {
  const t = useTranslations("shell");
  return (
    <a
      href={`#${targetId}`}
      className="sr-only rounded-md bg-brand-600 px-3 py-2 text-sm font-medium text-white shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 dark:bg-brand-500"
    >
      {t("skipToContent")}
    </a>
  );
}
