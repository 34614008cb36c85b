"use client";
// A button that opens a small panel below it (filters, views, choices). The panel
// (./popover-panel.tsx) holds everything about it that Floating UI does: its place (inside the
// viewport on a phone), Esc and a click outside closing it, focus moving into it and back to the
// button. It is a chunk of its own, fetched when the button is hovered or focused, so a page's
// first load carries only this button.
import { useId, useRef, useState, type ReactNode } from "react";
import { buttonClasses, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { lazyComponent } from "@/components/ui/lazy-component";

const PopoverPanel = lazyComponent(() => import("./popover-panel"));

type PopoverProps = {
  /** Content of the button. */
  button: ReactNode;
  /** Accessible name of the button when its content is not enough (icon only, counts). */
  buttonLabel?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
  buttonClassName?: string;
  /** Accessible name of the panel. */
  panelLabel: string;
  align?: "start" | "end";
  panelClassName?: string;
  children: (close: () => void) => ReactNode;
  /** Told when the panel opens or closes (to fetch its choices lazily). */
  onOpenChange?: (open: boolean) => void;
  /** Told when the button is hovered or focused: the panel may open soon (to preload its code). */
  onIntent?: () => void;
  pressed?: boolean;
};

export function Popover({
  button,
  buttonLabel,
  variant = "secondary",
  size = "sm",
  buttonClassName,
  panelLabel,
  align = "start",
  panelClassName,
  children,
  onOpenChange,
  onIntent,
  pressed,
}: PopoverProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  const intent = () => {
    PopoverPanel.preload();
    onIntent?.();
  };

  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  const close = () => change(false);

  return (
    <div className="relative">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        aria-label={buttonLabel}
        aria-pressed={pressed}
        onClick={() => change(!open)}
        onPointerEnter={intent}
        onFocus={intent}
        className={buttonClasses({ variant, size, className: buttonClassName })}
      >
        {button}
      </button>
      {open ? (
        <PopoverPanel anchor={buttonRef} id={panelId} label={panelLabel} align={align} className={panelClassName} onClose={close}>
          {children(close)}
        </PopoverPanel>
      ) : null}
    </div>
  );
}
