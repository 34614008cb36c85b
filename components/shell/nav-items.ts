import {
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
  "goods",
  "stock",
  "images",
  "uploads",
  "masters",
  "settings",
] as const;

export type AreaKey = (typeof areaKeys)[number];

export type NavItem = { key: AreaKey; href: `/${AreaKey}`; icon: LucideIcon };

export type NavSectionKey = "operations" | "catalog" | "data";

export type NavSection = { key: NavSectionKey; items: readonly NavItem[] };

export const areaIcons: Record<AreaKey, LucideIcon> = {
  orders: ReceiptText,
  "order-rows": ListTree,
  board: SquareKanban,
  goods: Package,
  stock: Warehouse,
  images: Images,
  uploads: Upload,
  masters: Database,
  settings: Settings,
};

function item(key: AreaKey): NavItem {
  return { key, href: `/${key}`, icon: areaIcons[key] };
}

export const navSections: readonly NavSection[] = [
  { key: "operations", items: [item("orders"), item("order-rows"), item("board")] },
  { key: "catalog", items: [item("goods"), item("stock"), item("images")] },
  { key: "data", items: [item("uploads"), item("masters")] },
];

// Pinned to the bottom of the sidebar.
export const footerNavItems: readonly NavItem[] = [item("settings")];

// An item is active on its own path and on any path below it (/orders/123).
export function isActiveHref(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
