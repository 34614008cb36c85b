// The stocktake card's Web Worker: reads one stocktake file, compares it with the stock the page
// sends, and prepares the upload of its differences (./stocktake-session.ts), so a 100,000-row
// count never holds up the page. Started like upload-worker.ts and bundled the same way by
// Turbopack as a classic worker: no import.meta and no top-level await here
// (components/upload/README.md). Protocol: ./stocktake-protocol.ts.
import type { StocktakeAnswer, StocktakeRequest } from "./stocktake-protocol";
import { StocktakeSession, viewTransfers } from "./stocktake-session";

// The worker's global scope, typed by what this file uses (the project's lib is the DOM's).
interface WorkerScope {
  onmessage: ((event: MessageEvent<StocktakeRequest>) => void) | null;
  postMessage(message: StocktakeAnswer, transfer?: Transferable[]): void;
}
const scope = self as unknown as WorkerScope;
const session = new StocktakeSession();

async function answer(message: StocktakeRequest): Promise<[StocktakeAnswer, Transferable[]]> {
  switch (message.type) {
    case "read":
      return [{ type: "preview", answer: await session.readSource(message.source, message.maxBytes) }, []];
    case "compute": {
      const view = session.compute(message.stock);
      return [{ type: "computed", view }, viewTransfers(view)];
    }
    case "restock": {
      const changes = session.restock(message.stock);
      return [{ type: "restocked", changes }, viewTransfers(changes.view)];
    }
    case "prepare":
      return [{ type: "prepared", prepared: await session.prepare(message) }, []];
    case "report":
      return [{ type: "report", csv: session.report(message.locale) }, []];
  }
}

scope.onmessage = (event) => {
  answer(event.data).then(
    ([message, transfer]) => scope.postMessage(message, transfer),
    (error: unknown) => scope.postMessage({ type: "failed", message: error instanceof Error ? error.message : String(error) }),
  );
};
