// The log's destination: lines wait for a batch or a short delay, and none is lost when
// the process exits with lines waiting.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it, vi } from "vitest";
import { logDestination } from "./log";

const dir = mkdtempSync(path.join(tmpdir(), "backyard-log-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = () => path.join(dir, `log-${++n}.jsonl`);
const read = (f: string) => {
  try {
    return readFileSync(f, "utf8");
  } catch {
    return "";
  }
};
const line = (i: number) => `${JSON.stringify({ msg: "request", i, pad: "x".repeat(10) })}\n`;

describe("logDestination", () => {
  it("holds lines until a batch fills, then writes them together", async () => {
    const f = file();
    // A batch is three lines.
    const d = logDestination(f, { minLength: line(1).length * 3 - 1, periodicFlush: 60_000 });
    d.write(line(1));
    d.write(line(2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read(f)).toBe("");
    d.write(line(3));
    await vi.waitFor(() => expect(read(f)).toBe(line(1) + line(2) + line(3)), { timeout: 10_000 });
    d.write(line(4));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read(f)).toBe(line(1) + line(2) + line(3));
    const done = vi.fn();
    d.flush(done);
    await vi.waitFor(() => expect(done).toHaveBeenCalledOnce(), { timeout: 10_000 });
    expect(read(f)).toBe(line(1) + line(2) + line(3) + line(4));
  });

  it("writes a lone line after periodicFlush, with no other line to push it", async () => {
    const f = file();
    const d = logDestination(f, { periodicFlush: 30 });
    d.write(line(1));
    expect(read(f)).toBe("");
    await vi.waitFor(() => expect(read(f)).toBe(line(1)), { timeout: 10_000 });
    d.write(line(2));
    await vi.waitFor(() => expect(read(f)).toBe(line(1) + line(2)), { timeout: 10_000 });
  });

  it("writes what waits when the process exits", async () => {
    const f = file();
    const child = path.join(__dirname, "fixtures", "log-then-exit.ts");
    await promisify(execFile)(process.execPath, ["--conditions", "react-server", "--import", "tsx", child, f], { cwd: path.resolve(__dirname, "../..") });
    expect(read(f)).toBe('{"msg":"last words"}\n');
  });
});
