"use client";
// The cancel state of an order slip: "valid" plainly for 0, a red badge with the cancel reason
// (the shop's own cancel type name) otherwise.
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/badge";
import { RED_TONE } from "@/components/ui/tone-red";
import type { CellContext } from "@/components/data-grid/grid-definition";

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
