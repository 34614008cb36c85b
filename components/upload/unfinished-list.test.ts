import { describe, expect, it } from "vitest";
import { unfinishedFiles } from "./unfinished-list";

const file = (id: string, status: string, createdAt: string, updatedAt: string) => ({ id, status, createdAt, updatedAt });

describe("unfinishedFiles", () => {
  it("shows a file found in two status lists once, as the newer list has it", () => {
    const sending = [file("a", "sending", "2026-11-24T10:00:00.000Z", "2026-11-24T10:01:00.000Z")];
    const waiting = [file("a", "waiting", "2026-11-24T10:00:00.000Z", "2026-11-24T10:02:00.000Z"), file("b", "waiting", "2026-11-24T11:00:00.000Z", "2026-11-24T11:00:00.000Z")];
    expect(unfinishedFiles([sending, waiting], new Set())).toEqual([waiting[1], waiting[0]]);
    expect(unfinishedFiles([waiting, sending], new Set())).toEqual([waiting[1], waiting[0]]);
  });

  it("leaves out the files this page is sending, and lists the newest first", () => {
    const ready = [file("old", "ready", "2026-11-20T00:00:00.000Z", "2026-11-20T00:00:00.000Z"), file("new", "ready", "2026-11-23T00:00:00.000Z", "2026-11-23T00:00:00.000Z"), file("mine", "ready", "2026-11-24T00:00:00.000Z", "2026-11-24T00:00:00.000Z")];
    expect(unfinishedFiles([ready, []], new Set(["mine"])).map((f) => f.id)).toEqual(["new", "old"]);
  });
});
