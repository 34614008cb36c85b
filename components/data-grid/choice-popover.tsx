"use client";
// The button and panel of a choice filter (a grid's choice quick filter, the board's shops): the
// number chosen on the button, checkboxes in the panel (a draft until Apply), Clear.
import { ChevronDown } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { Choice } from "@/lib/query/choices";
import { ChoiceList } from "./choice-list";
import { Popover } from "./popover";

interface ChoicePopoverProps {
  label: string;
  /** The button's accessible name when some are chosen ("Shop (2 chosen)"). */
  buttonLabel?: string;
  choices: readonly Choice[];
  isLoading?: boolean;
  isError?: boolean;
  selected: readonly string[];
  /** Applies the ticked values; Clear applies none. */
  onApply: (values: string[]) => void;
  /** Called each time the panel opens (fetch the choices on first use). */
  onOpen?: () => void;
  decorate?: (choice: Choice) => ReactNode;
  panelClassName?: string;
}

/** Kept apart from where the choice is stored (the grid's URL filters, the board's own URL state). */
export function ChoicePopover({ label, buttonLabel, choices, isLoading, isError, selected, onApply, onOpen, decorate, panelClassName = "w-72" }: ChoicePopoverProps) {
  const t = useTranslations("catalog.quick");
  const [draft, setDraft] = useState<string[]>([...selected]);
  return (
    <Popover
      button={
        <>
          {label}
          {selected.length ? (
            <span className="rounded-full bg-brand-600 px-1.5 text-[11px] leading-4 font-semibold text-white dark:bg-brand-400 dark:text-ink-950">{selected.length}</span>
          ) : null}
          <ChevronDown aria-hidden="true" />
        </>
      }
      buttonLabel={buttonLabel}
      pressed={selected.length > 0}
      panelLabel={label}
      panelClassName={panelClassName}
      onOpenChange={(open) => {
        if (open) {
          onOpen?.();
          setDraft([...selected]);
        }
      }}
    >
      {(close) => (
        <div className="flex flex-col gap-3">
          <ChoiceList legend={label} choices={choices} selected={draft} onChange={setDraft} isLoading={isLoading} isError={isError} decorate={decorate} />
          <div className="flex justify-between gap-2">
            <Button
              size="sm"
              variant="ghost"
              onClick={() => {
                onApply([]);
                close();
              }}
            >
              {t("clear")}
            </Button>
            <Button
              size="sm"
              variant="primary"
              onClick={() => {
                onApply(draft);
                close();
              }}
            >
              {t("apply")}
            </Button>
          </div>
        </div>
      )}
    </Popover>
  );
}
