// The stocktake card's worker client over a fake worker that runs the real session: each step is
// one message answered by one, a second step while one waits is refused, a failure in the worker
// rejects the step, and ending the client rejects what waits.
import { describe, expect, it } from "vitest";
import { buildStocktakeStock } from "@/lib/csv";
import { StocktakeClient, type StocktakeWorkerLike } from "./stocktake-client";
import type { StocktakeAnswer, StocktakeRequest } from "./stocktake-protocol";
import { StocktakeSession } from "./stocktake-session";

/** A worker in this thread: the session answers each message (structured-cloned as postMessage would). */
function fakeWorker(): StocktakeWorkerLike & { posted: StocktakeRequest["type"][]; terminated: boolean } {
  const session = new StocktakeSession();
  const worker = {
    posted: [] as StocktakeRequest["type"][],
    terminated: false,
    onmessage: null as ((event: MessageEvent<StocktakeAnswer>) => void) | null,
    onerror: null as ((event: ErrorEvent) => void) | null,
    postMessage(message: StocktakeRequest) {
      worker.posted.push(message.type);
      const copy = message.type === "read" ? message : structuredClone(message);
      const run = async (): Promise<StocktakeAnswer> => {
        switch (copy.type) {
          case "read":
            return { type: "preview", answer: await session.readSource(copy.source, copy.maxBytes) };
          case "compute":
            return { type: "computed", view: session.compute(copy.stock) };
          case "restock":
            return { type: "restocked", changes: session.restock(copy.stock) };
          case "prepare":
            return { type: "prepared", prepared: await session.prepare(copy) };
          case "report":
            return { type: "report", csv: session.report(copy.locale) };
        }
      };
      run().then(
        (answer) => worker.onmessage?.({ data: structuredClone(answer) } as MessageEvent<StocktakeAnswer>),
        (error: unknown) => worker.onmessage?.({ data: { type: "failed", message: String(error) } } as MessageEvent<StocktakeAnswer>),
      );
    },
    terminate() {
      worker.terminated = true;
    },
  };
  return worker;
}

const FILE = "kyoten_mei,syohin_code,tanaoroshi_su\r\n東京倉庫,A,12\r\n東京倉庫,B,3\r\n";
const stock = (a: number) =>
  buildStocktakeStock(
    new Map([["東京倉庫", "2"]]),
    [
      { warehouse: "東京倉庫", code: "A", quantity: a, allocated: 0 },
      { warehouse: "東京倉庫", code: "B", quantity: 3, allocated: 0 },
    ],
    new Set(["A", "B"]),
  );

describe("StocktakeClient", () => {
  it("read, compute, restock, prepare: one message each, answers as the session gives them", async () => {
    const worker = fakeWorker();
    const client = new StocktakeClient(worker);
    const read = await client.read({ type: "text", text: FILE }, 1 << 20);
    expect(read.ok && read.preview.needs).toEqual({ goodsCodes: ["A", "B"], warehouseNames: ["東京倉庫"] });
    const view = await client.compute(stock(10));
    expect(view.counts).toEqual({ error: 0, up: 1, down: 0, none: 1 });
    const changes = await client.restock(stock(14));
    expect(changes.changed.map((c) => [c.line, c.before.quantity, c.now.quantity, c.difference])).toEqual([[2, 10, 14, -2]]);
    const prepared = await client.prepare("leave", "棚卸", false);
    expect(prepared.type === "ready" && prepared.rows).toBe(1);
    expect(worker.posted).toEqual(["read", "compute", "restock", "prepare"]);
  });

  it("a second step while one waits is refused; a failure in the worker rejects; end rejects what waits and stops the worker", async () => {
    const worker = fakeWorker();
    const client = new StocktakeClient(worker);
    await expect(client.compute(stock(1))).rejects.toThrow(/compute before read/);
    const reading = client.read({ type: "text", text: FILE }, 1 << 20);
    await expect(client.report("ja")).rejects.toThrow(/busy/);
    await reading;
    const waiting = client.compute(stock(1));
    client.end();
    await expect(waiting).rejects.toThrow(/ended/);
    expect(worker.terminated).toBe(true);
    await expect(client.read({ type: "text", text: FILE }, 1 << 20)).rejects.toThrow(/ended/);
  });
});
