// The server's look at a batch before it is stored: its gzip unzipped as a stream that stops at
// what the batch's rows may hold (lib/csv batchTextCap: never inflated whole), UTF-8, its sha256,
// then the CSV reader's re-check. What comes back is small whatever the batch held: counts, and
// at most MAX_PROBLEMS problems with their values and reasons cut short. It runs in a worker
// thread of check-pool.ts (check-worker.ts), or in the calling thread for tests with a stand-in
// check; it imports no server-only module for that reason (the worker is not a React server).
import { createHash } from "node:crypto";
import { createGunzip } from "node:zlib";
import { batchTextCap, MAX_ROW_BYTES, type CsvProblem, type UploadKind } from "@/lib/csv";

export type CheckBatch = (kind: UploadKind, text: string) => { rows: number; problems: CsvProblem[] };

/** Most problems an answer lists (the page has the full report from its own check). */
export const MAX_PROBLEMS = 100;
/** A problem's value and reasons in an answer are cut to this many characters. */
export const MAX_PROBLEM_TEXT = 200;

export interface InspectRequest {
  kind: UploadKind;
  gz: Uint8Array;
  /** The rows the page says the batch holds (the unzip cap is what they may hold). */
  rows: number;
  sha256: string;
}

export interface InspectFailure {
  status: number;
  code: string;
  message: string;
  extra?: Record<string, unknown>;
  /** A refusal for now (busy): the answer's Retry-After. */
  retryAfterS?: number;
}

export type Inspection = { ok: true; rows: number; warnings: CsvProblem[] } | { ok: false; failure: InspectFailure };

const cut = (text: string) => (text.length > MAX_PROBLEM_TEXT ? `${text.slice(0, MAX_PROBLEM_TEXT)}…` : text);

/** A problem as an answer carries it: value and reasons at most MAX_PROBLEM_TEXT characters. */
export function shortProblem(p: CsvProblem): CsvProblem {
  return { ...p, value: p.value === null ? null : cut(p.value), reason: { ja: cut(p.reason.ja), en: cut(p.reason.en) } };
}

type Unzipped = { text: string; sha256: string } | { failure: InspectFailure };

/**
 * The gzip's text (UTF-8) and the sha256 of its bytes, or a failure once more than `cap` bytes
 * came out (the inflating stops there). Each piece is hashed and decoded as it comes and then
 * dropped: the batch's bytes are never held whole beside its text.
 */
function unzipBounded(gz: Uint8Array, cap: number): Promise<Unzipped> {
  return new Promise((resolve) => {
    const pieces: string[] = [];
    const hash = createHash("sha256");
    const decoder = new TextDecoder("utf-8", { fatal: true });
    let total = 0;
    let settled = false;
    const inflate = createGunzip({ chunkSize: 64 * 1024 });
    const settle = (outcome: Unzipped) => {
      if (settled) return;
      settled = true;
      pieces.length = 0;
      if ("failure" in outcome) inflate.destroy();
      resolve(outcome);
    };
    inflate.on("data", (chunk: Buffer) => {
      if (settled) return;
      total += chunk.length;
      if (total > cap) {
        settle({ failure: { status: 422, code: "batch-too-large", message: `the batch unzips to more than ${cap} bytes, the most its rows may hold` } });
        return;
      }
      hash.update(chunk);
      try {
        pieces.push(decoder.decode(chunk, { stream: true }));
      } catch {
        settle({ failure: { status: 422, code: "not-utf8", message: "a stored batch must be UTF-8 text" } });
      }
    });
    inflate.on("end", () => {
      try {
        pieces.push(decoder.decode());
      } catch {
        settle({ failure: { status: 422, code: "not-utf8", message: "a stored batch must be UTF-8 text" } });
        return;
      }
      settle({ text: pieces.join(""), sha256: hash.digest("hex") });
    });
    inflate.on("error", () => settle({ failure: { status: 422, code: "bad-gzip", message: "the batch's gzip data is damaged" } }));
    inflate.end(gz);
  });
}

export async function inspectBatch(request: InspectRequest, checkBatch: CheckBatch): Promise<Inspection> {
  const { kind, gz } = request;
  if (gz[0] !== 0x1f || gz[1] !== 0x8b) return { ok: false, failure: { status: 422, code: "not-gzip", message: "the batch is not gzip data" } };
  const cap = batchTextCap(kind, request.rows);
  const unzipped = await unzipBounded(gz, cap);
  if ("failure" in unzipped) {
    const failure = unzipped.failure;
    if (failure.code === "batch-too-large") {
      failure.extra = { maxBytes: cap, rows: request.rows, maxRowBytes: MAX_ROW_BYTES[kind] };
    }
    return { ok: false, failure };
  }
  const { text } = unzipped;
  if (unzipped.sha256 !== request.sha256) {
    return { ok: false, failure: { status: 422, code: "sha256-mismatch", message: "the batch's text does not match its sha256: it changed on the way" } };
  }
  const check = checkBatch(kind, text);
  const errors = check.problems.filter((p) => p.severity === "error");
  if (errors.length > 0) {
    return {
      ok: false,
      failure: {
        status: 422,
        code: "batch-problems",
        // The worker's check stops after MAX_PROBLEMS errors: a count that reached it is a floor.
        message: `the server's check found ${errors.length >= MAX_PROBLEMS ? `${MAX_PROBLEMS} or more errors` : `${errors.length} error${errors.length > 1 ? "s" : ""}`} in the batch`,
        extra: { problems: errors.slice(0, MAX_PROBLEMS).map(shortProblem) },
      },
    };
  }
  const warnings = check.problems
    .filter((p) => p.severity === "warning")
    .slice(0, MAX_PROBLEMS)
    .map(shortProblem);
  return { ok: true, rows: check.rows, warnings };
}
