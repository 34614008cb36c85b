// How much one upload row and one batch may hold, in UTF-8 bytes of their CSV text (the batches
// are sent and stored as UTF-8). The browser cuts batches within these bounds and refuses longer
// rows with their line; the server decompresses a stored batch only up to what its rows may hold
// (batchTextCap) and refuses the same rows again. lib/uploads/README.md says why each number.
import type { UploadKind } from "./types";

/**
 * Longest row (a record's source text, line break excluded) of each kind. A warehouse stock row
 * at the API's maxima is 1,658 bytes: the warehouse name and the reason at 255 characters of 3
 * UTF-8 bytes, quoted (767 each), the goods code at 50 doubled quotes (102), two quantities of 7
 * digits, two one-letter operations and 6 commas; 2 KiB leaves room for spaces around numbers. A
 * goods row at the API's maxima would be over 5 MB (28 columns of up to 65,535 characters), so
 * its bound is a choice: 1 MiB, five of the long text columns full of 3-byte characters.
 */
export const MAX_ROW_BYTES: Readonly<Record<UploadKind, number>> = {
  "warehouse-stock": 2 * 1024,
  goods: 1024 * 1024,
};

/** Longest header: the goods header with every column is ~1 KB. */
export const MAX_HEADER_BYTES = 8 * 1024;

/** Largest batch text, whatever its rows: 3000 short rows are far below it. */
export const MAX_BATCH_TEXT_BYTES = 16 * 1024 * 1024;

/**
 * The most text a batch of `rows` rows of `kind` can hold: its header, the rows at their longest
 * with CRLF between them, and never more than MAX_BATCH_TEXT_BYTES. The server stops unzipping a
 * stored batch there (3000 warehouse rows: 6.2 MB; a goods batch of 3000 rows: 16 MiB).
 */
export function batchTextCap(kind: UploadKind, rows: number): number {
  return Math.min(MAX_BATCH_TEXT_BYTES, MAX_HEADER_BYTES + Math.max(1, rows) * (MAX_ROW_BYTES[kind] + 2));
}

/**
 * UTF-8 bytes of text[from, to) without encoding it: 1 byte below U+0080, 2 below U+0800, 3
 * above, 4 for a surrogate pair (2 for each of its halves; a lone half is written as U+FFFD, 3).
 */
export function utf8Length(text: string, from = 0, to = text.length): number {
  let n = to - from;
  for (let k = from; k < to; k++) {
    const c = text.charCodeAt(k);
    if (c < 0x80) continue;
    if (c < 0x800) n += 1;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const d = text.charCodeAt(k + 1);
      if (k + 1 < to && d >= 0xdc00 && d <= 0xdfff) {
        n += 2;
        k++;
      } else n += 2;
    } else n += 2;
  }
  return n;
}

/**
 * UTF-8 bytes of text[from, to) as far as a bound needs them: the exact count when it may be past
 * `max`, else a number ≤ `max` (its characters: 3 bytes each at most, so no scan is needed for
 * the short rows that nearly every file holds).
 */
export function utf8LengthPast(max: number, text: string, from = 0, to = text.length): number {
  return (to - from) * 3 <= max ? to - from : utf8Length(text, from, to);
}
