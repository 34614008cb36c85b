import type { ReactNode } from "react";
import { Brand } from "@/components/shell/brand";
import { LanguageSwitch } from "@/components/shell/language-switch";
import { ThemeSwitch } from "@/components/shell/theme-switch";

// The signed-out pages' frame (sign in, confirm a sign-in): brand, language and theme, one card.
export function AuthFrame({ titleId, children }: { titleId: string; children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-ink-50 dark:bg-ink-950">
      <header className="flex items-center justify-between gap-3 px-4 py-3">
        <Brand />
        <div className="flex items-center gap-2">
          <LanguageSwitch />
          <ThemeSwitch />
        </div>
      </header>
      <main id="main" className="grid flex-1 place-items-center px-4 pb-16">
        <section
          aria-labelledby={titleId}
          className="w-full max-w-sm rounded-xl border border-ink-200 bg-ink-0 p-6 shadow-sm dark:border-ink-800 dark:bg-ink-900"
        >
          {children}
        </section>
      </main>
    </div>
  );
}
