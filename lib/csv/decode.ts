// From a dropped file's bytes to text: refuse what is not a CSV before any parsing (too large,
// empty, binary), then UTF-8 with or without BOM, else Shift_JIS as Windows writes it (CP932,
// which the platform's "shift_jis" TextDecoder decodes, vendor characters included). A file that
// is neither is refused, naming the line of the first byte that fits neither.
import { MAX_FILE_BYTES, type CsvEncoding, type CsvRefusal } from "./types";

export type DecodeOutcome = { ok: true; text: string; encoding: CsvEncoding } | { ok: false; refusal: CsvRefusal };

const MB = 1024 * 1024;

/** Signatures of files people drop by mistake. */
const MAGIC: { name: string; bytes: number[] }[] = [
  { name: "PNG", bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: "ZIP (xlsx)", bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: "GZIP", bytes: [0x1f, 0x8b] },
  { name: "PDF", bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { name: "JPEG", bytes: [0xff, 0xd8, 0xff] },
  { name: "GIF", bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: "Excel 97-2003 (xls)", bytes: [0xd0, 0xcf, 0x11, 0xe0] },
];

function startsWith(bytes: Uint8Array, sig: readonly number[]): boolean {
  if (bytes.length < sig.length) return false;
  for (let i = 0; i < sig.length; i++) if (bytes[i] !== sig[i]) return false;
  return true;
}

/** 1-based line of a byte offset (LF, CR LF and a lone CR end a line). */
export function lineOfByte(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a) line++;
    else if (b === 0x0d && bytes[i + 1] !== 0x0a) line++;
  }
  return line;
}

/** Offset of the first byte that is not well-formed UTF-8, or -1. */
export function invalidUtf8Offset(bytes: Uint8Array, start = 0): number {
  const n = bytes.length;
  let i = start;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) [need, min] = [1, 0x80];
    else if (b >= 0xe0 && b <= 0xef) [need, min] = [2, 0x800];
    else if (b >= 0xf0 && b <= 0xf4) [need, min] = [3, 0x10000];
    else return i;
    if (i + need >= n) return i;
    let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k] as number;
      if ((c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** Offset of the first byte that cannot be CP932 by its structure (lead/trail ranges), or -1. */
export function invalidShiftJisOffset(bytes: Uint8Array): number {
  const n = bytes.length;
  let i = 0;
  while (i < n) {
    const b = bytes[i] as number;
    if (b <= 0x7f || (b >= 0xa1 && b <= 0xdf)) {
      i++;
      continue;
    }
    if ((b >= 0x81 && b <= 0x9f) || (b >= 0xe0 && b <= 0xfc)) {
      const t = bytes[i + 1];
      if (t === undefined || t < 0x40 || t === 0x7f || t > 0xfc) return i;
      i += 2;
      continue;
    }
    return i;
  }
  return -1;
}

function lineOfIndex(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) line++;
    else if (c === 0x0d && text.charCodeAt(i + 1) !== 0x0a) line++;
  }
  return line;
}

function tryDecode(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The refusal of a file that cannot be a CSV at all, or null. Looks only at size and bytes. */
export function refuseBeforeReading(bytes: Uint8Array): CsvRefusal | null {
  if (bytes.length > MAX_FILE_BYTES) {
    const size = (bytes.length / MB).toFixed(1);
    return {
      code: "too-large",
      reason: {
        ja: `ファイルが大きすぎます（${size}MB）。${MAX_FILE_BYTES / MB}MB以下に分けてください`,
        en: `the file is too large (${size} MB); split it into files of ${MAX_FILE_BYTES / MB} MB or less`,
      },
    };
  }
  if (bytes.length === 0) return { code: "empty", reason: { ja: "ファイルが空です", en: "the file is empty" } };
  for (const m of MAGIC) {
    if (startsWith(bytes, m.bytes)) {
      return {
        code: "binary",
        reason: {
          ja: `CSVではなく${m.name}ファイルです。CSV形式で保存したファイルを選んでください`,
          en: `this is a ${m.name} file, not a CSV; choose a file saved as CSV`,
        },
      };
    }
  }
  if (startsWith(bytes, [0xff, 0xfe]) || startsWith(bytes, [0xfe, 0xff])) {
    return {
      code: "unknown-encoding",
      reason: {
        ja: "UTF-16 のファイルには対応していません。「CSV UTF-8」か「CSV（コンマ区切り）」で保存し直してください",
        en: "UTF-16 files are not supported; save again as \"CSV UTF-8\" or \"CSV (Comma delimited)\"",
      },
      line: 1,
    };
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    return {
      code: "binary",
      reason: {
        ja: "テキストではないデータ（NULバイト）が含まれています。CSV形式で保存したファイルを選んでください",
        en: "the file holds binary data (a NUL byte), not text; choose a file saved as CSV",
      },
      line: lineOfByte(bytes, nul),
    };
  }
  return null;
}

export function decodeCsvBytes(bytes: Uint8Array): DecodeOutcome {
  const refusal = refuseBeforeReading(bytes);
  if (refusal) return { ok: false, refusal };
  const bom = startsWith(bytes, [0xef, 0xbb, 0xbf]);
  if (bom) {
    const text = tryDecode("utf-8", bytes.subarray(3));
    if (text !== null) return { ok: true, text, encoding: "utf-8-bom" };
    const bad = invalidUtf8Offset(bytes, 3);
    const line = lineOfByte(bytes, bad);
    return {
      ok: false,
      refusal: {
        code: "unknown-encoding",
        reason: { ja: `UTF-8（BOM付き）として読めないバイトが${line}行目にあります`, en: `line ${line} has bytes that are not valid UTF-8 (the file starts with a UTF-8 BOM)` },
        line,
      },
    };
  }
  const utf8 = tryDecode("utf-8", bytes);
  if (utf8 !== null) return { ok: true, text: utf8, encoding: "utf-8" };
  const sjis = tryDecode("shift_jis", bytes);
  if (sjis !== null) return { ok: true, text: sjis, encoding: "shift_jis" };
  // Neither: the file is most likely in the encoding that reads further, so its first bad byte
  // is the one to show. A structurally valid Shift_JIS file that still fails has an unmapped
  // code; the decoder's replacement character finds it.
  const badUtf8 = invalidUtf8Offset(bytes);
  const badSjis = invalidShiftJisOffset(bytes);
  let line: number;
  if (badSjis < 0) {
    const text = new TextDecoder("shift_jis").decode(bytes);
    line = lineOfIndex(text, Math.max(0, text.indexOf("\ufffd")));
  } else {
    line = lineOfByte(bytes, Math.max(badUtf8, badSjis));
  }
  return {
    ok: false,
    refusal: {
      code: "unknown-encoding",
      reason: {
        ja: `文字コードを判別できません。${line}行目に UTF-8 としても Shift_JIS としても読めないバイトがあります。「CSV UTF-8」か「CSV（コンマ区切り）」で保存し直してください`,
        en: `cannot tell the encoding: line ${line} has bytes that are neither UTF-8 nor Shift_JIS; save again as "CSV UTF-8" or "CSV (Comma delimited)"`,
      },
      line,
    },
  };
}
