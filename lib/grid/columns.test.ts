// The column model TanStack Table runs with, built from the registry and a stored layout.
import { describe, expect, it } from "vitest";
import { goods } from "@/lib/ne/registry/resources/goods";
import { receiveOrder } from "@/lib/ne/registry/resources/receive-order";
import { receiveOrderRow } from "@/lib/ne/registry/resources/receive-order-row";
import { warehouseStock } from "@/lib/ne/registry/resources/warehouse-stock";
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, columnMeta, columnModel, defaultColumnWidth, defaultPins, drawnOrder, filterKindOf, isDefaultLayout, layoutOf } from "./columns";

const P = "receive_order_";
const defaults = [`${P}id`, `${P}date`, `${P}shop_id`, `${P}total_amount`];
const fieldOf = (name: string) => receiveOrder.fields.find((f) => f.name === name)!;

describe("column model", () => {
  it("without a stored layout: the defaults shown in order, every other field hidden after them, default widths and pins", () => {
    const model = columnModel(receiveOrder, { columns: defaults, pinned: [`${P}id`] }, null);
    expect(model.shown).toEqual(defaults);
    expect(model.order.slice(0, defaults.length)).toEqual(defaults);
    expect(model.order).toHaveLength(receiveOrder.fields.length);
    expect(new Set(model.order).size).toBe(receiveOrder.fields.length);
    expect(Object.entries(model.visibility).filter(([, v]) => v).map(([k]) => k).sort()).toEqual([...defaults].sort());
    expect(model.sizing[`${P}total_amount`]).toBe(defaultColumnWidth(fieldOf(`${P}total_amount`)));
    expect(Object.keys(model.sizing)).toHaveLength(receiveOrder.fields.length);
    expect(model.pinned).toEqual([`${P}id`]);
  });

  it("a stored layout: its order, unknown names dropped, widths clamped, pins among the shown only", () => {
    const model = columnModel(
      receiveOrder,
      { columns: defaults, pinned: [`${P}id`] },
      { columns: [`${P}note`, "no_such_field", `${P}id`, `${P}note`], widths: { [`${P}note`]: 5000, [`${P}id`]: 10 }, pinned: [`${P}note`, `${P}date`] },
    );
    expect(model.shown).toEqual([`${P}note`, `${P}id`]);
    expect(model.sizing[`${P}note`]).toBe(MAX_COLUMN_WIDTH);
    expect(model.sizing[`${P}id`]).toBe(MIN_COLUMN_WIDTH);
    // receive_order_date is pinned in the store but not shown: no pin.
    expect(model.pinned).toEqual([`${P}note`]);
  });

  it("a stored layout without pins takes the default pin; an empty list of pins is kept (someone unpinned)", () => {
    const withDefault = columnModel(receiveOrder, { columns: defaults, pinned: [`${P}id`] }, { columns: defaults, widths: {} });
    expect(withDefault.pinned).toEqual([`${P}id`]);
    const unpinned = columnModel(receiveOrder, { columns: defaults, pinned: [`${P}id`] }, { columns: defaults, widths: {}, pinned: [] });
    expect(unpinned.pinned).toEqual([]);
  });

  it("nothing usable stored: back to the defaults", () => {
    expect(columnModel(receiveOrder, { columns: defaults }, { columns: ["nope"], widths: {} }).shown).toEqual(defaults);
  });

  it("the layout of a model stores shown columns, only the widths that differ from their default, and the pins", () => {
    const model = columnModel(receiveOrder, { columns: defaults, pinned: [`${P}id`] }, null);
    const layout = layoutOf(receiveOrder, { ...model, sizing: { ...model.sizing, [`${P}date`]: 333.4, [`${P}note`]: 500 } });
    // receive_order_note is not shown: its width is not stored.
    expect(layout).toEqual({ columns: defaults, widths: { [`${P}date`]: 333 }, pinned: [`${P}id`] });
    // A round trip gives the same model back.
    expect(columnModel(receiveOrder, { columns: defaults, pinned: [] }, layout)).toEqual({ ...model, sizing: { ...model.sizing, [`${P}date`]: 333 } });
  });

  it("a layout is the defaults only with the default columns in order, the default pins and no width of its own", () => {
    const defaults = { columns: ["a", "b", "c"], pinned: ["a"] };
    expect(isDefaultLayout({ columns: ["a", "b", "c"], widths: {}, pinned: ["a"] }, defaults)).toBe(true);
    expect(isDefaultLayout({ columns: ["a", "c", "b"], widths: {}, pinned: ["a"] }, defaults)).toBe(false);
    expect(isDefaultLayout({ columns: ["a", "b"], widths: {}, pinned: ["a"] }, defaults)).toBe(false);
    expect(isDefaultLayout({ columns: ["a", "b", "c"], widths: {}, pinned: [] }, defaults)).toBe(false);
    expect(isDefaultLayout({ columns: ["a", "b", "c"], widths: { b: 300 }, pinned: ["a"] }, defaults)).toBe(false);
  });

  it("draws pinned columns first, in pin order", () => {
    expect(drawnOrder({ shown: ["a", "b", "c", "d"], pinned: ["c", "a"] })).toEqual(["c", "a", "b", "d"]);
  });
});

describe("default pins: the key column", () => {
  it("the slip number of orders, the goods code of goods", () => {
    expect(defaultPins(receiveOrder, defaults)).toEqual([`${P}id`]);
    expect(defaultPins(goods, ["goods_name", "goods_id"])).toEqual(["goods_id"]);
  });

  it("the goods code of a warehouse stock row (its naming key), not its warehouse", () => {
    expect(defaultPins(warehouseStock, ["warehouse_stock_warehouse_id", "warehouse_stock_goods_id", "warehouse_stock_quantity"])).toEqual(["warehouse_stock_goods_id"]);
  });

  it("an order row's slip number; the one a definition names; none when the key is not shown", () => {
    expect(defaultPins(receiveOrderRow, ["receive_order_row_receive_order_id", "receive_order_row_no", "receive_order_row_goods_name"])).toEqual(["receive_order_row_receive_order_id"]);
    expect(defaultPins(receiveOrder, defaults, `${P}date`)).toEqual([`${P}date`]);
    expect(defaultPins(receiveOrder, [`${P}date`])).toEqual([]);
  });
});

describe("column meta", () => {
  it("carries the label in both languages, the format and the filter kind", () => {
    expect(columnMeta(fieldOf(`${P}total_amount`))).toMatchObject({ label: { ja: expect.any(String), en: expect.any(String) }, format: "yen", filter: "number" });
    expect(columnMeta(fieldOf(`${P}order_status_id`)).filter).toBe("choice");
    expect(columnMeta(fieldOf(`${P}date`))).toMatchObject({ format: "datetime", filter: "date" });
    expect(filterKindOf(fieldOf(`${P}purchaser_name`))).toBe("text");
    expect(filterKindOf(fieldOf(`${P}gruoping_tag`))).toBe("none");
  });
});
