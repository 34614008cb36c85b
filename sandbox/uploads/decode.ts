// From the `data` bytes to CSV text: gunzip for data_type gz, then the encoding — UTF-8 with or
// without BOM, else Shift_JIS (Windows-31J, as Excel writes it); anything else is refused with
// the line of the first byte that is neither.
import { gunzipSync } from "node:zlib";
import iconv from "iconv-lite";
import type { UploadDataType } from "../hooks";
import { reason, UploadError } from "./errors";

export type DetectedEncoding = "utf-8" | "utf-8-bom" | "shift_jis";

export interface DecodedUpload {
  text: string;
  encoding: DetectedEncoding;
  bytes: number;
}

/** Largest CSV accepted after decompression (a gzip bomb stops here). */
export const MAX_CSV_BYTES = 64 * 1024 * 1024;

const GZIP_MAGIC = [0x1f, 0x8b] as const;

function isGzip(data: Uint8Array): boolean {
  return data.length >= 2 && data[0] === GZIP_MAGIC[0] && data[1] === GZIP_MAGIC[1];
}

export function unpack(dataType: UploadDataType, data: Buffer): Buffer {
  if (dataType === "csv") {
    if (isGzip(data)) {
      throw new UploadError(reason("data_type が csv ですが、データが gzip 圧縮されています", "data_type is csv but the data is gzip-compressed"));
    }
    return data;
  }
  if (!isGzip(data)) {
    throw new UploadError(reason("gzip 形式のデータではありません", "the data is not gzip (data_type gz)"));
  }
  try {
    return gunzipSync(data, { maxOutputLength: MAX_CSV_BYTES });
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    if (err.code === "ERR_BUFFER_TOO_LARGE" || /too large|maxOutputLength/i.test(err.message)) {
      throw new UploadError(reason(`展開後のサイズが上限（${MAX_CSV_BYTES / 1024 / 1024}MB）を超えています`, `the decompressed data is larger than ${MAX_CSV_BYTES / 1024 / 1024} MB`));
    }
    throw new UploadError(reason("gzip データを展開できません（壊れているか途中で切れています）", `cannot decompress the gzip data (corrupt or truncated): ${err.code ?? err.message}`));
  }
}

/** Offset of the first byte that is not part of well-formed UTF-8, or -1. */
export function invalidUtf8Offset(bytes: Uint8Array, start = 0): number {
  let i = start;
  const n = bytes.length;
  while (i < n) {
    const b = bytes[i] as number;
    if (b < 0x80) {
      i++;
      continue;
    }
    let need: number;
    let min: number;
    if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return i;
    }
    if (i + need >= n) return i;
    let cp = b & (need === 1 ? 0x1f : need === 2 ? 0x0f : 0x07);
    for (let k = 1; k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += need + 1;
  }
  return -1;
}

/** Offset of the first byte that cannot be Windows-31J (Shift_JIS) structurally, or -1. */
export function invalidShiftJisOffset(bytes: Uint8Array): number {
  let i = 0;
  const n = bytes.length;
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

/** 1-based line of a byte offset (counting LF, CR LF and lone CR as line ends). */
export function lineOfOffset(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset && i < bytes.length; i++) {
    const b = bytes[i];
    if (b === 0x0a) line++;
    else if (b === 0x0d && bytes[i + 1] !== 0x0a) line++;
  }
  return line;
}

function lineOfIndex(text: string, index: number): number {
  let line = 1;
  for (let i = 0; i < index; i++) {
    const ch = text.charCodeAt(i);
    if (ch === 0x0a) line++;
    else if (ch === 0x0d && text.charCodeAt(i + 1) !== 0x0a) line++;
  }
  return line;
}

export function decodeText(bytes: Buffer): DecodedUpload {
  if (bytes.length === 0) throw new UploadError(reason("ファイルが空です", "the file is empty"));
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    throw new UploadError(reason("UTF-16 のファイルには対応していません。UTF-8 か Shift_JIS で保存してください", "UTF-16 files are not supported; save as UTF-8 or Shift_JIS"));
  }
  const bom = bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf;
  if (bom) {
    const bad = invalidUtf8Offset(bytes, 3);
    if (bad >= 0) {
      throw new UploadError(reason("UTF-8（BOM付き）として正しくないバイト列があります", `invalid UTF-8 bytes in a file marked UTF-8 (BOM) at byte ${bad + 1}`), lineOfOffset(bytes, bad));
    }
    return { text: bytes.subarray(3).toString("utf8"), encoding: "utf-8-bom", bytes: bytes.length };
  }
  const badUtf8 = invalidUtf8Offset(bytes);
  if (badUtf8 < 0) return { text: bytes.toString("utf8"), encoding: "utf-8", bytes: bytes.length };
  const badSjis = invalidShiftJisOffset(bytes);
  if (badSjis >= 0) {
    const at = Math.max(badUtf8, badSjis);
    throw new UploadError(
      reason("文字コードを判別できません（UTF-8 としても Shift_JIS としても読めないバイトがあります）", `cannot tell the encoding: bytes that are neither UTF-8 nor Shift_JIS at byte ${at + 1}`),
      lineOfOffset(bytes, at),
    );
  }
  const text = iconv.decode(bytes, "cp932");
  const replaced = text.indexOf("\ufffd");
  if (replaced >= 0) {
    throw new UploadError(reason("Shift_JIS として変換できない文字があります", "a character that Shift_JIS cannot decode"), lineOfIndex(text, replaced));
  }
  return { text, encoding: "shift_jis", bytes: bytes.length };
}

export function decodeUpload(dataType: UploadDataType, data: Buffer): DecodedUpload {
  return decodeText(unpack(dataType, data));
}
