import { describe, expect, it } from "vitest";
import { BodyTooLargeError, readBoundedBytes, readBoundedText } from "./bounded-body";

const encoder = { encode: (text: string) => new Uint8Array(Buffer.from(text)) };

/** A request whose body arrives in `chunks`, with the stream's controller to add or fail more. */
function streamed(chunks: string[], headers: Record<string, string> = {}) {
  let controller!: ReadableStreamDefaultController<Uint8Array<ArrayBuffer>>;
  let pulled = 0;
  const body = new ReadableStream<Uint8Array<ArrayBuffer>>({
    start(c) {
      controller = c;
      for (const chunk of chunks) c.enqueue(encoder.encode(chunk));
    },
    pull() {
      pulled += 1;
    },
  });
  return { request: { headers: new Headers(headers), body }, controller, body, pulls: () => pulled };
}

describe("readBoundedBytes", () => {
  it("reads every chunk, in order", async () => {
    const { request, controller } = streamed(['{"a":', '"日本', '語"}']);
    controller.close();
    expect(await readBoundedText(request, 1024)).toBe('{"a":"日本語"}');
  });

  it("stops at the limit and leaves the rest of the stream unread, not cancelled (the 413 can still be written)", async () => {
    const { request, controller, body } = streamed(["123456", "123456"]);
    await expect(readBoundedBytes(request, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    // Still open and readable: the reader's lock was released and nothing cancelled it.
    expect(body.locked).toBe(false);
    controller.enqueue(encoder.encode("more"));
    const rest = await body.getReader().read();
    expect(new TextDecoder().decode(rest.value)).toBe("more");
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const { request, body } = streamed(["x"], { "content-length": "11" });
    await expect(readBoundedBytes(request, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(body.locked).toBe(false);
    expect((await body.getReader().read()).value?.byteLength).toBe(1);
  });

  it("fails when the stream errs before its end", async () => {
    const { request, controller } = streamed(["{"]);
    const reading = readBoundedBytes(request, 100);
    controller.error(new Error("socket hang up"));
    await expect(reading).rejects.toThrow("socket hang up");
  });

  it("answers no bytes for a request without a body", async () => {
    expect((await readBoundedBytes({ headers: new Headers(), body: null }, 10)).byteLength).toBe(0);
  });
});
