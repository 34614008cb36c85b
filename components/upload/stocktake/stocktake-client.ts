// The page's side of one stocktake's Web Worker: each step is a request answered by one message,
// one step at a time (the card awaits each).
import type { StocktakeStock } from "@/lib/csv";
import type { WorkerSource } from "../worker-protocol";
import type { PreparedStocktake, StocktakeAnswer, StocktakeChanges, StocktakeReadAnswer, StocktakeRequest, StocktakeView, UnmentionedChoice } from "./stocktake-protocol";

/** The smallest part of a Worker this uses (a fake one in tests). */
export interface StocktakeWorkerLike {
  postMessage(message: StocktakeRequest): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<StocktakeAnswer>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export function startStocktakeWorker(): StocktakeWorkerLike {
  // Bundled by Turbopack (dev and build) as its own chunk, as upload-reader.ts's worker.
  return new Worker(new URL("./stocktake-worker.ts", import.meta.url), { type: "module" });
}

export class StocktakeClientError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StocktakeClientError";
  }
}

export class StocktakeClient {
  private pending: { resolve: (m: StocktakeAnswer) => void; reject: (e: Error) => void } | null = null;
  private ended = false;

  constructor(private readonly worker: StocktakeWorkerLike = startStocktakeWorker()) {
    worker.onmessage = (event) => {
      const pending = this.pending;
      this.pending = null;
      if (!pending) return;
      if (event.data.type === "failed") pending.reject(new StocktakeClientError(event.data.message));
      else pending.resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new StocktakeClientError(event.message || "worker error"));
    };
  }

  private async request<T extends StocktakeAnswer["type"]>(message: StocktakeRequest, type: T): Promise<Extract<StocktakeAnswer, { type: T }>> {
    if (this.ended) throw new StocktakeClientError("ended");
    if (this.pending) throw new StocktakeClientError("busy");
    const answer = await new Promise<StocktakeAnswer>((resolve, reject) => {
      this.pending = { resolve, reject };
      this.worker.postMessage(message);
    });
    if (answer.type !== type) throw new StocktakeClientError(`unexpected ${answer.type}`);
    return answer as Extract<StocktakeAnswer, { type: T }>;
  }

  async read(source: WorkerSource, maxBytes: number): Promise<StocktakeReadAnswer> {
    return (await this.request({ type: "read", source, maxBytes }, "preview")).answer;
  }

  async compute(stock: StocktakeStock): Promise<StocktakeView> {
    return (await this.request({ type: "compute", stock }, "computed")).view;
  }

  async restock(stock: StocktakeStock): Promise<StocktakeChanges> {
    return (await this.request({ type: "restock", stock }, "restocked")).changes;
  }

  async prepare(unmentioned: UnmentionedChoice, reason: string, excludeErrors: boolean): Promise<PreparedStocktake> {
    return (await this.request({ type: "prepare", unmentioned, reason, excludeErrors }, "prepared")).prepared;
  }

  async report(locale: "ja" | "en"): Promise<string> {
    return (await this.request({ type: "report", locale }, "report")).csv;
  }

  /** Frees the file's memory; a step still waiting rejects. */
  end(): void {
    this.ended = true;
    this.worker.terminate();
    this.pending?.reject(new StocktakeClientError("ended"));
    this.pending = null;
  }
}
