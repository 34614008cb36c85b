import { expect, failedResource, test } from "./fixtures";
import { ShellPage } from "./pages/shell-page";

// What the design promises for the shell: every area in the sidebar, Japanese and English,
// light and dark, keyboard usable, and accessible down to a 375px phone.
const japaneseNav = ["受注", "受注明細", "受注ボード", "売上", "商品別実績", "商品", "在庫", "画像", "アップロード", "マスタ", "設定"];
const englishNav = ["Orders", "Order rows", "Order board", "Sales", "Goods performance", "Goods", "Stock", "Images", "Uploads", "Masters", "Settings"];

test.describe("the dashboard shell on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  // The story of a Japanese user is told in three tests, each with its own time budget: axe over a
  // grid page takes a good part of a minute on a busy machine.
  test("a Japanese user finds every area and moves by keyboard", async ({ page }) => {
    const shell = new ShellPage(page, "ja");

    await test.step("the home address opens the orders area in Japanese", async () => {
      await shell.goto("/");
      await expect(page).toHaveURL(/\/orders$/);
      await expect(shell.html).toHaveAttribute("lang", "ja");
      await expect(shell.heading).toHaveText("受注");
      await expect(page).toHaveTitle("受注 | Backyard");
      await shell.expectNavLabels(japaneseNav);
      await expect(shell.navLink("orders")).toHaveAttribute("aria-current", "page");
      await expect(shell.accountSummary).toContainText("サンドボックス商店");
    });

    await test.step("the first Tab shows the skip link, which jumps to the content", async () => {
      await page.reload();
      await shell.waitForHydration();
      await page.keyboard.press("Tab");
      await shell.expectFocusRing(shell.skipLink);
      await expect(shell.skipLink).toBeInViewport();
      await page.keyboard.press("Enter");
      await expect(shell.main).toBeFocused();
    });

    await test.step("Tab reaches the goods link with a visible focus ring; Enter opens it", async () => {
      await page.reload();
      await shell.waitForHydration();
      await shell.tabTo(shell.navLink("goods"));
      await shell.expectFocusRing(shell.navLink("goods"));
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/goods$/);
      await expect(shell.heading).toHaveText("商品");
      await expect(shell.navLink("goods")).toHaveAttribute("aria-current", "page");
      await expect(shell.navLink("orders")).not.toHaveAttribute("aria-current");
    });
  });

  test("light, Japanese: no serious accessibility violation on the home page", async ({ page }) => {
    const shell = new ShellPage(page, "ja");
    await shell.goto("/");
    await expect(page).toHaveURL(/\/orders$/);
    await shell.setTheme("light");
    await shell.expectDark(false);
    await shell.expectNoSeriousA11yViolations();
  });

  test("dark mode turns on, stays after a reload, and passes axe", async ({ page }) => {
    const shell = new ShellPage(page, "ja");
    await shell.goto("/goods");
    await shell.setTheme("dark");
    await shell.expectDark(true);
    await page.reload();
    await shell.waitForHydration();
    await shell.expectDark(true);
    await expect(shell.themeSwitch.getByRole("button", { name: "ダーク" })).toHaveAttribute("aria-pressed", "true");
    await shell.expectNoSeriousA11yViolations();
  });

  test("the language switch turns the whole shell into English and back", async ({ page, context }) => {
    const shell = new ShellPage(page, "ja");
    await shell.goto("/stock");
    await expect(shell.heading).toHaveText("在庫");
    await shell.setTheme("light");

    await test.step("choosing English relabels the page and remembers the choice", async () => {
      await shell.switchLanguage("en");
      await expect(shell.heading).toHaveText("Stock");
      await expect(page).toHaveTitle("Stock | Backyard");
      await shell.expectNavLabels(englishNav);
      await expect(shell.accountSummary).toContainText("サンドボックス商店");
      const cookies = await context.cookies();
      expect(cookies.find((cookie) => cookie.name === "NEXT_LOCALE")?.value).toBe("en");
      await page.reload();
      await shell.waitForHydration();
      await expect(shell.html).toHaveAttribute("lang", "en");
      await expect(shell.heading).toHaveText("Stock");
    });

    await test.step("no Japanese is left on the English page", async () => {
      expect(await shell.japaneseTextOutsideLangJa()).toEqual([]);
    });

    await test.step("the switch is keyboard operable: back to Japanese", async () => {
      const japanese = shell.languageSwitch.getByRole("button", { name: "日本語" });
      await shell.tabTo(japanese);
      await shell.expectFocusRing(japanese);
      await page.keyboard.press("Enter");
      shell.locale = "ja";
      await expect(shell.html).toHaveAttribute("lang", "ja");
      await expect(shell.heading).toHaveText("在庫");
      await shell.expectNavLabels(japaneseNav);
    });
  });

  // Split from the story above (each theme with its own time budget: axe over a grid page).
  for (const theme of ["light", "dark"] as const) {
    test(`English, ${theme}: no serious accessibility violation`, async ({ page }) => {
      const shell = new ShellPage(page, "ja");
      await shell.goto("/stock");
      await shell.switchLanguage("en");
      await expect(shell.heading).toHaveText("Stock");
      await shell.setTheme(theme);
      await shell.expectDark(theme === "dark");
      await shell.expectNoSeriousA11yViolations();
    });
  }

  test("unknown addresses get a translated not-found page", async ({ page, consoleErrors }) => {
    // The page itself answers 404, as it should.
    consoleErrors.allow(failedResource(404, "/no-such-area"));
    const response = await page.goto("/no-such-area");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("ページが見つかりません");
    await page.getByRole("link", { name: "受注一覧へ戻る" }).click();
    await expect(page).toHaveURL(/\/orders$/);
  });
});

test.describe("a browser that prefers English", () => {
  test.use({ locale: "en-US", viewport: { width: 1280, height: 800 } });

  test("gets English without choosing, until a language is chosen", async ({ page }) => {
    const shell = new ShellPage(page, "en");
    await shell.goto("/board");
    await expect(shell.html).toHaveAttribute("lang", "en");
    await expect(shell.heading).toHaveText("Order board");
    await shell.expectNavLabels(englishNav);
    await shell.switchLanguage("ja");
    await expect(shell.heading).toHaveText("受注ボード");
    await page.reload();
    await expect(shell.heading).toHaveText("受注ボード");
  });
});

test.describe("the dashboard shell on a 375px phone", () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true });

  test("the sidebar becomes a drawer that the keyboard can open and close", async ({ page }) => {
    const shell = new ShellPage(page, "ja");
    await shell.goto("/orders");

    await test.step("no sidebar, a menu button, nothing wider than the screen", async () => {
      await expect(shell.primaryNav).toBeHidden();
      await expect(shell.menuButton).toBeVisible();
      await expect(shell.menuButton).toHaveAttribute("aria-expanded", "false");
      await shell.expectNoHorizontalOverflow();
    });

    await test.step("the drawer opens with focus inside it and passes axe, light and dark", async () => {
      await shell.menuButton.click();
      await expect(shell.drawer).toBeVisible();
      await expect(shell.menuButton).toHaveAttribute("aria-expanded", "true");
      expect(await shell.drawer.evaluate((dialog) => dialog.contains(document.activeElement))).toBe(true);
      await shell.expectNavLabels(japaneseNav);
      await expect(shell.navLink("orders")).toHaveAttribute("aria-current", "page");
      await shell.expectNoHorizontalOverflow();
      await shell.setTheme("light");
      await shell.expectNoSeriousA11yViolations();
      await shell.setTheme("dark");
      await shell.expectDark(true);
      await shell.expectNoSeriousA11yViolations();
    });

    await test.step("Esc closes it and gives focus back to the menu button", async () => {
      await page.keyboard.press("Escape");
      await expect(shell.drawer).toBeHidden();
      await expect(shell.menuButton).toHaveAttribute("aria-expanded", "false");
      await expect(shell.menuButton).toBeFocused();
    });

    await test.step("Enter on the menu button, then a link, opens that area and closes the drawer", async () => {
      await page.keyboard.press("Enter");
      await expect(shell.drawer).toBeVisible();
      await shell.tabTo(shell.navLink("stock"));
      await page.keyboard.press("Enter");
      await expect(page).toHaveURL(/\/stock$/);
      await expect(shell.heading).toHaveText("在庫");
      await expect(shell.drawer).toBeHidden();
      await shell.expectNoHorizontalOverflow();
    });
  });
});

test.describe("what a browser or a crawler reads before anyone signs in", () => {
  test("robots.txt keeps crawlers out; the web manifest, its icons and the favicons load without a session", async ({ browser, baseURL }) => {
    // A fresh browser with no cookies at all: nobody signed in.
    const context = await browser.newContext({ baseURL, storageState: { cookies: [], origins: [] } });
    try {
      const get = (url: string) => context.request.get(url, { maxRedirects: 0 });

      await test.step("robots.txt disallows everything", async () => {
        const robots = await get("/robots.txt");
        expect(robots.status()).toBe(200);
        expect(robots.headers()["content-type"]).toMatch(/^text\/plain/);
        const text = await robots.text();
        expect(text).toMatch(/^User-agent: \*$/m);
        expect(text).toMatch(/^Disallow: \/$/m);
      });

      await test.step("the manifest names the app, and each of its icons is an image of the size it claims", async () => {
        const response = await get("/manifest.webmanifest");
        expect(response.status()).toBe(200);
        const manifest = (await response.json()) as {
          name: string;
          short_name: string;
          start_url: string;
          display: string;
          theme_color: string;
          icons: { src: string; sizes: string; type: string }[];
        };
        expect(manifest).toMatchObject({ name: "Backyard", short_name: "Backyard", start_url: "/orders", display: "standalone", theme_color: "#2b4fd8" });
        expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
        for (const icon of manifest.icons) {
          const image = await get(icon.src);
          expect(image.status(), icon.src).toBe(200);
          expect(image.headers()["content-type"], icon.src).toBe("image/png");
          // A PNG's IHDR chunk holds its width and height (bytes 16 to 23, big-endian).
          const bytes = await image.body();
          expect(`${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`, icon.src).toBe(icon.sizes);
        }
      });

      await test.step("the page links the favicons, the Apple icon and the manifest, and each link loads", async () => {
        const page = await context.newPage();
        await page.goto("/login");
        const hrefs = async (rel: string) => page.locator(`head link[rel="${rel}"]`).evaluateAll((links) => links.map((l) => l.getAttribute("href") ?? ""));
        const icons = await hrefs("icon");
        expect(icons).toEqual(expect.arrayContaining(["/favicon.ico", "/icon.svg"]));
        expect(await hrefs("manifest")).toEqual(["/manifest.webmanifest"]);
        const apple = await hrefs("apple-touch-icon");
        expect(apple).toHaveLength(1);
        for (const href of [...icons, ...apple]) {
          const file = await get(href);
          expect(file.status(), href).toBe(200);
          expect(file.headers()["content-type"], href).toMatch(/^image\//);
        }
        await expect(page.locator('head meta[name="theme-color"]')).toHaveAttribute("content", "#2b4fd8");
      });
    } finally {
      await context.close();
    }
  });
});
