// What only some catalog grids have, on top of the generic GridPage: a goods' tags in its drawer,
// and the image thumbnails and preview of the goods images grid.
import { expect, type Locator, type Page } from "@playwright/test";
import { GridPage, ROWS_TIMEOUT, type GridLocale } from "./grid-page";

export class GoodsPage extends GridPage {
  constructor(page: Page, locale: GridLocale = "ja") {
    super(page, "/goods", locale);
  }

  /** The drawer's tags section; `data-goods-tags` is the number of tags once they are in. */
  private get drawerTags(): Locator {
    return this.drawer.locator("[data-goods-tags]");
  }

  /** Waits until the drawer's tags are in. */
  async waitForDrawerTags(): Promise<void> {
    await expect(this.drawerTags).not.toHaveAttribute("data-goods-tags", "", { timeout: ROWS_TIMEOUT });
  }

  async expectDrawerTagCount(count: number): Promise<void> {
    await expect(this.drawerTags).toHaveAttribute("data-goods-tags", String(count));
  }

  /** A tag's chip in the drawer. */
  drawerTag(name: string): Locator {
    return this.drawerTags.getByRole("listitem").filter({ hasText: name });
  }
}

export class ImagesPage extends GridPage {
  constructor(page: Page, locale: GridLocale = "ja") {
    super(page, "/images", locale);
  }

  /** The fixed-size thumbnail box in a row or cell (`within`: a locator, or a row's index). */
  imageBox(within: Locator | number = 0): Locator {
    return (typeof within === "number" ? this.rowAt(within) : within).locator("[data-image-box]");
  }

  /** The image in the box (absent when there is none or it failed). */
  thumbnail(within: Locator | number = 0): Locator {
    return this.imageBox(within).locator("img");
  }

  /** The "no image" mark in the box. */
  noImageMark(within: Locator | number = 0): Locator {
    return this.imageBox(within).getByRole("img", { name: this.messages.images.noImage, exact: true });
  }

  /** The drawer's preview of the image. */
  get drawerPreview(): Locator {
    return this.drawer.locator("[data-image-preview]");
  }

  /** The preview's link to the image file. */
  get drawerImageLink(): Locator {
    return this.drawerPreview.getByRole("link", { name: this.messages.images.open });
  }

  /** The preview's picture. */
  get drawerPicture(): Locator {
    return this.drawerPreview.locator("[data-image-box] img");
  }

  // ----- the gallery layout ------------------------------------------------------------------

  /** The gallery: a list of picture cards named like the grid. */
  get gallery(): Locator {
    return this.page.locator("[data-image-gallery]").getByRole("list", { name: this.gridLabel, exact: true });
  }

  /** The cards of the page (buttons that open their image). */
  get cards(): Locator {
    return this.gallery.locator("[data-gallery-card]");
  }

  card(index: number): Locator {
    return this.cards.nth(index);
  }

  cardByKey(key: string): Locator {
    return this.gallery.locator(`[data-gallery-card="${key}"]`);
  }

  /** The record key a card opens. */
  async cardKey(index: number): Promise<string> {
    return (await this.card(index).getAttribute("data-gallery-card")) ?? "";
  }

  /** The card holding the gallery's one tab stop. */
  get tabStop(): Locator {
    return this.gallery.locator('[data-gallery-card][tabindex="0"]');
  }

  /** Switches to the gallery with the layout toggle; waits for its cards. */
  async showGallery(): Promise<void> {
    await this.layoutButton("gallery").click();
    await expect(this.page).toHaveURL(/[?&]layout=gallery/);
    await expect(this.cards.first()).toBeVisible({ timeout: ROWS_TIMEOUT });
  }

  /** A picture once it has loaded: its natural size in pixels (0 × 0 while it has not). */
  async naturalSize(picture: Locator): Promise<{ width: number; height: number }> {
    return picture.evaluate((img: HTMLImageElement) => (img.complete ? { width: img.naturalWidth, height: img.naturalHeight } : { width: 0, height: 0 }));
  }
}

/** A stock grid (/stock or /stock/warehouses): the goods name and thumbnail beside each code. */
export class StockPage extends GridPage {
  readonly codeField: string;

  constructor(page: Page, path: "/stock" | "/stock/warehouses" = "/stock", locale: GridLocale = "ja") {
    super(page, path, locale);
    this.codeField = path === "/stock" ? "stock_goods_id" : "warehouse_stock_goods_id";
  }

  /** Waits until the page's goods join is in: every drawn code cell shows its outcome. */
  async waitForGoodsNames(): Promise<void> {
    await expect(this.grid.locator('[data-goods-join="success"]').first()).toBeVisible({ timeout: ROWS_TIMEOUT });
    await expect(this.grid.locator('[data-goods-join="pending"]')).toHaveCount(0, { timeout: ROWS_TIMEOUT });
  }

  /** The goods name under a row's code ("" when none is shown). */
  async goodsName(row: Locator | number): Promise<string> {
    const name = this.cell(row, this.codeField).locator("[data-goods-name]");
    return (await name.count()) ? ((await name.textContent()) ?? "").trim() : "";
  }

  /** The thumbnail box beside a row's code. */
  imageBox(row: Locator | number): Locator {
    return this.cell(row, this.codeField).locator("[data-image-box]");
  }
}
