import { ORDER_STATUS_TONES, TONES } from "@/components/data-grid/badge-tones";
import { cn } from "@/components/ui/cn";

/** The colour of an order status (spec 3.1) as a small dot beside its name; decoration only. */
export function OrderStatusDot({ status }: { status: string }) {
  return <span aria-hidden="true" className={cn("size-2.5 shrink-0 rounded-full ring-1", TONES[ORDER_STATUS_TONES[status] ?? "slate"])} />;
}
