// Header-only templates of each upload. The column names are ASCII, so their Shift_JIS bytes are
// their ASCII bytes and no Shift_JIS encoder is loaded for them.
import { utf8Bytes } from "./bytes";
import { UPLOAD_COLUMNS } from "./columns";
import type { UploadKind } from "./types";

/** Header-only template in the given encoding: CRLF after the header; UTF-8 with a BOM for Excel. */
export function templateCsv(kind: UploadKind, encoding: "shift_jis" | "utf-8"): Uint8Array {
  const header = `${UPLOAD_COLUMNS[kind].map((c) => c.name).join(",")}\r\n`;
  if (/[^\x20-\x7e\r\n]/.test(header)) throw new Error(`templateCsv: non-ASCII column name in ${kind}`);
  return utf8Bytes(header, encoding === "utf-8");
}
