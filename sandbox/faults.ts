// Injected faults (test controls): per path, an error answer (any code, e.g. 003001 or 004001), a
// maintenance answer (003004/003005, before authentication), a busy answer (003002 unless
// wait_flag=1), an HTTP 500, a malformed JSON body, an incomplete answer (`result: success` with
// neither `data` nor `count`), a `result: redirect` answer (as for an expired access token sent
// without its refresh token) or a delay; each fires with probability `rate` and, with `times`,
// only that many times.
import { z } from "zod";
import { NE_CODES } from "../lib/ne/codes";
import { normalizePath } from "./registry";

export const FAULT_KINDS = ["error", "maintenance", "busy", "http500", "malformed", "incomplete", "redirect", "delay"] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

/** The codes a `maintenance` fault answers: the API's (003004, the default) and the main function's (003005). */
export const MAINTENANCE_CODES: readonly string[] = [NE_CODES.maintenance, NE_CODES.maintenanceMain];

/**
 * The message an injected error answers when the fault names none. The real texts are not public:
 * these say in Japanese what the developer site says the code means, then the same in English.
 */
const FAULT_MESSAGES: Readonly<Record<string, string>> = {
  [NE_CODES.noConnection]:
    "サーバーに接続できませんでした。しばらく時間をおいてから再度実行してください (no server connection even after waiting: try again later)",
  [NE_CODES.busy]: "メイン機能が混雑しています。しばらく時間をおいてから再度実行してください (main function busy: try again later)",
  [NE_CODES.maintenance]:
    "現在APIはメンテナンス中です。メンテナンス終了後に再度実行してください (the API is in maintenance: try again when it is over)",
  [NE_CODES.maintenanceMain]:
    "現在メイン機能はメンテナンス中です。メンテナンス終了後に再度実行してください (the main function is in maintenance: try again when it is over)",
  [NE_CODES.forbidden]:
    "このAPIを利用する権限がありません。アプリのAPI設定を確認してください (the app's API settings do not allow this operation)",
  [NE_CODES.systemError]: "システムエラーが発生しました (system error)",
};

export function faultMessage(code: string): string {
  return FAULT_MESSAGES[code] ?? "障害を注入しました (injected fault)";
}

export const faultSchema = z.object({
  /** Operation path (trailing slash ignored), or `*` for every API path. */
  path: z.string().min(1),
  kind: z.enum(FAULT_KINDS),
  /** Error code of an `error` fault (default 999999) or a `maintenance` fault (003004 or 003005, default 003004). */
  code: z.string().regex(/^\d{6}$/).optional(),
  /** Message of an `error` or `maintenance` fault (default: the code's, faultMessage). */
  message: z.string().optional(),
  /** Delay of a `delay` fault, or how long a `busy` fault waits when wait_flag=1 (default 100). */
  delay_ms: z.number().int().min(0).max(60_000).optional(),
  /** Probability that the fault fires on a matching call, 0..1 (default 1). */
  rate: z.number().min(0).max(1).optional(),
  /** Fire at most this many times, then disappear. */
  times: z.number().int().min(1).optional(),
}).refine((f) => f.kind !== "maintenance" || f.code === undefined || MAINTENANCE_CODES.includes(f.code), {
  message: `a maintenance fault answers ${MAINTENANCE_CODES.join(" or ")}`,
  path: ["code"],
});

export type FaultInput = z.infer<typeof faultSchema>;

export interface Fault extends FaultInput {
  id: number;
  fired: number;
}

export class FaultBook {
  private faults: Fault[] = [];
  private nextId = 1;

  constructor(private readonly random: () => number = Math.random) {}

  add(input: FaultInput): Fault {
    const fault: Fault = { ...input, path: input.path === "*" ? "*" : normalizePath(input.path), id: this.nextId++, fired: 0 };
    this.faults.push(fault);
    return fault;
  }

  clear(): void {
    this.faults = [];
  }

  list(): readonly Fault[] {
    return this.faults;
  }

  /** The faults of these kinds that fire for this call (each decided once, in the order added). */
  fire(path: string, kinds: readonly FaultKind[]): Fault[] {
    const p = normalizePath(path);
    const fired: Fault[] = [];
    for (const fault of this.faults) {
      if (!kinds.includes(fault.kind) || (fault.path !== "*" && fault.path !== p)) continue;
      if (this.random() >= (fault.rate ?? 1)) continue;
      fault.fired += 1;
      fired.push(fault);
    }
    this.faults = this.faults.filter((f) => f.times === undefined || f.fired < f.times);
    return fired;
  }
}
