// The e2e server's JSON log (playwright.config.ts sets LOG_FILE): the lines written since a mark.
import { existsSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

export const serverLogFile = path.resolve(`test-results/server-log-${process.env.E2E_PORT ?? 3100}.jsonl`);

export type LogLine = Record<string, unknown> & { msg?: string; requestId?: string };

export class ServerLog {
  private constructor(private readonly from: number) {}

  /** A mark at the log's current end: later reads see only what is written after it. */
  static mark(): ServerLog {
    return new ServerLog(existsSync(serverLogFile) ? statSync(serverLogFile).size : 0);
  }

  /** The raw text written since the mark. */
  text(): string {
    if (!existsSync(serverLogFile)) return "";
    return readFileSync(serverLogFile).subarray(this.from).toString("utf8");
  }

  lines(): LogLine[] {
    return this.text()
      .split("\n")
      .filter((l) => l.trim())
      .map((l) => JSON.parse(l) as LogLine);
  }
}
