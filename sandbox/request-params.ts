// Request parameters of an API call: the query string plus a form body (urlencoded or multipart).
// Urlencoded bodies are decoded byte by byte so that `data` keeps its bytes (Shift_JIS CSVs and
// gzip are sent percent-encoded in the form); text parameters are read as UTF-8.
import type { ParamReader } from "./query-engine";

export interface UploadFile {
  data: Buffer;
  fileName?: string;
}

export class RequestParams implements ParamReader {
  private readonly raw = new Map<string, Buffer>();
  private readonly text = new Map<string, string>();
  private readonly fileNames = new Map<string, string>();

  set(name: string, value: Buffer | string, fileName?: string): void {
    const buf = typeof value === "string" ? Buffer.from(value, "utf8") : value;
    this.raw.set(name, buf);
    this.text.set(name, typeof value === "string" ? value : buf.toString("utf8"));
    if (fileName) this.fileNames.set(name, fileName);
  }

  get(name: string): string | undefined {
    return this.text.get(name);
  }

  has(name: string): boolean {
    return this.raw.has(name);
  }

  keys(): Iterable<string> {
    return this.raw.keys();
  }

  file(name: string): UploadFile | undefined {
    const data = this.raw.get(name);
    if (!data) return undefined;
    const fileName = this.fileNames.get(name);
    return fileName ? { data, fileName } : { data };
  }
}

function hexValue(byte: number): number {
  if (byte >= 0x30 && byte <= 0x39) return byte - 0x30;
  if (byte >= 0x41 && byte <= 0x46) return byte - 0x37;
  if (byte >= 0x61 && byte <= 0x66) return byte - 0x57;
  return -1;
}

/** application/x-www-form-urlencoded bytes → raw bytes of one name or value. */
export function percentDecode(bytes: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(bytes.length);
  let n = 0;
  for (let i = 0; i < bytes.length; i++) {
    const b = bytes[i] as number;
    if (b === 0x2b) {
      out[n++] = 0x20;
    } else if (b === 0x25 && i + 2 < bytes.length) {
      const hi = hexValue(bytes[i + 1] as number);
      const lo = hexValue(bytes[i + 2] as number);
      if (hi >= 0 && lo >= 0) {
        out[n++] = hi * 16 + lo;
        i += 2;
      } else {
        out[n++] = b;
      }
    } else {
      out[n++] = b;
    }
  }
  return out.subarray(0, n);
}

export function parseUrlEncoded(body: Uint8Array, into: RequestParams): void {
  let start = 0;
  while (start <= body.length) {
    let end = body.indexOf(0x26, start);
    if (end < 0) end = body.length;
    if (end > start) {
      const pair = body.subarray(start, end);
      const eq = pair.indexOf(0x3d);
      const name = percentDecode(eq < 0 ? pair : pair.subarray(0, eq)).toString("utf8");
      const value = eq < 0 ? Buffer.alloc(0) : percentDecode(pair.subarray(eq + 1));
      if (name !== "") into.set(name, value);
    }
    start = end + 1;
  }
}

/** Reads a request's parameters: query string first, body fields override. */
export async function readRequestParams(request: Request): Promise<RequestParams> {
  const params = new RequestParams();
  const url = new URL(request.url);
  for (const [name, value] of url.searchParams) params.set(name, value);
  if (request.method === "GET" || request.method === "HEAD") return params;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  if (type.startsWith("multipart/form-data")) {
    const form = await request.formData();
    for (const [name, value] of form) {
      if (typeof value === "string") params.set(name, value);
      else params.set(name, Buffer.from(await value.arrayBuffer()), value.name || undefined);
    }
    return params;
  }
  const body = new Uint8Array(await request.arrayBuffer());
  if (body.length > 0) parseUrlEncoded(body, params);
  return params;
}
