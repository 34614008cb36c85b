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
