import type { CSSProperties } from "react";
import { cn } from "@/components/ui/cn";
import { dotColourOf } from "./order-status-colors";

/**
 * The colour of an order status (spec 3.1) as a dot beside its name; decoration only. Its colours
 * (order-status-colors.ts) keep 3:1 against the card in light and dark.
 */
export function OrderStatusDot({ status, large = false }: { status: string; large?: boolean }) {
  const colour = dotColourOf(status);
  const style = { "--dot-light": colour.light, "--dot-dark": colour.dark } as CSSProperties;
  return (
    <span
      aria-hidden="true"
      data-status-dot={status}
      style={style}
      className={cn("shrink-0 rounded-full bg-(--dot-light) dark:bg-(--dot-dark)", large ? "size-4" : "size-2.5")}
    />
  );
}
