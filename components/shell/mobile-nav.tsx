"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState, type ReactNode, type MouseEvent } from "react";
import { Button } from "@/components/ui/button";
import { Brand } from "./brand";
import { NavList } from "./nav-list";

type MobileNavProps = {
  // Rendered at the bottom of the drawer: account and display preferences.
  footer?: ReactNode;
};

// Below md: a menu button and an off-canvas drawer. A modal <dialog> gives focus
// containment, Esc to close, an inert page behind and focus return to the button.
export function MobileNav({ footer }: MobileNavProps) {
  const t = useTranslations("shell");
  const dialogRef = useRef<HTMLDialogElement>(null);
  const closeRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const pathname = usePathname() ?? "";
  const drawerId = useId();

  const show = () => {
    const dialog = dialogRef.current;
    if (!dialog || dialog.open) return;
    dialog.showModal();
    setOpen(true);
    closeRef.current?.focus();
  };

  const close = () => dialogRef.current?.close();

  // A followed link or a resize to desktop width closes the drawer.
  useEffect(() => {
    dialogRef.current?.close();
  }, [pathname]);

  useEffect(() => {
    const desktop = window.matchMedia("(min-width: 48rem)");
    const onChange = (event: MediaQueryListEvent) => {
      if (event.matches) dialogRef.current?.close();
    };
    desktop.addEventListener("change", onChange);
    return () => desktop.removeEventListener("change", onChange);
  }, []);

  // A click on the dialog element itself is a click on the backdrop: the panel fills it.
  const onDialogClick = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget) close();
  };

  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        className="md:hidden"
        aria-label={t("openMenu")}
        aria-expanded={open}
        aria-controls={drawerId}
        aria-haspopup="dialog"
        onClick={show}
      >
        <Menu aria-hidden="true" />
      </Button>
      <dialog
        id={drawerId}
        ref={dialogRef}
        aria-label={t("menu")}
        onClose={() => setOpen(false)}
        onClick={onDialogClick}
        className="fixed inset-y-0 left-0 m-0 h-dvh max-h-none w-72 max-w-[85vw] bg-transparent p-0 text-ink-900 transition-transform duration-200 ease-out backdrop:bg-ink-950/50 open:translate-x-0 starting:open:-translate-x-full md:hidden dark:text-ink-100"
      >
        <div className="flex h-full flex-col border-r border-ink-200 bg-ink-50 shadow-xl dark:border-ink-800 dark:bg-ink-900">
          <div className="flex h-12 shrink-0 items-center justify-between gap-2 border-b border-ink-200 px-3 dark:border-ink-800">
            <Brand />
            <Button
              ref={closeRef}
              variant="ghost"
              size="icon"
              aria-label={t("closeMenu")}
              onClick={close}
            >
              <X aria-hidden="true" />
            </Button>
          </div>
          <nav
            aria-label={t("primaryNavigation")}
            className="flex flex-1 flex-col overflow-y-auto px-3 py-4"
          >
            <NavList onNavigate={close} />
          </nav>
          {footer ? (
            <div className="shrink-0 border-t border-ink-200 p-3 dark:border-ink-800">{footer}</div>
          ) : null}
        </div>
      </dialog>
    </>
  );
}
