"use client";
// What Modal and the popover panel share as nodes of one Floating UI tree: nested ones (a popover
// in a dialog, a dialog opened from a popover) close innermost first.
import { FloatingTree, useFloatingParentNodeId } from "@floating-ui/react";
import type { ReactNode } from "react";

/** `children` in the tree of the floating element they were opened from, or in a tree of their own. */
export function InFloatingTree({ children }: { children: ReactNode }) {
  return useFloatingParentNodeId() === null ? <FloatingTree>{children}</FloatingTree> : <>{children}</>;
}

/**
 * Whether an Esc closes this element: not one a control inside already used (a combobox closing
 * its list); one it takes is marked used, so what is around it stays open.
 */
export function takesEscape(event: Event | undefined): boolean {
  if (event?.defaultPrevented) return false;
  event?.preventDefault();
  return true;
}
