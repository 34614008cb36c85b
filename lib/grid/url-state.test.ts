import { describe, expect, it } from "vitest";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { readGridUrlState, writeGridUrlState } from "./url-state";

const P = "receive_order_";

describe("grid state in the URL", () => {
  it("has defaults when the URL says nothing", () => {
    expect(readGridUrlState(receiveOrder, "")).toEqual({ filters: [], page: 1, size: 100, open: null, extensionExecutionId: null });
  });

  it("reads filters, page, size, the open slip and extension_execution_id", () => {
    const search = new URLSearchParams();
    search.append("f", `${P}order_status_id.in:20,30`);
    search.append("f", `${P}shop_id.in:1`);
    search.set("page", "3");
    search.set("size", "500");
    search.set("open", "1234");
    search.set("extension_execution_id", "abc-123");
    expect(readGridUrlState(receiveOrder, search)).toEqual({
      filters: [
        { field: `${P}order_status_id`, op: "in", value: ["20", "30"] },
        { field: `${P}shop_id`, op: "in", value: ["1"] },
      ],
      page: 3,
      size: 500,
      open: "1234",
      extensionExecutionId: "abc-123",
    });
  });

  it("writes a state that reads back the same", () => {
    const state = {
      filters: [
        { field: `${P}purchaser_name`, op: "like" as const, value: "山田 & 佐藤" },
        { field: `${P}date`, op: "lte" as const, value: "2026-11-21" },
      ],
      page: 2,
      size: 1000 as const,
      open: "77",
      extensionExecutionId: null,
    };
    const url = writeGridUrlState(receiveOrder, "/orders", state);
    expect(url.startsWith("/orders?")).toBe(true);
    expect(readGridUrlState(receiveOrder, url.slice(url.indexOf("?")))).toEqual(state);
  });

  it("leaves defaults out of the URL", () => {
    expect(writeGridUrlState(receiveOrder, "/orders", { filters: [], page: 1, size: 100, open: null })).toBe("/orders");
  });

  it("ignores bad values instead of crashing", () => {
    const bad = "?page=-4&size=77&open=../../etc&f=drop%20table&f=receive_order_id.eq:x&f=receive_order_id.gt:10&extension_execution_id=";
    expect(readGridUrlState(receiveOrder, bad)).toEqual({
      filters: [{ field: `${P}id`, op: "gt", value: "10" }],
      page: 1,
      size: 100,
      open: null,
      extensionExecutionId: null,
    });
    for (const page of ["0", "abc", "1.5", "99999999999"]) expect(readGridUrlState(receiveOrder, `?page=${page}`).page).toBe(1);
    expect(readGridUrlState(receiveOrder, "?size=10000").size).toBe(10000);
  });
});
