import { expect, test } from "./fixtures";
import { catalogues } from "./pages/messages";
import { ShellPage } from "./pages/shell-page";

// Every page of the product, as a signed-in member of staff opens it: all grids (the images grid in
// both layouts), every masters screen, the board, the uploads and the settings. The shared fixture
// fails this story on any console error or uncaught page error (a hydration mismatch, a CSP
// violation, a failed request) on any of them.

const MASTER_SCREENS = Object.keys(catalogues.ja.masters.screens);

const PAGES = [
  "/orders",
  "/order-rows",
  "/board",
  "/analytics/sales",
  "/analytics/goods",
  "/goods",
  "/stock",
  "/stock/warehouses",
  "/stock/matrix",
  "/stock/reorder",
  "/stock/sets",
  "/images",
  "/images?layout=gallery",
  "/uploads",
  "/settings",
  "/masters",
  ...MASTER_SCREENS.map((slug) => `/masters/${slug}`),
];

test.use({ viewport: { width: 1440, height: 900 } });

test("every page opens and settles without a console error", async ({ page }) => {
  test.setTimeout(PAGES.length * 15_000);
  const shell = new ShellPage(page);
  for (const path of PAGES) {
    await test.step(path, async () => {
      await shell.gotoSettled(path);
      await expect(shell.heading).toBeVisible();
    });
  }
});
