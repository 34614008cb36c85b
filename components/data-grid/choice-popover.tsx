"use client";
// The button of a choice filter (a grid's choice quick filter, the board's shops) with the number
// chosen, opening the checkbox panel (./choice-panel.tsx, loaded on first intent).
import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { lazyComponent } from "@/components/ui/lazy-component";
import type { Choice } from "@/lib/query/choices";
import { Popover } from "@/components/ui/popover";

const ChoicePanel = lazyComponent(() => import("./choice-panel"));

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
      onIntent={ChoicePanel.preload}
      onOpenChange={(open) => {
        if (open) onOpen?.();
      }}
    >
      {(close) => (
        <ChoicePanel
          label={label}
          choices={choices}
          isLoading={isLoading}
          isError={isError}
          selected={selected}
          decorate={decorate}
          onApply={(values) => {
            onApply(values);
            close();
          }}
        />
      )}
    </Popover>
  );
}
