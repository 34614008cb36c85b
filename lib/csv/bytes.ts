// Byte helpers shared by the browser's Worker and the server: gzip through the platform's
// CompressionStream (no node:zlib), sha256 through crypto.subtle (no node:crypto).

/** A copy backed by a plain ArrayBuffer (what Blob, crypto.subtle and the DOM types ask for). */
function plain(bytes: Uint8Array): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(bytes.length);
  out.set(bytes);
  return out;
}

async function pipe(bytes: Uint8Array, transform: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const stream = new Blob([plain(bytes)]).stream().pipeThrough(transform);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** gzip of the text's UTF-8 bytes. */
export function gzipText(text: string): Promise<Uint8Array> {
  return pipe(new TextEncoder().encode(text), new CompressionStream("gzip"));
}

/** The UTF-8 text of gzip bytes; a corrupt or truncated stream rejects. */
export async function gunzipToText(bytes: Uint8Array): Promise<string> {
  const raw = await pipe(bytes, new DecompressionStream("gzip"));
  return new TextDecoder("utf-8", { fatal: true }).decode(raw);
}

/** sha256 in lower-case hex, of the bytes or of the string's UTF-8 bytes. */
export async function sha256Hex(bytes: Uint8Array | string): Promise<string> {
  const data = typeof bytes === "string" ? new TextEncoder().encode(bytes) : plain(bytes);
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", data));
  let hex = "";
  for (const b of digest) hex += b.toString(16).padStart(2, "0");
  return hex;
}

/** UTF-8 bytes of a text, optionally after a BOM (what Excel needs to read UTF-8). */
export function utf8Bytes(text: string, bom: boolean): Uint8Array {
  const body = new TextEncoder().encode(text);
  if (!bom) return body;
  const out = new Uint8Array(body.length + 3);
  out.set([0xef, 0xbb, 0xbf]);
  out.set(body, 3);
  return out;
}
