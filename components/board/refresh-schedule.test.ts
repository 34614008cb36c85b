import { describe, expect, it } from "vitest";
import { BOARD_CACHE_TTL_MS } from "@/lib/board/contract";
import { clockTime, intervalMs, nextRefreshDelay, REFRESH_CHOICES, refreshChoiceOf } from "./refresh-schedule";

describe("refresh choice", () => {
  it("defaults to 60 s for nothing or anything unknown stored", () => {
    expect(refreshChoiceOf(null)).toBe("60");
    expect(refreshChoiceOf("17")).toBe("60");
    expect(refreshChoiceOf("off")).toBe("off");
    expect(refreshChoiceOf("300")).toBe("300");
  });

  it("maps choices to milliseconds, off to none", () => {
    expect(intervalMs("30")).toBe(30_000);
    expect(intervalMs("300")).toBe(300_000);
    expect(intervalMs("off")).toBeNull();
  });
});

describe("nextRefreshDelay", () => {
  const base = { choice: "60" as const, hidden: false, now: 100_000 };

  it("waits the rest of the interval after the last refresh", () => {
    expect(nextRefreshDelay({ ...base, lastRefreshAt: 70_000 })).toBe(30_000);
  });

  it("is due at once when the interval has passed (a tab shown again after a while)", () => {
    expect(nextRefreshDelay({ ...base, lastRefreshAt: 10_000 })).toBe(0);
  });

  it("pauses while the tab is hidden and when off", () => {
    expect(nextRefreshDelay({ ...base, hidden: true, lastRefreshAt: 10_000 })).toBeNull();
    expect(nextRefreshDelay({ ...base, choice: "off", lastRefreshAt: 10_000 })).toBeNull();
  });

  it("a full interval when nothing came yet", () => {
    expect(nextRefreshDelay({ ...base, choice: "30", lastRefreshAt: 0 })).toBe(30_000);
  });
});

describe("clockTime", () => {
  it("is HH:MM:SS with leading zeros", () => {
    expect(clockTime(new Date(2026, 0, 2, 3, 4, 5).getTime())).toBe("03:04:05");
  });
});

describe("the server's cache lifetime", () => {
  it("is the shortest refresh interval, so no board gets numbers older than its own interval", () => {
    const shortest = Math.min(...REFRESH_CHOICES.map(intervalMs).filter((ms): ms is number => ms !== null));
    expect(BOARD_CACHE_TTL_MS).toBe(shortest);
    expect(BOARD_CACHE_TTL_MS).toBe(30_000);
  });
});
