"use client";
// The answer of a grid's page join (GridDefinition.pageJoin: the stock grid's goods names and
// thumbnails, one query per page) handed to the custom cells that show it. DataGrid provides it;
// a cell outside a grid (or of a grid without a join) reads `idle`.
import { createContext, useContext } from "react";

export type PageJoinState = { status: "idle" | "pending" | "error" } | { status: "success"; data: unknown };

export const PageJoinContext = createContext<PageJoinState>({ status: "idle" });

/** The page join's state; `data` is what the definition's query answered. */
export function usePageJoin(): PageJoinState {
  return useContext(PageJoinContext);
}
