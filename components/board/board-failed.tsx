"use client";
// What a card or the chart shows when the board's numbers could not be loaded: it failed, never
// zeros or an empty chart, with Retry (not on a wall screen, which retries on its own schedule).
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

export function BoardFailed({ message, wall, onRetry, className, chart }: { message: string; wall: boolean; onRetry: () => void; className?: string; chart?: boolean }) {
  const tQuery = useTranslations("query");
  return (
    <div role="status" data-chart-failed={chart ? "" : undefined} className={cn("flex flex-col gap-2", className)}>
      <p className={cn("font-medium text-red-700 dark:text-red-300", wall ? "text-lg" : "text-sm")}>{message}</p>
      {wall ? null : (
        <Button size="sm" variant="secondary" onClick={onRetry}>
          {tQuery("retry")}
        </Button>
      )}
    </div>
  );
}
