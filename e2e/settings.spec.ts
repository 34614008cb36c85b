// Stories of the settings page: display language and theme that stick, every saved view of the
// person (rename, duplicate names refused, open on the grid's filters, delete with Undo), grid layouts back
// to their defaults, and the connection with the tokens' end dates but never a token.
import type { APIRequestContext, Page } from "@playwright/test";
import { expect, sandboxUrl, test, failedResource } from "./fixtures";
import { OrdersPage } from "./pages/orders-page";
import { SettingsPage } from "./pages/settings-page";
import { ShellPage } from "./pages/shell-page";
import en from "../messages/en.json";
import ja from "../messages/ja.json";

const STATUS = "receive_order_order_status_id";
const s = ja.settings;

test.use({ viewport: { width: 1280, height: 900 } });

interface IssuedToken {
  access_token: string;
  refresh_token: string;
}

async function issuedTokens(request: APIRequestContext): Promise<IssuedToken[]> {
  const res = await request.get(`${sandboxUrl}/__sandbox/tokens`);
  expect(res.ok(), "GET /__sandbox/tokens").toBeTruthy();
  return (await res.json()) as IssuedToken[];
}

/** A view's id, by its name on /orders (the person's views, read from the BFF). */
async function viewId(page: Page, name: string): Promise<string> {
  const views = ((await (await page.request.get("/api/grid/views/orders")).json()) as { views: { id: string; name: string }[] }).views;
  const found = views.find((v) => v.name === name);
  if (!found) throw new Error(`no view named ${name}`);
  return found.id;
}

function region(page: Page, name: string) {
  return new SettingsPage(page).region(name);
}

function storage(page: Page, baseURL: string | undefined) {
  const origin = new URL(baseURL as string).origin;
  const headers = { "content-type": "application/json", origin };
  return {
    createView: async (name: string, filters: string[]) => {
      const res = await page.request.post("/api/grid/views/orders", { headers, data: JSON.stringify({ name, state: { filters } }) });
      expect(res.status()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    },
    deleteView: (id: string) => page.request.delete(`/api/grid/views/orders/${id}`, { headers: { origin } }),
    putColumns: async (grid: string, columns: string[]) => {
      const res = await page.request.put(`/api/grid/preferences/${grid}`, { headers, data: JSON.stringify({ columns }) });
      expect(res.status()).toBe(200);
    },
    resetColumns: (grid: string) => page.request.delete(`/api/grid/preferences/${grid}`, { headers: { origin } }),
    viewNames: async () => ((await (await page.request.get("/api/grid/views/orders")).json()) as { views: { name: string }[] }).views.map((v) => v.name),
  };
}

test.describe("the settings page", () => {
  test("language and theme chosen here change the page and stick after a reload", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/settings");
    await expect(shell.heading).toHaveText(ja.areas.settings.title);
    const display = region(page, s.display.title);

    await test.step("theme: dark, then after a reload still dark and still chosen", async () => {
      const theme = display.getByRole("group", { name: s.display.theme });
      await theme.getByRole("radio", { name: ja.theme.dark }).check();
      await shell.expectDark(true);
      // The header's switch follows: both use the same theme store.
      await expect(shell.themeSwitch.getByRole("button", { name: ja.theme.dark })).toHaveAttribute("aria-pressed", "true");
      await page.reload();
      await shell.waitForHydration();
      await shell.expectDark(true);
      await expect(region(page, s.display.title).getByRole("radio", { name: ja.theme.dark })).toBeChecked();
    });

    await test.step("language: English from the keyboard, then after a reload still English", async () => {
      const language = display.getByRole("group", { name: s.display.language });
      await language.getByRole("radio", { name: ja.language.ja }).focus();
      await page.keyboard.press("ArrowDown");
      await expect(shell.html).toHaveAttribute("lang", "en");
      shell.locale = "en";
      await page.reload();
      await shell.waitForHydration();
      await expect(shell.html).toHaveAttribute("lang", "en");
      await expect(shell.heading).toHaveText(en.areas.settings.title);
      const enDisplay = region(page, en.settings.display.title);
      await expect(enDisplay.getByRole("group", { name: en.settings.display.language }).getByRole("radio", { name: en.language.en })).toBeChecked();
      await expect(enDisplay.getByRole("radio", { name: en.theme.dark })).toBeChecked();
    });

    await test.step("back to Japanese and light", async () => {
      const enDisplay = region(page, en.settings.display.title);
      await enDisplay.getByRole("radio", { name: en.theme.light }).check();
      await shell.expectDark(false);
      await enDisplay.getByRole("radio", { name: en.language.ja }).check();
      await expect(shell.html).toHaveAttribute("lang", "ja");
    });
  });

  test("a view saved on /orders is listed here, renamed (a taken name refused), opened with its filters and deleted", async ({ consoleErrors, page }) => {
    // The taken name: the rename is refused with 409.
    consoleErrors.allow(failedResource(409, "/api/grid/views/orders/"));
    const orders = new OrdersPage(page);
    await orders.goto();
    await orders.chooseQuickFilter(ja.orders.quick.status, ["受注メール取込済"]);
    await orders.waitForRows();
    const filtered = await orders.total();
    const stamp = Date.now();
    const name = `取込済 ${stamp}`;
    const other = `別のビュー ${stamp}`;
    const renamed = `メール取込 ${stamp}`;
    await orders.saveView(name);
    await orders.saveView(other);

    const shell = new ShellPage(page);
    await shell.goto("/settings");
    const views = region(page, s.views.title);
    const ordersGroup = views.getByRole("region", { name: new RegExp(`^${ja.areas.orders.title}`) });
    await expect(ordersGroup).toBeVisible();
    const item = (viewName: string) => views.getByRole("listitem").filter({ has: page.getByText(viewName, { exact: true }) });
    await expect(item(name)).toBeVisible();
    await expect(item(other)).toBeVisible();

    await test.step("renaming to a name the grid already has is refused with a clear message", async () => {
      await item(name).getByRole("button", { name: s.views.rename }).click();
      const input = views.getByRole("textbox");
      await expect(input).toBeFocused();
      await input.fill(other);
      await page.keyboard.press("Enter");
      const alert = views.getByRole("alert");
      await expect(alert).toContainText(other);
      await expect(alert).toContainText("別の名前にしてください");
      await expect(input).toHaveAttribute("aria-invalid", "true");
    });

    await test.step("a free name is taken, and the grid's own list shows it", async () => {
      await views.getByRole("textbox").fill(renamed);
      await views.getByRole("button", { name: s.views.renameSave, exact: true }).click();
      await expect(item(renamed)).toBeVisible();
      await expect(item(name)).toHaveCount(0);
      // Focus goes back to the button that opened the form.
      await expect(item(renamed).getByRole("button", { name: s.views.rename })).toBeFocused();
      expect(await storage(page, page.url()).viewNames()).toContain(renamed);
    });

    await test.step("Open shows the grid with the view's filters", async () => {
      await item(renamed).getByRole("link", { name: s.views.open }).click();
      await page.waitForURL((url) => url.pathname === "/orders");
      await expect(page).toHaveURL(new RegExp(`f=${STATUS}\\.in(%3A|:)1(&|$)`));
      await orders.waitForRows();
      expect(await orders.total()).toBe(filtered);
    });

    await test.step("Delete takes the view off at once and deletes it after the Undo's time", async () => {
      await shell.goto("/settings");
      const settings = new SettingsPage(page);
      // From the keyboard: Enter on Delete, and the focus is on Undo.
      await settings.viewDeleteButton(renamed).focus();
      await page.keyboard.press("Enter");
      await expect(item(renamed)).toHaveCount(0);
      await expect(settings.undoButton).toBeFocused();
      // Another delete sends the waiting one at once; the second waits for its own time.
      const firstSent = settings.deleteSent("orders", await viewId(page, renamed));
      const secondSent = settings.deleteSent("orders", await viewId(page, other));
      await settings.deleteView(other);
      await firstSent;
      await expect(settings.undoNotice).toContainText(other);
      await secondSent;
      await expect(settings.undoNotice).toHaveCount(0);
      await expect(item(other)).toHaveCount(0);
      const left = await storage(page, page.url()).viewNames();
      expect(left).not.toContain(renamed);
      expect(left).not.toContain(other);
    });
  });

  test("a deleted view comes back with Undo and is still there after a reload; without Undo it is gone after a reload", async ({ page, baseURL }) => {
    const api = storage(page, baseURL);
    await page.goto("/orders");
    const stamp = Date.now();
    const kept = `残すビュー ${stamp}`;
    const gone = `消すビュー ${stamp}`;
    const keptId = await api.createView(kept, [`${STATUS}.in:1`]);
    const goneId = await api.createView(gone, [`${STATUS}.in:20`]);
    try {
      const shell = new ShellPage(page);
      await shell.goto("/settings");
      const settings = new SettingsPage(page);
      await expect(settings.viewItem(kept)).toBeVisible();

      await test.step("delete, then Undo from the keyboard: the view is back, focus on its Delete button", async () => {
        await settings.viewDeleteButton(kept).focus();
        await page.keyboard.press("Enter");
        await expect(settings.viewItem(kept)).toHaveCount(0);
        await expect(settings.undoNotice).toContainText(kept);
        await expect(settings.undoButton).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(settings.undoNotice).toHaveCount(0);
        await expect(settings.viewItem(kept)).toBeVisible();
        await expect(settings.viewDeleteButton(kept)).toBeFocused();
      });

      await test.step("after a reload (the Undo's time long past), the view is still there", async () => {
        await page.reload();
        await shell.waitForHydration();
        await expect(settings.viewItem(kept)).toBeVisible();
        expect(await api.viewNames()).toContain(kept);
      });

      await test.step("delete without Undo: sent when the time runs out, focus back on the section; gone after a reload", async () => {
        const sent = settings.deleteSent("orders", goneId);
        await settings.deleteView(gone);
        await expect(settings.undoButton).toBeFocused();
        await sent;
        await expect(settings.undoNotice).toHaveCount(0);
        await expect(settings.viewsHeading).toBeFocused();
        await page.reload();
        await shell.waitForHydration();
        await expect(settings.viewItem(kept)).toBeVisible();
        await expect(settings.viewItem(gone)).toHaveCount(0);
        const names = await api.viewNames();
        expect(names).toContain(kept);
        expect(names).not.toContain(gone);
      });
    } finally {
      await api.deleteView(keptId);
      await api.deleteView(goneId);
    }
  });

  test("resetting a grid's columns brings back its default columns on that grid", async ({ page, baseURL }) => {
    const api = storage(page, baseURL);
    // Other stories may have left either grid's layout: both start from their defaults.
    await api.resetColumns("orders");
    await api.resetColumns("goods");
    const orders = new OrdersPage(page);
    await orders.goto();
    const headers = () => orders.headerNames();
    const defaults = await headers();
    expect(defaults.length).toBeGreaterThan(2);

    await api.putColumns("orders", ["receive_order_id", "receive_order_shop_id"]);
    await orders.goto();
    expect(await headers()).toHaveLength(2);

    const shell = new ShellPage(page);
    await shell.goto("/settings");
    const settings = new SettingsPage(page);
    const layouts = settings.region(s.layouts.title);
    const row = settings.layoutRow(layouts, "orders");
    await expect(row.getByRole("cell", { name: s.layouts.custom })).toBeVisible();
    await expect(settings.layoutRow(layouts, "goods").getByRole("button")).toHaveCount(0);
    await row.getByRole("button", { name: s.layouts.reset }).click();
    await expect(row.getByRole("cell", { name: s.layouts.default })).toBeVisible();
    await expect(row.getByRole("button")).toHaveCount(0);

    // Through the page's own link (no reload): the grid shows its defaults at once.
    await row.getByRole("link", { name: ja.areas.orders.title }).click();
    await page.waitForURL((url) => url.pathname === "/orders");
    await orders.waitForRows();
    expect(await headers()).toEqual(defaults);
    await page.reload();
    await orders.waitForRows();
    expect(await headers()).toEqual(defaults);
  });

  test("the connection shows the API, who is signed in and the tokens' end dates, never a token", async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto("/settings");
    const connection = region(page, s.connection.title);
    await expect(connection).toContainText(sandboxUrl);
    await expect(connection).toContainText(s.connection.sandbox);
    await expect(connection).toContainText("サンドボックス商店");
    await expect(connection.getByRole("button", { name: ja.account.signOut })).toBeVisible();

    const now = Date.now();
    const endOf = async (key: string) => {
      const time = new SettingsPage(page).connectionTime(connection, key);
      await expect(time).toHaveText(/\d{4}\/\d{1,2}\/\d{1,2} \d{1,2}:\d{2}/);
      return Date.parse((await time.getAttribute("datetime")) as string);
    };
    const accessEnd = await endOf("access-end");
    const refreshEnd = await endOf("refresh-end");
    expect(accessEnd).toBeGreaterThan(now);
    expect(accessEnd).toBeLessThanOrEqual(now + 86_400_000 + 60_000);
    expect(refreshEnd).toBeGreaterThanOrEqual(accessEnd);
    expect(refreshEnd).toBeLessThanOrEqual(now + 259_200_000 + 60_000);

    const tokens = await issuedTokens(page.request);
    expect(tokens.length).toBeGreaterThan(0);
    // The rendered page, and the server's own answer with its RSC payload.
    const pages = [await page.content(), await (await page.request.get("/settings")).text()];
    for (const html of pages) {
      for (const token of tokens) {
        expect(html).not.toContain(token.access_token);
        expect(html).not.toContain(token.refresh_token);
      }
      expect(html).not.toMatch(/access_?token"?\s*[:=]/i);
    }
  });

  test("in English, nothing but the person's own data is left in Japanese", async ({ page, baseURL }) => {
    const api = storage(page, baseURL);
    await page.goto("/orders");
    const viewName = `日本語のビュー ${Date.now()}`;
    const id = await api.createView(viewName, [`${STATUS}.in:20`]);
    await api.putColumns("goods", ["goods_id", "goods_name"]);
    try {
      const shell = new ShellPage(page);
      await shell.goto("/settings");
      await shell.switchLanguage("en");
      await expect(shell.heading).toHaveText(en.areas.settings.title);
      await expect(region(page, en.settings.views.title).getByRole("region", { name: new RegExp(`^${en.areas.orders.title}`) })).toBeVisible();
      const settings = new SettingsPage(page);
      await expect(settings.layoutRow(settings.region(en.settings.layouts.title), "goods")).toContainText(en.settings.layouts.custom);
      await expect(region(page, en.settings.connection.title)).toContainText(en.settings.connection.sandbox);
      expect(await shell.japaneseTextOutsideLangJa()).toEqual([]);
      // Delete a view: the Undo notice's sentence names it, still English around it; then Undo.
      const enSettings = new SettingsPage(page, "en");
      await enSettings.viewDeleteButton(viewName).click();
      await expect(enSettings.undoNotice).toContainText(viewName);
      expect(await shell.japaneseTextOutsideLangJa()).toEqual([]);
      expect(await shell.seriousA11yViolations()).toEqual([]);
      await enSettings.undoButton.click();
      await expect(enSettings.viewItem(viewName)).toBeVisible();
    } finally {
      await api.deleteView(id);
      await api.resetColumns("goods");
    }
  });
});
