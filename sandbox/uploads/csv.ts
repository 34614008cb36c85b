// A strict CSV reader (RFC 4180 as Excel writes it) that keeps line numbers: comma-separated,
// fields optionally in double quotes ("" inside quotes is one quote; quoted fields may hold commas
// and line breaks), lines ended by CR LF, LF or CR. Blank lines (and lines of empty cells only)
// are skipped. Errors name the line and the column.
import { reason, UploadError } from "./errors";

export interface CsvRecord {
  /** 1-based line where the record starts. */
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  while (i < n) {
    const startLine = line;
    const fields: string[] = [];
    let endOfRecord = false;
    while (!endOfRecord) {
      const column = fields.length + 1;
      if (text.charCodeAt(i) === 0x22) {
        // Quoted field.
        const quoteLine = line;
        i++;
        let value = "";
        let closed = false;
        while (i < n) {
          const ch = text.charCodeAt(i);
          if (ch === 0x22) {
            if (text.charCodeAt(i + 1) === 0x22) {
              value += '"';
              i += 2;
              continue;
            }
            i++;
            closed = true;
            break;
          }
          if (ch === 0x0d) {
            line++;
            if (text.charCodeAt(i + 1) === 0x0a) {
              value += "\r\n";
              i += 2;
              continue;
            }
          } else if (ch === 0x0a) {
            line++;
          }
          value += text[i];
          i++;
        }
        if (!closed) {
          throw new UploadError(reason("引用符（\"）が閉じられていません", 'a quoted field is not closed (missing ")'), quoteLine, { index: column });
        }
        fields.push(value);
      } else {
        let end = i;
        while (end < n) {
          const ch = text.charCodeAt(end);
          if (ch === 0x2c || ch === 0x0a || ch === 0x0d) break;
          if (ch === 0x22) {
            throw new UploadError(reason("引用符で囲まれていない値に引用符（\"）があります", 'a double quote inside an unquoted field (quote the field and double the quote: "")'), line, { index: column });
          }
          end++;
        }
        fields.push(text.slice(i, end));
        i = end;
      }
      // After a field: a comma, a line end or the end of the text.
      const ch = text.charCodeAt(i);
      if (i >= n) {
        endOfRecord = true;
      } else if (ch === 0x2c) {
        i++;
        if (i >= n) {
          fields.push("");
          endOfRecord = true;
        }
      } else if (ch === 0x0d || ch === 0x0a) {
        i += ch === 0x0d && text.charCodeAt(i + 1) === 0x0a ? 2 : 1;
        line++;
        endOfRecord = true;
      } else {
        throw new UploadError(reason("閉じ引用符（\"）の後に余分な文字があります", "unexpected characters after a closing quote"), line, { index: column });
      }
    }
    const blank = fields.every((f) => f.trim() === "");
    if (!blank) records.push({ line: startLine, fields });
  }
  return records;
}
