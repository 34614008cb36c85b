"use client";
// The settings page's connection check: see ./connection-check-panel.tsx (loaded after the page's
// first paint, so the registry it carries stays out of the page's first load).
import { lazyComponent } from "@/components/ui/lazy-component";

export const ConnectionCheck = lazyComponent(() => import("./connection-check-panel"));
