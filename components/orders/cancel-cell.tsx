"use client";
// The cancel state of an order slip: "valid" plainly for 0, a red badge with the cancel reason
// (the shop's own cancel type name) otherwise.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { RED_TONE } from "@/components/ui/tone-red";
import type { CellContext, Translate } from "@/components/data-grid/grid-definition";

/** The cell's words (an export with names writes them, the column's width fits them). */
export function cancelText({ value, row }: CellContext, t: Translate): string {
  if (value === null || value === "") return "";
  if (value === "0") return t("orders.cancel.valid");
  return row.receive_order_cancel_type_name || t("orders.cancel.canceled");
}

export function CancelCell({ value, row }: CellContext) {
  const t = useTranslations("orders");
  if (value === null || value === "") return null;
  if (value === "0") return <span className="text-ink-600 dark:text-ink-300">{t("cancel.valid")}</span>;
  const name = row.receive_order_cancel_type_name;
  return (
    <Badge tone={RED_TONE} userContent={Boolean(name)}>
      {name || t("cancel.canceled")}
    </Badge>
  );
}
