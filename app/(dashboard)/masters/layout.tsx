import type { ReactNode } from "react";
import { MastersNav } from "@/components/masters/masters-nav";

// The masters area: its sub-navigation beside (wide screens) or above (narrow) the current screen.
export default function MastersLayout({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-5 xl:flex-row">
      <MastersNav />
      <div className="min-w-0 flex-1">{children}</div>
    </div>
  );
}
