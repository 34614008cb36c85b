"use client";
// A button that opens a small panel below it (filters, views, choices). Esc or a click outside
// closes it and gives focus back to the button; the panel takes focus when it opens. The panel
// (./popover-panel.tsx) is placed by Floating UI so it stays inside the viewport on a phone; it
// is a chunk of its own, fetched when the button is hovered or focused.
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
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
  const wrapperRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const buttonId = useId();

  const intent = () => {
    PopoverPanel.preload();
    onIntent?.();
  };

  const change = (next: boolean, refocus = false) => {
    setOpen(next);
    onOpenChange?.(next);
    // By id, not ref: `close` is handed to the panel's render function.
    if (!next && refocus) document.getElementById(buttonId)?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!wrapperRef.current?.contains(event.target as Node)) {
        setOpen(false);
        onOpenChange?.(false);
      }
    };
    // Esc closes it even when focus has left the panel (a form inside it that just closed).
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || event.defaultPrevented) return;
      setOpen(false);
      onOpenChange?.(false);
      document.getElementById(buttonId)?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
    // onOpenChange is a callback prop: the listener needs only the latest open state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  return (
    <div
      ref={wrapperRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          // Handled here; the document listener sees defaultPrevented and leaves it.
          event.preventDefault();
          change(false, true);
        }
      }}
    >
      <button
        ref={buttonRef}
        id={buttonId}
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
        <PopoverPanel anchor={buttonRef} id={panelId} label={panelLabel} align={align} className={panelClassName}>
          {children(() => change(false, true))}
        </PopoverPanel>
      ) : null}
    </div>
  );
}
