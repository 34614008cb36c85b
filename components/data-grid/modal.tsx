"use client";
// A modal <dialog>: focus kept inside, Esc closes, the page behind is inert, and focus goes back
// to where it was. `side="right"` makes it a drawer, `side="bottom"` a sheet (phones' filters).
// The browser gives focus back itself when a dialog closes, but not when the dialog leaves the page
// with its component (how the column chooser, the export and the drawer close): the control that
// opened it is remembered and focused again then, unless focus already went somewhere on purpose.
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** Under the title (a status, a count). */
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  side?: "center" | "right" | "bottom";
  className?: string;
  /** Closing by Esc or the backdrop is refused while true (a running export asks to cancel first). */
  locked?: boolean;
};

/** Focuses the dialog's opener again once the dialog is gone, if focus was left nowhere (or in it). */
function restoreFocus(openerRef: { current: HTMLElement | null }, dialog: HTMLDialogElement) {
  const opener = openerRef.current;
  openerRef.current = null;
  if (!opener) return;
  requestAnimationFrame(() => {
    const active = document.activeElement;
    const lost = !active || active === document.body || dialog.contains(active) || !active.isConnected;
    if (lost && opener.isConnected) opener.focus({ preventScroll: true });
  });
}

export function Modal({ open, onClose, title, subtitle, children, footer, side = "center", className, locked = false }: ModalProps) {
  const t = useTranslations("grid");
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const openerRef = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      openerRef.current = document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
      dialog.showModal();
    }
    if (!open && dialog.open) {
      dialog.close();
      restoreFocus(openerRef, dialog);
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    return () => {
      if (dialog?.open) dialog.close();
      if (dialog) restoreFocus(openerRef, dialog);
    };
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!locked) onCloseRef.current();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget && !locked) onCloseRef.current();
      }}
      className={cn(
        "bg-transparent p-0 text-ink-900 backdrop:bg-ink-950/50 dark:text-ink-100",
        side === "right"
          ? "fixed inset-y-0 right-0 left-auto m-0 h-dvh max-h-none w-[40rem] max-w-[95vw]"
          : side === "bottom"
            ? "fixed inset-x-0 top-auto bottom-0 m-0 max-h-[85dvh] w-full max-w-none"
            : "m-auto max-h-[90dvh] w-[36rem] max-w-[95vw]",
        className,
      )}
    >
      <div
        className={cn(
          "flex flex-col border-ink-200 bg-ink-0 shadow-xl dark:border-ink-700 dark:bg-ink-900",
          side === "right" ? "h-full border-l" : side === "bottom" ? "max-h-[85dvh] rounded-t-xl border-t" : "max-h-[90dvh] rounded-xl border",
        )}
      >
        <div className="flex shrink-0 items-start justify-between gap-3 border-b border-ink-200 px-5 py-3 dark:border-ink-800">
          <div className="min-w-0 space-y-0.5">
            <h2 id={titleId} className="truncate text-base font-semibold text-ink-950 dark:text-ink-0">
              {title}
            </h2>
            {subtitle ? <div className="text-xs text-ink-600 dark:text-ink-300">{subtitle}</div> : null}
          </div>
          <Button variant="ghost" size="icon" aria-label={t("close")} onClick={() => onCloseRef.current()} disabled={locked}>
            <X aria-hidden="true" />
          </Button>
        </div>
        <div className="min-h-0 flex-1 overflow-y-auto px-5 py-4">{children}</div>
        {footer ? (
          <div className="flex shrink-0 flex-wrap items-center justify-end gap-2 border-t border-ink-200 px-5 py-3 dark:border-ink-800">
            {footer}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}
