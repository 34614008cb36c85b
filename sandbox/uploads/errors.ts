// Why an upload failed, in the words que_message shows: Japanese first, then English in
// parentheses, naming the line (1 = the header), the column (1-based, with its header name) and
// the reason. A file-level problem names neither.

export interface Reason {
  ja: string;
  en: string;
}

export interface ColumnRef {
  /** 1-based position in the line. */
  index: number;
  /** Header name of the column, when the header has one there. */
  name?: string;
}

export class UploadError extends Error {
  constructor(
    readonly reason: Reason,
    readonly line?: number,
    readonly column?: ColumnRef,
  ) {
    super(formatProblem(reason, line, column));
    this.name = "UploadError";
  }
}

/** Several problems of one file (row checks go on after the first one, up to a limit). */
export class UploadErrors extends Error {
  constructor(readonly problems: readonly UploadError[], readonly more: number) {
    super(problems.map((p) => p.message).join("\n") + (more > 0 ? `\nほか${more}件のエラーがあります (and ${more} more errors)` : ""));
    this.name = "UploadErrors";
  }
}

export function formatProblem(reason: Reason, line?: number, column?: ColumnRef): string {
  if (line === undefined) return `${reason.ja} (${reason.en})`;
  if (!column) return `${line}行目: ${reason.ja} (line ${line}: ${reason.en})`;
  const ja = column.name ? `${column.index}列目[${column.name}]` : `${column.index}列目`;
  const en = column.name ? `column ${column.index} "${column.name}"` : `column ${column.index}`;
  return `${line}行目 ${ja}: ${reason.ja} (line ${line}, ${en}: ${reason.en})`;
}

export const reason = (ja: string, en: string): Reason => ({ ja, en });

/** Collects row problems; throws when there are any. */
export class ProblemList {
  private readonly problems: UploadError[] = [];
  private skipped = 0;
  constructor(private readonly max = 20) {}

  add(problem: UploadError): void {
    if (this.problems.length < this.max) this.problems.push(problem);
    else this.skipped++;
  }

  get size(): number {
    return this.problems.length + this.skipped;
  }

  throwIfAny(): void {
    if (this.problems.length === 0) return;
    if (this.problems.length === 1 && this.skipped === 0) throw this.problems[0] as UploadError;
    throw new UploadErrors(this.problems, this.skipped);
  }
}
