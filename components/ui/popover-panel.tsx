"use client";
// A popover's panel, Floating UI's from end to end. Placed against its button: below it when
// there is room, above it when not (flip), moved sideways to stay on screen (shift), and never
// wider or taller than the viewport leaves it (size; the panel scrolls inside), positioned
// `fixed` so no scrolling or clipping ancestor cuts it off. Esc or a press outside it (and its
// button) closes it (useDismiss); once placed it takes focus, which goes back to the button when
// it closes (FloatingFocusManager, not modal: Tab may leave it as before). A node of the floating
// tree it is in (a modal's, another popover's), so Esc closes the innermost first. Its own chunk:
// loaded with a popover's first intent (hover or focus of its button), never with a page's first load.
import {
  autoUpdate,
  flip,
  FloatingFocusManager,
  FloatingNode,
  offset,
  shift,
  size,
  useDismiss,
  useFloating,
  useFloatingNodeId,
  useInteractions,
  useRole,
} from "@floating-ui/react";
import { useEffect, useLayoutEffect, useRef, type ReactNode, type RefObject } from "react";
import { cn } from "@/components/ui/cn";
import { InFloatingTree, takesEscape } from "./floating-tree";

/** Space kept between a panel and the viewport's edges (px). */
const VIEWPORT_PADDING = 8;

export type PopoverPanelProps = {
  anchor: RefObject<HTMLElement | null>;
  id: string;
  label: string;
  align: "start" | "end";
  className?: string;
  /** Asked when Floating UI dismisses the panel (Esc, a press outside). */
  onClose: () => void;
  children: ReactNode;
};

export default function PopoverPanel(props: PopoverPanelProps) {
  return (
    <InFloatingTree>
      <PanelNode {...props} />
    </InFloatingTree>
  );
}

function PanelNode({ anchor, id, label, align, className, onClose, children }: PopoverPanelProps) {
  const nodeId = useFloatingNodeId();
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  const { refs: { setFloating, setReference }, floatingStyles, isPositioned, context } = useFloating({
    nodeId,
    // Mounted only while its popover is open.
    open: true,
    onOpenChange: (next, event, reason) => {
      if (next) return;
      // An Esc it takes is marked used, so a dialog around it stays open.
      if (reason === "escape-key" && !takesEscape(event)) return;
      onCloseRef.current();
    },
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
    setReference(anchor.current);
  }, [anchor, setReference]);

  const dismiss = useDismiss(context);
  const role = useRole(context, { role: "dialog" });
  const { getFloatingProps } = useInteractions([dismiss, role]);

  return (
    <FloatingNode id={nodeId}>
      {/* Held until the panel is placed: a hidden element cannot take focus. */}
      <FloatingFocusManager context={context} modal={false} closeOnFocusOut={false} disabled={!isPositioned}>
        <div
          ref={setFloating}
          {...getFloatingProps({
            id,
            "aria-label": label,
            style: { ...floatingStyles, visibility: isPositioned ? undefined : "hidden" },
            className: cn(
              "z-30 overflow-auto overscroll-contain rounded-lg border border-ink-200 bg-ink-0 p-3 shadow-lg focus-visible:outline-none dark:border-ink-700 dark:bg-ink-900",
              className ?? "w-72",
            ),
          })}
          data-popover-panel=""
        >
          {children}
        </div>
      </FloatingFocusManager>
    </FloatingNode>
  );
}
