"use client";
// A modal <dialog>: `side="right"` makes it a drawer, `side="bottom"` a sheet (phones' filters).
// showModal() puts it in the top layer and makes the page behind inert; Floating UI does the rest:
// Esc and a click on the backdrop close it (useDismiss), focus moves into it, is kept inside it
// and goes back to the control that opened it, also when the dialog leaves the page with its
// component (FloatingFocusManager). Popovers inside it are nodes of its floating tree, so Esc
// closes the innermost one first.
import {
  FloatingFocusManager,
  FloatingNode,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
} from "@floating-ui/react";
import { X } from "lucide-react";
import { useTranslations } from "next-intl";
import { useEffect, useId, useLayoutEffect, useRef, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { InFloatingTree, takesEscape } from "./floating-tree";

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

export function Modal(props: ModalProps) {
  return (
    <InFloatingTree>
      <ModalNode {...props} />
    </InFloatingTree>
  );
}

function ModalNode({ open, onClose, title, subtitle, children, footer, side = "center", className, locked = false }: ModalProps) {
  const t = useTranslations("grid");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const nodeId = useFloatingNodeId();
  const onCloseRef = useRef(onClose);
  const lockedRef = useRef(locked);
  useEffect(() => {
    onCloseRef.current = onClose;
    lockedRef.current = locked;
  });

  // The panel inside the <dialog> is the floating element: a click on the backdrop lands on the
  // <dialog> itself, outside the panel, which useDismiss takes as a press outside.
  const { refs: { setFloating }, context, elements } = useFloating({
    nodeId,
    open,
    onOpenChange: (next, event, reason) => {
      if (next) return;
      // An Esc it takes is marked used, so the browser does not close the <dialog> on its own too.
      if (reason === "escape-key" && !takesEscape(event)) return;
      if (!lockedRef.current) onCloseRef.current();
    },
  });
  const dismiss = useDismiss(context);
  const { getFloatingProps } = useInteractions([dismiss]);

  // Shown once the panel is the floating element: the focus manager (a child, whose layout effects
  // run first) has then noted the opener, before showModal() moves focus into the dialog.
  const panel = elements.floating;
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    if (!open) {
      if (dialog.open) dialog.close();
    } else if (panel && !dialog.open) {
      dialog.showModal();
    }
  }, [open, panel]);

  return (
    <FloatingNode id={nodeId}>
      <dialog
        ref={dialogRef}
        aria-labelledby={titleId}
        // Closing is useDismiss's to decide: the browser's own (a close request) is refused.
        onCancel={(event) => event.preventDefault()}
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
        {open ? (
          <FloatingFocusManager context={context}>
            <div
              ref={setFloating}
              {...getFloatingProps()}
              className={cn(
                "flex flex-col border-ink-200 bg-ink-0 shadow-xl focus-visible:outline-none dark:border-ink-700 dark:bg-ink-900",
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
          </FloatingFocusManager>
        ) : null}
      </dialog>
    </FloatingNode>
  );
}
