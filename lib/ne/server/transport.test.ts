import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { nodeHttpTransport } from "./transport";

// An upstream that closes a kept-alive connection instead of answering its second request, as one
// whose keep-alive timeout ends just as the connection is reused.
let server: http.Server;
let base: string;
const answered: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    req.resume();
    req.on("end", () => {
      if (socket.served! > 1) {
        socket.destroy();
        return;
      }
      answered.push(req.url ?? "");
      res.writeHead(200, { "content-type": "text/plain" }).end(`ok ${req.url}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const post = async (path: string) => {
  const answer = await nodeHttpTransport(new URL(path, base), new TextEncoder().encode("a=1") as Uint8Array<ArrayBuffer>, { "content-type": "application/x-www-form-urlencoded" }, new AbortController().signal);
  return (await answer.bytes()).toString();
};

describe("nodeHttpTransport", () => {
  it("sends a call again, once, on a new connection when the kept-alive one was closed by the upstream", async () => {
    expect(await post("/first")).toBe("ok /first");
    expect(await post("/second")).toBe("ok /second");
    expect(answered).toEqual(["/first", "/second"]);
  });

  it("does not send again an error that is not a closed kept-alive connection", async () => {
    const refused = nodeHttpTransport(new URL("http://127.0.0.1:1/"), new Uint8Array() as Uint8Array<ArrayBuffer>, {}, new AbortController().signal);
    await expect(refused).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});

describe("nodeHttpTransport's idle connections", () => {
  it("are closed by us within seconds, well before an upstream that keeps them a minute; a slower answer still arrives", async () => {
    const closed: number[] = [];
    const slow = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => setTimeout(() => res.end("late"), req.url === "/slow" ? 4_500 : 0));
    });
    slow.keepAliveTimeout = 60_000;
    slow.on("connection", (socket) => socket.on("close", () => closed.push(Date.now())));
    await new Promise<void>((resolve) => slow.listen(0, "127.0.0.1", resolve));
    const url = (p: string) => new URL(p, `http://127.0.0.1:${(slow.address() as AddressInfo).port}`);
    const call = async (p: string) => (await (await nodeHttpTransport(url(p), new Uint8Array() as Uint8Array<ArrayBuffer>, {}, new AbortController().signal)).bytes()).toString();
    try {
      // An answer that takes longer than the idle limit is not cut off by it.
      expect(await call("/slow")).toBe("late");
      const answered = Date.now();
      // Then the connection sits idle: it closes long before the upstream's 60 s.
      await expect.poll(() => closed.length, { timeout: 20_000, interval: 250 }).toBe(1);
      expect(closed[0]! - answered).toBeLessThan(30_000);
    } finally {
      slow.closeAllConnections();
      await new Promise((resolve) => slow.close(resolve));
    }
  });
});
