"use client";
// A popover's panel, placed by Floating UI (@floating-ui/react-dom) against its button: below it
// when there is room, above it when not (flip), moved sideways to stay on screen (shift), and
// never wider or taller than the viewport leaves it (size; the panel scrolls inside). Kept in
// the button's wrapper (so a click inside it is not "outside"), positioned `fixed` so no
// scrolling or clipping ancestor cuts it off. Its own chunk: loaded with a popover's first
// intent (hover or focus of its button), never with a page's first load.
import { autoUpdate, flip, offset, shift, size, useFloating } from "@floating-ui/react-dom";
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";
import { cn } from "@/components/ui/cn";

/** Space kept between a panel and the viewport's edges (px). */
const VIEWPORT_PADDING = 8;

export type PopoverPanelProps = {
  anchor: RefObject<HTMLElement | null>;
  id: string;
  label: string;
  align: "start" | "end";
  className?: string;
  children: ReactNode;
};

export default function PopoverPanel({ anchor, id, label, align, className, children }: PopoverPanelProps) {
  const panelRef = useRef<HTMLDivElement | null>(null);
  const { refs, floatingStyles, isPositioned } = useFloating({
    strategy: "fixed",
    placement: align === "end" ? "bottom-end" : "bottom-start",
    whileElementsMounted: autoUpdate,
    middleware: [
      // `size` below caps the panel's height; measured with that cap, a panel whose content grew
      // (a chunk that arrived) would never flip to the roomier side. Measure it uncapped first.
      {
        name: "uncap",
        fn({ elements, middlewareData }) {
          if (middlewareData.uncap) return {};
          elements.floating.style.maxHeight = "";
          return { data: { done: true }, reset: { rects: true } };
        },
      },
      offset(4),
      flip({ padding: VIEWPORT_PADDING }),
      shift({ padding: VIEWPORT_PADDING }),
      size({
        padding: VIEWPORT_PADDING,
        apply({ availableWidth, availableHeight, elements }) {
          elements.floating.style.maxWidth = `${Math.max(0, availableWidth)}px`;
          elements.floating.style.maxHeight = `${Math.max(120, availableHeight)}px`;
        },
      }),
    ],
  });

  useLayoutEffect(() => {
    refs.setReference(anchor.current);
  }, [anchor, refs]);

  // The panel takes focus once it is placed (a hidden element cannot): its first control, else
  // itself; a control that took focus on its own (autoFocus) keeps it.
  const focused = useRef(false);
  useEffect(() => {
    const panel = panelRef.current;
    if (!isPositioned || focused.current || !panel) return;
    focused.current = true;
    if (panel.contains(document.activeElement)) return;
    const first = panel.querySelector<HTMLElement>("input, select, textarea, button, [tabindex='0']");
    (first ?? panel).focus({ preventScroll: true });
  }, [isPositioned]);

  return (
    <div
      ref={(node) => {
        panelRef.current = node;
        refs.setFloating(node);
      }}
      id={id}
      role="dialog"
      aria-label={label}
      tabIndex={-1}
      data-popover-panel=""
      style={{ ...floatingStyles, visibility: isPositioned ? undefined : "hidden" }}
      className={cn(
        "z-30 overflow-auto overscroll-contain rounded-lg border border-ink-200 bg-ink-0 p-3 shadow-lg focus-visible:outline-none dark:border-ink-700 dark:bg-ink-900",
        className ?? "w-72",
      )}
    >
      {children}
    </div>
  );
}
