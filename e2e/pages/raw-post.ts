// A JSON POST through Node's own client, which leaves the body as it came on the wire
// (Playwright's request context decodes compressed answers).
import http from "node:http";

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export function postRaw(url: string, body: unknown, headers: Record<string, string>): Promise<RawAnswer> {
  const data = Buffer.from(JSON.stringify(body));
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", headers: { "content-type": "application/json", "content-length": String(data.byteLength), ...headers } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.end(data);
  });
}
