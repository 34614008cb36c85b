import {
  ChartColumn,
  ChartLine,
  Database,
  Images,
  ListTree,
  Package,
  ReceiptText,
  Settings,
  SquareKanban,
  Upload,
  Warehouse,
  type LucideIcon,
} from "lucide-react";

// Every area of the dashboard, in sidebar order. Labels come from messages `nav.<key>`,
// page titles from `areas.<key>`.
export const areaKeys = [
  "orders",
  "order-rows",
  "board",
  "analytics-sales",
  "analytics-goods",
  "goods",
  "stock",
  "images",
  "uploads",
  "masters",
  "settings",
] as const;

export type AreaKey = (typeof areaKeys)[number];

export type NavItem = { key: AreaKey; href: `/${string}`; icon: LucideIcon };

export type NavSectionKey = "operations" | "analytics" | "catalog" | "data";

export type NavSection = { key: NavSectionKey; items: readonly NavItem[] };

export const areaIcons: Record<AreaKey, LucideIcon> = {
  orders: ReceiptText,
  "order-rows": ListTree,
  board: SquareKanban,
  "analytics-sales": ChartLine,
  "analytics-goods": ChartColumn,
  goods: Package,
  stock: Warehouse,
  images: Images,
  uploads: Upload,
  masters: Database,
  settings: Settings,
};

/** Where an area lives when it is not `/<key>` (the analytics views under /analytics). */
const AREA_HREFS: Partial<Record<AreaKey, `/${string}`>> = {
  "analytics-sales": "/analytics/sales",
  "analytics-goods": "/analytics/goods",
};

function item(key: AreaKey): NavItem {
  return { key, href: AREA_HREFS[key] ?? `/${key}`, icon: areaIcons[key] };
}

export const navSections: readonly NavSection[] = [
  { key: "operations", items: [item("orders"), item("order-rows"), item("board")] },
  { key: "analytics", items: [item("analytics-sales"), item("analytics-goods")] },
  { key: "catalog", items: [item("goods"), item("stock"), item("images")] },
  { key: "data", items: [item("uploads"), item("masters")] },
];

// Pinned to the bottom of the sidebar.
export const footerNavItems: readonly NavItem[] = [item("settings")];

// An item is active on its own path and on any path below it (/orders/123).
export function isActiveHref(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
