"use client";
// The panel of a choice filter (./choice-popover.tsx): checkboxes as a draft from the current
// choice, Clear and Apply. Its own chunk, loaded when the button is first hovered, focused or
// opened, so a grid's first load carries only the button.
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import type { Choice } from "@/lib/query/choices";
import { ChoiceList } from "./choice-list";

export interface ChoicePanelProps {
  label: string;
  choices: readonly Choice[];
  isLoading?: boolean;
  isError?: boolean;
  selected: readonly string[];
  decorate?: (choice: Choice) => ReactNode;
  /** Applies the ticked values (none for Clear), then closes. */
  onApply: (values: string[]) => void;
}

export default function ChoicePanel({ label, choices, isLoading, isError, selected, decorate, onApply }: ChoicePanelProps) {
  const t = useTranslations("catalog.quick");
  // Mounted each time the panel opens, so the draft starts from the current choice.
  const [draft, setDraft] = useState<string[]>([...selected]);
  return (
    <div className="flex flex-col gap-3">
      <ChoiceList legend={label} choices={choices} selected={draft} onChange={setDraft} isLoading={isLoading} isError={isError} decorate={decorate} />
      <div className="flex justify-between gap-2">
        <Button size="sm" variant="ghost" onClick={() => onApply([])}>
          {t("clear")}
        </Button>
        <Button size="sm" variant="primary" onClick={() => onApply(draft)}>
          {t("apply")}
        </Button>
      </div>
    </div>
  );
}
