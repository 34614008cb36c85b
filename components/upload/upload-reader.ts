// The page's side of one file's Web Worker: each step is a request answered by one message.
// Requests go to the worker one at a time, in the order asked (a download asked while the goods
// diff is computed waits for it), so one pending answer is enough.
import type { UploadKind, UploadLookups } from "@/lib/csv/types";
import type { CurrentGoods, GoodsDiffNeeds } from "@/lib/csv/goods-diff";
import type { CheckSummary, FromWorker, GoodsDiffView, PackedProblems, PreparedBatches, ToWorker, UploadPreview, WorkerSource } from "./worker-protocol";
import type { CsvRefusal } from "@/lib/csv/types";

/** The smallest part of a Worker this uses (a fake one in tests). */
export interface WorkerLike {
  postMessage(message: ToWorker): void;
  terminate(): void;
  onmessage: ((event: MessageEvent<FromWorker>) => void) | null;
  onerror: ((event: ErrorEvent) => void) | null;
}

export function startUploadWorker(): WorkerLike {
  // Bundled by Turbopack (dev and build) as its own chunk; see components/upload/README.md.
  return new Worker(new URL("./upload-worker.ts", import.meta.url), { type: "module" });
}

export class UploadReaderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "UploadReaderError";
  }
}

export class UploadReader {
  private pending: { resolve: (m: FromWorker) => void; reject: (e: Error) => void } | null = null;
  private ended = false;
  /** The request before the next one: settled once its answer came. */
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly worker: WorkerLike = startUploadWorker()) {
    worker.onmessage = (event) => {
      const pending = this.pending;
      this.pending = null;
      if (!pending) return;
      if (event.data.type === "failed") pending.reject(new UploadReaderError(event.data.message));
      else pending.resolve(event.data);
    };
    worker.onerror = (event) => {
      event.preventDefault();
      const pending = this.pending;
      this.pending = null;
      pending?.reject(new UploadReaderError(event.message || "worker error"));
    };
  }

  private request(message: ToWorker): Promise<FromWorker> {
    if (this.ended) return Promise.reject(new UploadReaderError("ended"));
    const answer = this.queue.then(
      () =>
        new Promise<FromWorker>((resolve, reject) => {
          if (this.ended) return reject(new UploadReaderError("ended"));
          this.pending = { resolve, reject };
          this.worker.postMessage(message);
        }),
    );
    this.queue = answer.catch(() => undefined);
    return answer;
  }

  async read(kind: UploadKind, source: WorkerSource): Promise<{ ok: true; preview: UploadPreview } | { ok: false; refusal: CsvRefusal }> {
    const answer = await this.request({ type: "read", kind, source });
    if (answer.type === "preview") return { ok: true, preview: answer.preview };
    if (answer.type === "refused") return { ok: false, refusal: answer.refusal };
    throw new UploadReaderError(`unexpected ${answer.type}`);
  }

  async check(lookups: UploadLookups): Promise<{ problems: PackedProblems; summary: CheckSummary }> {
    const answer = await this.request({ type: "check", lookups });
    if (answer.type !== "checked") throw new UploadReaderError(`unexpected ${answer.type}`);
    return { problems: answer.problems, summary: answer.summary };
  }

  async batches(excludeErrors: boolean): Promise<PreparedBatches> {
    const answer = await this.request({ type: "batches", excludeErrors });
    if (answer.type !== "batches") throw new UploadReaderError(`unexpected ${answer.type}`);
    return answer.prepared;
  }

  async report(locale: "ja" | "en"): Promise<string> {
    const answer = await this.request({ type: "report", locale });
    if (answer.type !== "report") throw new UploadReaderError(`unexpected ${answer.type}`);
    return answer.csv;
  }

  /** What a goods file's diff reads: its codes and compared columns. */
  async goodsNeeds(): Promise<GoodsDiffNeeds> {
    const answer = await this.request({ type: "goods-needs" });
    if (answer.type !== "goods-needs") throw new UploadReaderError(`unexpected ${answer.type}`);
    return answer.needs;
  }

  /** The goods diff of the rows to send (`current` once; the worker keeps it for later choices). */
  async goodsDiff(excludeErrors: boolean, current?: CurrentGoods): Promise<GoodsDiffView> {
    const answer = await this.request(current ? { type: "goods-diff", current, excludeErrors } : { type: "goods-diff", excludeErrors });
    if (answer.type !== "goods-diff") throw new UploadReaderError(`unexpected ${answer.type}`);
    return answer.view;
  }

  async goodsDiffCsv(locale: "ja" | "en", excludeErrors: boolean): Promise<string> {
    const answer = await this.request({ type: "goods-diff-csv", locale, excludeErrors });
    if (answer.type !== "goods-diff-csv") throw new UploadReaderError(`unexpected ${answer.type}`);
    return answer.csv;
  }

  /** Frees the file's memory; any step still waiting rejects. */
  end(): void {
    this.ended = true;
    this.worker.terminate();
    this.pending?.reject(new UploadReaderError("ended"));
    this.pending = null;
  }
}
