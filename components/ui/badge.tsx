// A coloured pill for a state or an enum value (an order's status, an upload's state).
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** `tone`: a pair of colours from ./tones.ts (a page that shows one tone imports only that one). */
export function Badge({ tone, children, userContent }: { tone: string; children: ReactNode; userContent?: boolean }) {
  return (
    <span
      data-user-content={userContent ? "" : undefined}
      className={cn("inline-flex max-w-full items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset", tone)}
    >
      <span className="truncate">{children}</span>
    </span>
  );
}
