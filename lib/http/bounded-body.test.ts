import { PassThrough, Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { BodyTooLargeError, readBoundedBytes, readBoundedText } from "./bounded-body";

const headers = (entries: Record<string, string> = {}) => ({ get: (name: string) => entries[name.toLowerCase()] ?? null });

describe("readBoundedBytes over Node's stream (the BFF's Pages route)", () => {
  it("reads every chunk, in order", async () => {
    const body = Readable.from([Buffer.from('{"a":'), Buffer.from('"日本'), Buffer.from('語"}')], { objectMode: false });
    expect(await readBoundedText({ headers: headers(), body }, 1024)).toBe('{"a":"日本語"}');
  });

  it("stops at the limit, leaving the rest unread and the stream alive (the 413 can still be written)", async () => {
    const body = new PassThrough();
    const reading = readBoundedBytes({ headers: headers(), body }, 10);
    body.write(Buffer.alloc(6));
    body.write(Buffer.alloc(6));
    await expect(reading).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(body.destroyed).toBe(false);
    expect(body.isPaused()).toBe(true);
    expect(body.listenerCount("data")).toBe(0);
  });

  it("refuses a declared Content-Length over the limit before reading", async () => {
    const body = new PassThrough();
    await expect(readBoundedBytes({ headers: headers({ "content-length": "11" }), body }, 10)).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(body.listenerCount("data")).toBe(0);
  });

  it("fails when the stream errs or closes before its end", async () => {
    const failing = new PassThrough();
    const reading = readBoundedBytes({ headers: headers(), body: failing }, 100);
    failing.write("{");
    failing.destroy(new Error("socket hang up"));
    await expect(reading).rejects.toThrow("socket hang up");

    const closed = new PassThrough();
    const cut = readBoundedBytes({ headers: headers(), body: closed }, 100);
    closed.write("{");
    closed.destroy();
    await expect(cut).rejects.toThrow(/closed before its body ended/);
  });

  it("answers no bytes for a stream already read to its end", async () => {
    const body = new PassThrough();
    body.end();
    body.resume();
    await new Promise((resolve) => body.once("end", resolve));
    expect((await readBoundedBytes({ headers: headers(), body }, 10)).byteLength).toBe(0);
  });
});
