"use client";
// One tab stop for a list of cards (a roving tabindex): the active card has tabIndex 0, the others
// -1; the arrows move between cards (up and down by a row of cards, however many fit the width),
// Home/End to the first and last; a card that gets focus becomes the active one. Used by the
// images gallery (components/images/image-gallery.tsx) and the phone cards (./grid-cards.tsx).
import { useRef, type KeyboardEvent, type RefObject } from "react";

/**
 * How many cards one row holds (they wrap with the width): 1 for a single column. Read from the
 * cards' boxes on the page, not `offsetTop`: a card in a contained box (`content-visibility`) has
 * that box as its offset parent, so every card would seem to sit on the first row.
 */
function cardsPerRow(cards: readonly (HTMLElement | null)[]): number {
  const first = cards[0];
  if (!first) return 1;
  const top = Math.round(first.getBoundingClientRect().top);
  const n = cards.findIndex((card) => card !== null && Math.round(card.getBoundingClientRect().top) !== top);
  return n === -1 ? cards.length : Math.max(1, n);
}

export interface RovingCards {
  /** The active card's index, within the list. */
  active: number;
  /** The arrows, Home and End on the list. */
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  /** Props of card `index`: its ref, tab stop, and focus making it the active one. */
  cardProps: (index: number) => { ref: (el: HTMLButtonElement | null) => void; tabIndex: 0 | -1; "aria-current": "true" | undefined; onFocus: () => void };
  /** Focus passed on to the active card (the drawer gives focus back to the list's box). */
  focusActive: () => void;
  cards: RefObject<(HTMLButtonElement | null)[]>;
}

export function useRovingCards(count: number, activeIndex: number, onActiveIndexChange: (index: number) => void): RovingCards {
  const cards = useRef<(HTMLButtonElement | null)[]>([]);
  const active = Math.min(Math.max(0, activeIndex), Math.max(0, count - 1));

  const moveTo = (index: number) => {
    const next = Math.min(Math.max(0, index), count - 1);
    onActiveIndexChange(next);
    cards.current[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey || count === 0) return;
    const perRow = cardsPerRow(cards.current.slice(0, count));
    const moves: Record<string, number> = {
      ArrowRight: active + 1,
      ArrowLeft: active - 1,
      ArrowDown: active + perRow,
      ArrowUp: active - perRow,
      Home: 0,
      End: count - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    moveTo(target);
  };

  return {
    active,
    onKeyDown,
    cards,
    focusActive: () => cards.current[active]?.focus({ preventScroll: false }),
    cardProps: (index) => ({
      ref: (el) => {
        cards.current[index] = el;
      },
      tabIndex: index === active ? 0 : -1,
      "aria-current": index === active ? "true" : undefined,
      onFocus: () => {
        if (index !== active) onActiveIndexChange(index);
      },
    }),
  };
}
