"use client";
// The slip's mail send state (`receive_order_mail_status`, letters without separator: J order
// confirmation, B print-date notice, C post-print notice, H shipment, N deposit confirmation,
// F follow-up) as the mails' names, each with its letter as a title; a letter the list does not
// know stays as it is.
import { useTranslations } from "next-intl";
import type { CellContext, Translate } from "@/components/data-grid/grid-definition";

const LETTERS = ["J", "B", "C", "H", "N", "F"] as const;
type Letter = (typeof LETTERS)[number];
const isLetter = (ch: string): ch is Letter => (LETTERS as readonly string[]).includes(ch);

function nameOf(letter: string, t: Translate): string {
  return isLetter(letter) ? t(`orders.mailStatus.${letter}`) : letter;
}

/** The letters of a value, in order, each once (blanks and separators left out). */
export function mailLetters(value: string | null): string[] {
  return [...new Set([...(value ?? "")].filter((ch) => ch.trim() !== "" && ch !== ","))];
}

/** The mails' names as one text (an export with names writes it, the column's width fits it). */
export function mailStatusText({ value, locale }: CellContext, t: Translate): string {
  return mailLetters(value)
    .map((letter) => nameOf(letter, t))
    .join(locale === "ja" ? "、" : ", ");
}

export function MailStatusCell({ value }: CellContext) {
  const t = useTranslations();
  const letters = mailLetters(value);
  if (letters.length === 0) return null;
  return (
    <ul aria-label={t("orders.mailStatus.list")} className="flex min-w-0 flex-wrap gap-1" data-mail-status={value ?? ""}>
      {letters.map((letter) => (
        <li key={letter} data-mail-letter={letter} title={letter} className="rounded bg-ink-100 px-1.5 py-0.5 text-xs whitespace-nowrap text-ink-800 dark:bg-ink-800 dark:text-ink-100">
          {nameOf(letter, (key) => t(key))}
        </li>
      ))}
    </ul>
  );
}
