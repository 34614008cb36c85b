import { expect, sandboxUrl, test } from "./fixtures";
import { ImagesPage } from "./pages/catalog-page";
import { sandboxCall, sandboxCount } from "./pages/sandbox-api";

// Goods images as pictures: the sandbox serves a picture for every image it lists, on its own host
// and of the size its row declares; the images grid shows them as a gallery of cards beside the
// table (kept in the URL, same paging and filters), moved through with the arrow keys, and Enter
// opens the drawer with the picture.

test.use({ viewport: { width: 1440, height: 900 } });

/** An image's row, from the API itself. */
async function imageRow(key: string): Promise<Record<string, string | null>> {
  const answer = await sandboxCall("staff", "/api_v1_master_goodsimage/search", { fields: "goods_image_id,goods_image_file_name,goods_image_width,goods_image_height", "goods_image_id-eq": key });
  return answer.data?.[0] ?? {};
}

/** The width and height an image's row declares. */
async function declaredSize(key: string): Promise<{ width: number; height: number }> {
  const row = await imageRow(key);
  return { width: Number(row.goods_image_width), height: Number(row.goods_image_height) };
}

test("the gallery shows each image's picture at its declared size, moves with the arrows and opens the drawer with Enter", async ({ page }) => {
  const images = new ImagesPage(page);
  await images.goto();
  const total = await images.total();
  expect(total).toBe(await sandboxCount("staff", "/api_v1_master_goodsimage/count"));

  await images.showGallery();
  await images.waitForRows();
  expect(await images.total()).toBe(total);

  await test.step("the pictures load from the sandbox's host, at the width and height their rows declare", async () => {
    for (const index of [0, 1, 2, 3]) {
      const card = images.card(index);
      const picture = images.thumbnail(card);
      await expect(picture).toHaveAttribute("src", new RegExp(`^${sandboxUrl.replace(/[.]/g, "\\.")}/images/`));
      const declared = await declaredSize(await images.cardKey(index));
      expect(declared.width).toBeGreaterThan(0);
      await expect.poll(() => images.naturalSize(picture), { timeout: 15_000 }).toEqual(declared);
    }
  });

  await test.step("one tab stop; the arrows move between cards, down by a row of cards", async () => {
    const first = images.card(0);
    await expect(images.tabStop).toHaveCount(1);
    await first.focus();
    await page.keyboard.press("ArrowRight");
    await expect(images.card(1)).toBeFocused();
    await expect(images.card(1)).toHaveAttribute("tabindex", "0");
    await expect(first).toHaveAttribute("tabindex", "-1");
    await page.keyboard.press("ArrowLeft");
    await expect(first).toBeFocused();
    await page.keyboard.press("ArrowDown");
    const below = images.tabStop;
    await expect(below).toBeFocused();
    const [top, under] = [await first.boundingBox(), await below.boundingBox()];
    expect(under?.y).toBeGreaterThan(top?.y ?? Infinity);
    expect(under?.x).toBeCloseTo(top?.x ?? -1, 0);
  });

  await test.step("Enter opens the focused card's image in the drawer, with its picture; Esc gives focus back to the card", async () => {
    const focused = images.tabStop;
    const key = (await focused.getAttribute("data-gallery-card")) ?? "";
    await page.keyboard.press("Enter");
    await images.waitForDrawer();
    await expect(page).toHaveURL(new RegExp(`[?&]open=${key}(&|$)`));
    await expect(images.drawerTitle).toContainText((await imageRow(key)).goods_image_file_name ?? "");
    await expect.poll(() => images.naturalSize(images.drawerPicture), { timeout: 15_000 }).toEqual(await declaredSize(key));
    await images.closeDrawer();
    await expect(images.cardByKey(key)).toBeFocused();
    await expect(page).not.toHaveURL(/open=/);
  });

  await test.step("the layout is in the URL: a reload keeps the gallery; paging is the table's", async () => {
    await page.reload();
    await images.waitForRows();
    await expect(images.cards.first()).toBeVisible();
    const firstKey = await images.cardKey(0);
    await images.goToPage("next");
    await images.waitForRows();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page).toHaveURL(/[?&]layout=gallery/);
    await expect.poll(() => images.cardKey(0)).not.toBe(firstKey);
    await images.layoutButton("table").click();
    await expect(page).not.toHaveURL(/layout=/);
    await expect(images.grid).toBeVisible();
  });
});

test("a filter narrows the gallery as it does the table", async ({ page }) => {
  const images = new ImagesPage(page);
  await images.goto("?layout=gallery&f=goods_image_file_name.like:_2.");
  await expect(images.cards.first()).toBeVisible();
  const total = await images.total();
  expect(total).toBe(await sandboxCount("staff", "/api_v1_master_goodsimage/count", { "goods_image_file_name-like": "%_2.%" }));
  for (const text of await images.cards.allInnerTexts()) expect(text).toMatch(/2\.(jpg|png|gif|webp)/);
});
