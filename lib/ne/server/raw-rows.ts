// The BFF's fast path for answers with rows. Decoding 90 kB of answer to text, parsing it,
// stringifying the rows again and encoding them back to bytes costs the BFF more CPU than the
// upstream call itself; most answers' rows need none of it. This scans the answer's bytes once,
// strictly: when `data` is an array of flat rows whose values are all strings or null and whose
// keys are plain and token-free, its bytes can go to the browser as they came, and only the rest
// of the envelope (a few hundred bytes) is parsed. Anything else (numbers or booleans to
// normalize, a key naming a token, an escaped key, bytes that are not UTF-8, a shape not
// expected) answers null, and the caller takes the ordinary path: nothing is ever passed on
// that the ordinary path would not pass.
//
// The rows, nearly all of the answer, are checked by one regular expression per row over the
// answer read as Latin-1 (one character per byte, so its indexes are the bytes'): V8 compiles it
// to machine code, and it reads the rows twice as fast as the byte loop below (bench: 0.08 against
// 0.17 ms for 91 kB). The loop remains for rows holding "token" anywhere (in any case): it alone
// tells a token key from a value that mentions one.
import { isUtf8 } from "node:buffer";

export interface RawRows {
  /** The envelope's JSON text with `data` replaced by `[]`. */
  head: string;
  /** The exact bytes of the `data` array: JSON, flat rows, string or null values, no token key. */
  rows: Buffer;
  /** How many rows `rows` holds. */
  rowCount: number;
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COLON = 0x3a;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;

/** Below this many bytes the ordinary path is as cheap: not worth a second way. */
export const RAW_ROWS_MIN_BYTES = 2048;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}

/** Whether the last string `stringEnd` read held an escape. */
let lastEscaped = false;

/**
 * The end (index after the closing quote) of the JSON string starting at `at` (its opening
 * quote), or -1 when it is not a valid JSON string. Raw bytes of 0x80 and above are left to the
 * UTF-8 check of the whole answer.
 */
function stringEnd(b: Buffer, at: number): number {
  const n = b.length;
  let i = at + 1;
  lastEscaped = false;
  while (i < n) {
    const c = b[i]!;
    if (c === QUOTE) return i + 1;
    if (c === BACKSLASH) {
      lastEscaped = true;
      const e = b[i + 1];
      if (e === 0x75 /* u */) {
        if (i + 5 >= n || !isHex(b[i + 2]!) || !isHex(b[i + 3]!) || !isHex(b[i + 4]!) || !isHex(b[i + 5]!)) return -1;
        i += 6;
        continue;
      }
      // " \ / b f n r t
      if (e === QUOTE || e === BACKSLASH || e === 0x2f || e === 0x62 || e === 0x66 || e === 0x6e || e === 0x72 || e === 0x74) {
        i += 2;
        continue;
      }
      return -1;
    }
    if (c < 0x20) return -1;
    i++;
  }
  return -1;
}

function skipSpace(b: Buffer, i: number): number {
  while (i < b.length && isSpace(b[i]!)) i++;
  return i;
}

/**
 * Skips any JSON value at `at` and answers the index after it, or -1 when its strings or brackets
 * do not close. Only the structure is followed: the value stays in `head`, which JSON.parse
 * checks in full.
 */
function skipValue(b: Buffer, at: number): number {
  const n = b.length;
  let depth = 0;
  let i = at;
  while (i < n) {
    const c = b[i]!;
    if (c === QUOTE) {
      i = stringEnd(b, i);
      if (i < 0) return -1;
      if (depth === 0) return i;
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      depth++;
      i++;
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      if (depth === 0) return i; // a scalar ended by its enclosing object's brace
      depth--;
      i++;
      if (depth === 0) return i;
    } else if (depth === 0 && (c === COMMA || isSpace(c))) {
      return i;
    } else {
      i++;
    }
  }
  return depth === 0 ? i : -1;
}

// The grammar scanRows below follows, as patterns: a key without escapes, a value that is a JSON
// string or null, whitespace as JSON allows it. Bytes from 0x80 are left to the UTF-8 check.
const WS = String.raw`[ \t\n\r]*`;
const KEY = String.raw`"[^"\\\x00-\x1f]*"`;
const STRING = String.raw`"(?:[^"\\\x00-\x1f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"`;
const MEMBER = `${KEY}${WS}:${WS}(?:${STRING}|null)${WS}`;
/** One row and the whitespace after it, from its `{` (sticky: matched where lastIndex is). */
const ROW = new RegExp(String.raw`\{${WS}(?:${MEMBER}(?:,${WS}${MEMBER})*)?\}${WS}`, "y");
const TOKEN = /token/gi;

function skipSpaceText(t: string, i: number): number {
  while (i < t.length && isSpace(t.charCodeAt(i))) i++;
  return i;
}

/** scanRows over the answer read as Latin-1, without its check of keys for "token". */
export function scanRowsText(t: string, at: number): { end: number; rowCount: number } | null {
  let i = skipSpaceText(t, at + 1);
  let rowCount = 0;
  if (t.charCodeAt(i) === CLOSE_BRACKET) return { end: i + 1, rowCount };
  for (;;) {
    ROW.lastIndex = i;
    if (!ROW.test(t)) return null;
    rowCount++;
    i = ROW.lastIndex;
    const c = t.charCodeAt(i);
    if (c === COMMA) {
      i = skipSpaceText(t, i + 1);
      continue;
    }
    if (c === CLOSE_BRACKET) return { end: i + 1, rowCount };
    return null;
  }
}

/** Scans the rows array at `at` (its `[`): its end and row count, or null for the ordinary path. */
export function scanRows(b: Buffer, at: number): { end: number; rowCount: number } | null {
  let i = skipSpace(b, at + 1);
  let rowCount = 0;
  if (b[i] === CLOSE_BRACKET) return { end: i + 1, rowCount };
  for (;;) {
    if (b[i] !== OPEN_BRACE) return null;
    rowCount++;
    i = skipSpace(b, i + 1);
    if (b[i] === CLOSE_BRACE) {
      i++;
    } else {
      for (;;) {
        if (b[i] !== QUOTE) return null;
        const keyEnd = stringEnd(b, i);
        if (keyEnd < 0) return null;
        // An escaped key could spell anything once decoded: leave it to the ordinary path.
        if (lastEscaped) return null;
        // A key holding "token" in any letter case is stripped on the ordinary path. (A loop in
        // place: a one-use helper would be inlined by the bundler as a closure made per key.)
        for (let k = i + 1; k + 5 <= keyEnd - 1; k++) {
          if ((b[k]! | 0x20) === 0x74 && (b[k + 1]! | 0x20) === 0x6f && (b[k + 2]! | 0x20) === 0x6b && (b[k + 3]! | 0x20) === 0x65 && (b[k + 4]! | 0x20) === 0x6e) {
            return null;
          }
        }
        i = skipSpace(b, keyEnd);
        if (b[i] !== COLON) return null;
        i = skipSpace(b, i + 1);
        const c = b[i];
        if (c === QUOTE) {
          i = stringEnd(b, i);
          if (i < 0) return null;
        } else if (c === 0x6e && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c) {
          i += 4; // null
        } else {
          return null; // a number, boolean or nested value: normalized on the ordinary path
        }
        i = skipSpace(b, i);
        if (b[i] === COMMA) {
          i = skipSpace(b, i + 1);
          continue;
        }
        if (b[i] === CLOSE_BRACE) {
          i++;
          break;
        }
        return null;
      }
    }
    i = skipSpace(b, i);
    if (b[i] === COMMA) {
      i = skipSpace(b, i + 1);
      continue;
    }
    if (b[i] === CLOSE_BRACKET) return { end: i + 1, rowCount };
    return null;
  }
}

/**
 * Splits an answer into its envelope text (rows left out) and its rows' bytes, or null when the
 * rows must take the ordinary path (see the file's head). The envelope text is not yet checked:
 * JSON.parse and the envelope schema do that, as for any answer.
 */
export function splitRawRows(b: Buffer): RawRows | null {
  if (b.length < RAW_ROWS_MIN_BYTES) return null;
  let i = skipSpace(b, 0);
  if (b[i] !== OPEN_BRACE) return null;
  i = skipSpace(b, i + 1);
  let span: { start: number; end: number; rowCount: number } | null = null;
  if (b[i] === CLOSE_BRACE) return null;
  for (;;) {
    if (b[i] !== QUOTE) return null;
    const keyEnd = stringEnd(b, i);
    if (keyEnd < 0) return null;
    // An escaped top-level key could be "data" once decoded.
    if (lastEscaped) return null;
    const isData = keyEnd - i === 6 && b[i + 1] === 0x64 && b[i + 2] === 0x61 && b[i + 3] === 0x74 && b[i + 4] === 0x61;
    i = skipSpace(b, keyEnd);
    if (b[i] !== COLON) return null;
    i = skipSpace(b, i + 1);
    if (isData) {
      if (span || b[i] !== OPEN_BRACKET) return null;
      const text = b.toString("latin1");
      let rows = scanRowsText(text, i);
      // "token" within the rows (the envelope's own token fields come after them).
      TOKEN.lastIndex = i;
      if (rows && (TOKEN.exec(text)?.index ?? Infinity) < rows.end) rows = scanRows(b, i);
      if (!rows) return null;
      span = { start: i, end: rows.end, rowCount: rows.rowCount };
      i = rows.end;
    } else {
      i = skipValue(b, i);
      if (i < 0) return null;
    }
    i = skipSpace(b, i);
    if (b[i] === COMMA) {
      i = skipSpace(b, i + 1);
      continue;
    }
    if (b[i] === CLOSE_BRACE) break;
    return null;
  }
  if (!span || skipSpace(b, i + 1) !== b.length) return null;
  if (!isUtf8(b)) return null;
  const head = `${b.toString("utf8", 0, span.start)}[]${b.toString("utf8", span.end)}`;
  return { head, rows: b.subarray(span.start, span.end), rowCount: span.rowCount };
}
