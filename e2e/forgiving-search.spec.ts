import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { GridPage } from "./pages/grid-page";
import { format } from "./pages/messages";
import { sandboxCall, sandboxCount } from "./pages/sandbox-api";
import { ShellPage } from "./pages/shell-page";
import ja from "../messages/ja.json";
import en from "../messages/en.json";

// Issue 34, deliverable 2: one forgiving search box. A real slip is picked from the sandbox (a
// name with a space, a phone with hyphens, a kana, an email); in the orders grid the name typed
// without its space, the phone without hyphens, the kana in half width and in hiragana, and the
// email each find it, and the box names the reading that found the rows; what the grid counts is
// the sandbox's own count of that reading's condition. Stock is found by a goods name and by a JAN
// code (through the goods master), goods by JAN. Enter submits; Japanese and English; axe.

const ORDER_SEARCH = "/api_v1_receiveorder_base/search";
const ORDER_COUNT = "/api_v1_receiveorder_base/count";
const P = "receive_order_";
const FIELDS = ["id", "purchaser_name", "purchaser_kana", "purchaser_tel", "purchaser_mail_address"].map((f) => `${P}${f}`).join(",");

test.use({ viewport: { width: 1440, height: 900 } });
// Each story walks through several searches, each a few counts in a row.
test.describe.configure({ timeout: 300_000 });

/** Full-width katakana → half-width, written out here rather than taken from the code under test. */
function halfWidthKana(text: string): string {
  const plain = "アイウエオカキクケコサシスセソタチツテトナニヌネノハヒフヘホマミムメモヤユヨラリルレロワヲンァィゥェォャュョッー ";
  const half = "ｱｲｳｴｵｶｷｸｹｺｻｼｽｾｿﾀﾁﾂﾃﾄﾅﾆﾇﾈﾉﾊﾋﾌﾍﾎﾏﾐﾑﾒﾓﾔﾕﾖﾗﾘﾙﾚﾛﾜｦﾝｧｨｩｪｫｬｭｮｯｰ ";
  const voiced = "ガギグゲゴザジズゼゾダヂヅデドバビブベボ";
  const voicedBase = "カキクケコサシスセソタチツテトハヒフヘホ";
  const semi = "パピプペポ";
  return [...text]
    .map((c) => {
      if (voiced.includes(c)) return `${half[plain.indexOf(voicedBase[voiced.indexOf(c)] as string)]}ﾞ`;
      if (semi.includes(c)) return `${half[plain.indexOf("ハヒフヘホ"[semi.indexOf(c)] as string)]}ﾟ`;
      const at = plain.indexOf(c);
      return at >= 0 ? (half[at] as string) : c;
    })
    .join("");
}
const hiragana = (text: string) => text.replace(/[\u30a1-\u30f6]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0x60));

/** The `f` filters of the page's URL. */
const urlFilters = (page: Page) => new URL(page.url()).searchParams.getAll("f");

/** A slip whose purchaser has a name and kana with one space, a hyphenated phone and an email, and the sandbox's counts for each. */
async function pickSlip() {
  const conditions = { [`${P}purchaser_name-like`]: "% %", [`${P}purchaser_kana-like`]: "% %", [`${P}purchaser_tel-like`]: "%-%-%", [`${P}purchaser_mail_address-like`]: "%@%" };
  const total = await sandboxCount("staff", ORDER_COUNT, conditions);
  expect(total).toBeGreaterThan(0);
  const row = (await sandboxCall("staff", ORDER_SEARCH, { fields: FIELDS, offset: String(Math.floor(total / 3)), limit: "1", ...conditions })).data?.[0];
  const slip = {
    id: row?.[`${P}id`] as string,
    name: row?.[`${P}purchaser_name`] as string,
    kana: row?.[`${P}purchaser_kana`] as string,
    tel: row?.[`${P}purchaser_tel`] as string,
    mail: row?.[`${P}purchaser_mail_address`] as string,
  };
  expect(slip.name.split(" ")).toHaveLength(2);
  expect(slip.kana.split(" ")).toHaveLength(2);
  const [family, given] = slip.name.split(" ") as [string, string];
  const [kanaFamily, kanaGiven] = slip.kana.split(" ") as [string, string];
  return {
    ...slip,
    family,
    kanaFamily,
    // What the API counts for each reading's condition (`_`: one character, the space).
    nameCount: await sandboxCount("staff", ORDER_COUNT, { [`${P}purchaser_name-like`]: `%${family}_${given}%` }),
    kanaCount: await sandboxCount("staff", ORDER_COUNT, { [`${P}purchaser_kana-like`]: `%${kanaFamily}_${kanaGiven}%` }),
    telCount: await sandboxCount("staff", ORDER_COUNT, { [`${P}purchaser_tel-eq`]: slip.tel }),
    mailCount: await sandboxCount("staff", ORDER_COUNT, { [`${P}purchaser_mail_address-eq`]: slip.mail }),
  };
}

test("orders: a name without its space, a phone without hyphens, kana in half width and hiragana, an email: each finds the slip, and the box names the reading", async ({ page }) => {
  const slip = await pickSlip();
  const orders = new GridPage(page, "/orders");
  const m = ja.forgivingSearch;
  const box = m.orders.label;
  const named = (field: string, ...variants: string[]) => (variants.length ? format(m.withVariants, { field, variants: variants.join("・") }) : field);
  const found = (reading: string, count: number) => format(m.found, { reading, count });
  const status = page.getByRole("search", { name: box }).locator("xpath=..").getByRole("status");

  /** Types `text`, presses Enter, and checks the grid against the API's count and the slip. */
  async function finds(text: string, filter: RegExp, count: number, reading: string) {
    await orders.search(box, text);
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
    expect(urlFilters(page).join(" ")).toMatch(filter);
    await orders.waitForRows();
    await orders.expectTotal(count);
    await expect(status).toContainText(found(reading, count));
    const { rows } = await orders.collectRows([`${P}id`]);
    expect(rows.map((r) => r.key)).toContain(slip.id);
  }

  await orders.goto();
  await expect(orders.searchBox(box)).toHaveAttribute("placeholder", m.orders.placeholder);

  await test.step("the name typed without its space", async () => {
    await finds(slip.name.replace(" ", ""), new RegExp(`${P}purchaser_name\\.like:${slip.family}_`), slip.nameCount, named(m.field.purchaserName, m.variant.spaced));
  });

  await test.step("a reload keeps the text, the reading and the rows", async () => {
    await page.reload();
    await orders.waitForRows();
    await expect(orders.searchBox(box)).toHaveValue(slip.name.replace(" ", ""));
    await orders.expectTotal(slip.nameCount);
    await expect(status).toContainText(found(named(m.field.purchaserName, m.variant.spaced), slip.nameCount));
  });

  await test.step("the phone typed without hyphens", async () => {
    await finds(slip.tel.replace(/-/g, ""), new RegExp(`${P}purchaser_tel\\.in:.*${slip.tel}`), slip.telCount, named(m.field.purchaserTel, m.variant.hyphens));
  });

  await test.step("the kana in half width, without the space", async () => {
    const kana = halfWidthKana(slip.kana.replace(" ", ""));
    expect(kana).not.toBe(slip.kana.replace(" ", ""));
    await finds(kana, new RegExp(`${P}purchaser_kana\\.like:${slip.kanaFamily}_`), slip.kanaCount, named(m.field.purchaserKana, m.variant.full, m.variant.spaced));
  });

  await test.step("the kana typed in hiragana, with a full-width space", async () => {
    await finds(hiragana(slip.kana).replace(" ", "　"), new RegExp(`${P}purchaser_kana\\.like:${slip.kanaFamily}_`), slip.kanaCount, named(m.field.purchaserKana, m.variant.full));
  });

  await test.step("the email address", async () => {
    await finds(slip.mail, new RegExp(`${P}purchaser_mail_address\\.eq:`), slip.mailCount, named(m.field.mail, m.variant.exact));
  });

  await test.step("axe finds nothing serious with a search shown", async () => {
    expect(await new ShellPage(page).seriousA11yViolations()).toEqual([]);
  });

  await test.step("in English the box and the reading are English", async () => {
    await orders.search(box, slip.name.replace(" ", ""));
    await orders.waitForRows();
    await new ShellPage(page).switchLanguage("en");
    orders.locale = "en";
    const e = en.forgivingSearch;
    const enStatus = page.getByRole("search", { name: e.orders.label }).locator("xpath=..").getByRole("status");
    await expect(enStatus).toContainText(format(e.found, { reading: format(e.withVariants, { field: e.field.purchaserName, variants: e.variant.spaced }), count: slip.nameCount }));
    await expect(orders.searchBox(e.orders.label)).toHaveValue(slip.name.replace(" ", ""));
  });

  await test.step("clearing the box removes the search", async () => {
    await orders.search(en.forgivingSearch.orders.label, "");
    await expect.poll(() => urlFilters(page).join(" ")).not.toContain("purchaser_name");
    expect(new URL(page.url()).searchParams.get("q")).toBeNull();
  });
});

test("stock and warehouse stock by a goods name and by JAN; goods by JAN", async ({ page }) => {
  // A goods name word of the sandbox's catalogue ("バスタオル"), else the name of a goods picked from it.
  const towels = await sandboxCount("staff", "/api_v1_master_goods/count", { "goods_name-like": "%バスタオル%" });
  const middle = Math.floor((await sandboxCount("staff", "/api_v1_master_goods/count")) / 2);
  const picked = (await sandboxCall("staff", "/api_v1_master_goods/search", { fields: "goods_id,goods_name,goods_jan_code", offset: String(middle), limit: "1" })).data?.[0];
  const word = towels > 0 ? "バスタオル" : (picked?.goods_name as string);
  const codes = ((await sandboxCall("staff", "/api_v1_master_goods/search", { fields: "goods_id", "goods_name-like": `%${word}%`, limit: "1000" })).data ?? []).map((r) => r.goods_id as string);
  expect(codes.length).toBeGreaterThan(0);
  const m = ja.forgivingSearch;

  await test.step("stock by the goods name", async () => {
    const stock = new GridPage(page, "/stock");
    const expected = await sandboxCount("staff", "/api_v1_master_stock/count", { "stock_goods_id-in": codes.join(",") });
    await stock.goto();
    await stock.search(m.stock.label, word);
    await expect.poll(() => urlFilters(page).join(" ")).toContain("stock_goods_id.in:");
    await stock.waitForRows();
    await stock.expectTotal(expected);
    const status = page.getByRole("search", { name: m.stock.label }).locator("xpath=..").getByRole("status");
    await expect(status).toContainText(format(m.goodsFound, { field: m.field.goodsName, text: word, goods: codes.length, count: expected }));
    const { rows } = await stock.collectRows(["stock_goods_id"]);
    for (const row of rows) expect(codes.some((c) => (row.cells.stock_goods_id ?? "").startsWith(c)), row.cells.stock_goods_id).toBe(true);
  });

  await test.step("warehouse stock by the goods name", async () => {
    const stock = new GridPage(page, "/stock/warehouses");
    const expected = await sandboxCount("staff", "/api_v1_warehouse_stock/count", { "warehouse_stock_goods_id-in": codes.join(",") });
    await stock.goto();
    await stock.search(m.stock.label, word);
    await expect.poll(() => urlFilters(page).join(" ")).toContain("warehouse_stock_goods_id.in:");
    await stock.waitForRows();
    await stock.expectTotal(expected);
  });

  const jan = picked?.goods_jan_code as string;
  const code = picked?.goods_id as string;
  expect(jan).toMatch(/^\d{13}$/);

  await test.step("stock by JAN code", async () => {
    const stock = new GridPage(page, "/stock");
    await stock.goto();
    await stock.search(m.stock.label, jan);
    await expect.poll(() => urlFilters(page).join(" ")).toContain(`stock_goods_id.in:${code}`);
    await stock.waitForRows();
    const expected = await sandboxCount("staff", "/api_v1_master_stock/count", { "stock_goods_id-eq": code });
    expect(expected).toBeGreaterThan(0);
    await stock.expectTotal(expected);
    const status = page.getByRole("search", { name: m.stock.label }).locator("xpath=..").getByRole("status");
    await expect(status).toContainText(format(m.goodsFound, { field: m.field.goodsJan, text: jan, goods: 1, count: expected }));
  });

  await test.step("goods by JAN code in the code-or-name box", async () => {
    const goods = new GridPage(page, "/goods");
    await goods.goto();
    await goods.search(ja.goods.quick.keyword, jan);
    await expect.poll(() => urlFilters(page).join(" ")).toContain(`goods_jan_code.like:${jan}`);
    await goods.waitForRows();
    await goods.expectTotal(1);
    expect((await goods.collectRows(["goods_id"])).rows.map((r) => r.key)).toContain(code);
  });
});
