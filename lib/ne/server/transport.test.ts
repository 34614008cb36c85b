import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { poolTransport } from "./transport";

// An upstream that closes a kept-alive connection instead of answering its second request, as one
// whose keep-alive timeout ends just as the connection is reused: with a FIN, or (`reset`) a RST.
let server: http.Server;
let base: string;
const answered: string[] = [];
/** Connections closed instead of answering a second request. */
let closedUnanswered = 0;
let reset = false;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const socket = req.socket as typeof req.socket & { served?: number };
    socket.served = (socket.served ?? 0) + 1;
    req.resume();
    req.on("end", () => {
      if (socket.served! > 1) {
        closedUnanswered++;
        if (reset) socket.resetAndDestroy();
        else socket.destroy();
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
  const answer = await poolTransport(new URL(path, base), new TextEncoder().encode("a=1") as Uint8Array<ArrayBuffer>, { "content-type": "application/x-www-form-urlencoded" }, new AbortController().signal);
  return (await answer.bytes()).toString();
};

describe("poolTransport", () => {
  it.each([
    ["closed", false],
    ["reset", true],
  ])("sends a call again, once, on a new connection when the kept-alive one was %s by the upstream", async (_, withReset) => {
    reset = withReset;
    closedUnanswered = 0;
    answered.length = 0;
    expect(await post("/first")).toBe("ok /first");
    // The pool reuses an idle connection once it has checked it (a turn of the event loop after
    // the answer; until then it opens another): calls go one by one until one met a closed
    // connection, and every one of them is answered all the same.
    const paths: string[] = [];
    for (let i = 0; i < 20 && closedUnanswered === 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20));
      const path = `/next-${i}`;
      paths.push(path);
      expect(await post(path)).toBe(`ok ${path}`);
    }
    expect(closedUnanswered).toBeGreaterThan(0);
    expect(answered).toEqual(["/first", ...paths]);
  });

  it("does not send again an error that is not a closed kept-alive connection", async () => {
    const refused = poolTransport(new URL("http://127.0.0.1:1/"), new Uint8Array() as Uint8Array<ArrayBuffer>, {}, new AbortController().signal);
    await expect(refused).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});

describe("poolTransport on a new connection", () => {
  it("does not send again a call whose own connection was reset before any answer (the upstream may have read it)", async () => {
    let received = 0;
    const rude = http.createServer((req) => {
      received++;
      req.resume();
      req.on("end", () => req.socket.resetAndDestroy());
    });
    await new Promise<void>((resolve) => rude.listen(0, "127.0.0.1", resolve));
    try {
      const url = new URL("/once", `http://127.0.0.1:${(rude.address() as AddressInfo).port}`);
      await expect(poolTransport(url, new TextEncoder().encode("a=1") as Uint8Array<ArrayBuffer>, {}, new AbortController().signal)).rejects.toMatchObject({ code: "ECONNRESET" });
      expect(received).toBe(1);
    } finally {
      rude.closeAllConnections();
      await new Promise((resolve) => rude.close(resolve));
    }
  });
});

describe("poolTransport's idle connections", () => {
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
    const call = async (p: string) => (await (await poolTransport(url(p), new Uint8Array() as Uint8Array<ArrayBuffer>, {}, new AbortController().signal)).bytes()).toString();
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
