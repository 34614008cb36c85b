import { useTranslations } from "next-intl";
import { NavList } from "./nav-list";

// Desktop navigation (md and up). Below md the same links live in the mobile drawer.
export function Sidebar() {
  const t = useTranslations("shell");
  return (
    <nav
      aria-label={t("primaryNavigation")}
      className="sticky top-12 hidden h-[calc(100dvh-3rem)] w-56 shrink-0 flex-col overflow-y-auto border-r border-ink-200 bg-ink-50 px-3 py-4 md:flex dark:border-ink-800 dark:bg-ink-900"
    >
      <NavList />
    </nav>
  );
}
