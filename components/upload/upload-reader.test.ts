// The page's side of a file's worker: requests asked while one is answered wait their turn (a
// download asked while the goods diff is compared), each gets its own answer, and a failure
// answers only its own request.
import { describe, expect, it } from "vitest";
import { UploadReader, type WorkerLike } from "./upload-reader";
import type { FromWorker, ToWorker } from "./worker-protocol";

class FakeWorker implements WorkerLike {
  sent: ToWorker[] = [];
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null = null;
  onerror: ((event: ErrorEvent) => void) | null = null;
  terminated = false;
  postMessage(message: ToWorker): void {
    this.sent.push(message);
  }
  terminate(): void {
    this.terminated = true;
  }
  answer(message: FromWorker): void {
    this.onmessage?.({ data: message } as MessageEvent<FromWorker>);
  }
}

const tick = () => new Promise((r) => setTimeout(r, 0));

describe("the upload reader", () => {
  it("sends the next request only once the last is answered, in order", async () => {
    const worker = new FakeWorker();
    const reader = new UploadReader(worker);
    const diffCsv = reader.goodsDiffCsv("en", false);
    const report = reader.report("ja");
    const failing = reader.goodsNeeds();
    await tick();
    expect(worker.sent).toEqual([{ type: "goods-diff-csv", locale: "en", excludeErrors: false }]);
    worker.answer({ type: "goods-diff-csv", csv: "diff" });
    expect(await diffCsv).toBe("diff");
    await tick();
    expect(worker.sent.at(-1)).toEqual({ type: "report", locale: "ja" });
    worker.answer({ type: "report", csv: "problems" });
    expect(await report).toBe("problems");
    await tick();
    expect(worker.sent.at(-1)).toEqual({ type: "goods-needs" });
    worker.answer({ type: "failed", message: "goods needs before a goods file is read" });
    await expect(failing).rejects.toThrow("goods needs before");
    const after = reader.goodsDiff(true);
    await tick();
    expect(worker.sent.at(-1)).toEqual({ type: "goods-diff", excludeErrors: true });
    reader.end();
    await expect(after).rejects.toThrow("ended");
    await expect(reader.report("en")).rejects.toThrow("ended");
    expect(worker.terminated).toBe(true);
  });
});
