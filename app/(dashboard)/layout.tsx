import type { ReactNode } from "react";
import { Header } from "@/components/shell/header";
import { Sidebar } from "@/components/shell/sidebar";
import { SessionTimeouts } from "@/components/shell/session-timeouts";
import { SkipLink } from "@/components/shell/skip-link";
import { QueryProviders } from "@/components/query/providers";
import { JstTodayProvider } from "@/components/ui/jst-today";
import { jstToday } from "@/lib/board/period";
import { requireSession } from "@/lib/auth/require-session";

const mainId = "main";

// The shell of every signed-in area: skip link, header, sidebar (drawer on phones), content.
export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const { profile, timeouts } = await requireSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink targetId={mainId} />
      <Header account={{ companyName: profile.companyName, personName: profile.personName }} />
      <div className="flex flex-1">
        <Sidebar />
        <main
          id={mainId}
          tabIndex={-1}
          className="min-w-0 flex-1 px-4 py-5 focus-visible:outline-none md:px-8 md:py-6"
        >
          <JstTodayProvider today={jstToday(new Date())}>
            <QueryProviders>{children}</QueryProviders>
          </JstTodayProvider>
          <SessionTimeouts idleMs={timeouts.idleMs} endsAt={timeouts.endsAt} />
        </main>
      </div>
    </div>
  );
}
