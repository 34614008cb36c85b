import AxeBuilder from "@axe-core/playwright";
import { expect, type Locator, type Page } from "@playwright/test";
import en from "../../messages/en.json";
import ja from "../../messages/ja.json";

export type ShellLocale = "ja" | "en";
export type ThemeChoice = "light" | "dark" | "system";
export type Area = Exclude<keyof typeof ja.nav, "sections">;
/** Every area of the dashboard, in the messages' order (its path: `areaPath`). */
export const AREAS = Object.keys(ja.nav).filter((key): key is Area => key !== "sections");
/** An area's path: `/<area>`, the analytics views under /analytics (`analytics-sales` → /analytics/sales). */
export function areaPath(area: Area): string {
  return area.startsWith("analytics-") ? `/analytics/${area.slice("analytics-".length)}` : `/${area}`;
}

const catalogues = { ja, en } as const;

export type A11yViolation = { id: string; impact: string; help: string; targets: string[] };

// The dashboard shell as a user sees it: header, sidebar or drawer, content. Locators are
// found by role and accessible name in the language the page is currently shown in, so a
// label that is not translated (or not accessible) makes the test fail.
export class ShellPage {
  readonly page: Page;
  locale: ShellLocale;

  constructor(page: Page, locale: ShellLocale = "ja") {
    this.page = page;
    this.locale = locale;
  }

  get messages() {
    return catalogues[this.locale];
  }

  get html(): Locator {
    return this.page.locator("html");
  }

  get heading(): Locator {
    return this.page.getByRole("heading", { level: 1 });
  }

  get main(): Locator {
    return this.page.getByRole("main");
  }

  get skipLink(): Locator {
    return this.page.getByRole("link", { name: this.messages.shell.skipToContent });
  }

  // The visible primary navigation: the sidebar on desktop, the drawer's on phones.
  get primaryNav(): Locator {
    return this.page.getByRole("navigation", { name: this.messages.shell.primaryNavigation });
  }

  get languageSwitch(): Locator {
    return this.page.getByRole("group", { name: this.messages.language.label });
  }

  get themeSwitch(): Locator {
    return this.page.getByRole("group", { name: this.messages.theme.label });
  }

  get accountSummary(): Locator {
    return this.page.getByRole("group", { name: this.messages.account.label });
  }

  get menuButton(): Locator {
    return this.page.getByRole("button", { name: this.messages.shell.openMenu });
  }

  get drawer(): Locator {
    return this.page.getByRole("dialog", { name: this.messages.shell.menu });
  }

  /** A page's tabs: a navigation of links named `name` ("在庫の表示"). */
  tabs(name: string): Locator {
    return this.page.getByRole("navigation", { name, exact: true });
  }

  navLink(area: Area): Locator {
    return this.primaryNav.getByRole("link", { name: this.messages.nav[area], exact: true });
  }

  /** The paths of every area the primary navigation offers, once each. */
  async areaPaths(): Promise<string[]> {
    const hrefs = await this.primaryNav.getByRole("link").evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
    return [...new Set(hrefs.filter((href) => href.startsWith("/")))];
  }

  // Opens a path and waits until the client components are interactive.
  /** Signs out from the header and waits for the sign-in page. */
  async signOut(): Promise<void> {
    await this.page.getByRole("button", { name: this.messages.account.signOut }).first().click();
    await this.page.waitForURL((url) => url.pathname === "/login");
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.waitForHydration();
  }

  /**
   * Opens a path and waits until it has settled: hydrated, its requests answered, and nothing left
   * loading (no grid skeleton, nothing marked busy).
   */
  async gotoSettled(path: string): Promise<void> {
    await this.goto(path);
    await this.page.waitForLoadState("networkidle");
    await expect(this.page.locator('[data-grid-state="loading"], [aria-busy="true"]')).toHaveCount(0, { timeout: 30_000 });
  }

  async waitForHydration(): Promise<void> {
    // The theme switch marks the stored theme only once hydrated (useSyncExternalStore).
    await this.page
      .locator(`[role="group"][aria-label="${this.messages.theme.label}"] [aria-pressed="true"]`)
      .first()
      .waitFor({ state: "attached" });
  }

  async switchLanguage(to: ShellLocale): Promise<void> {
    await this.languageSwitch.getByRole("button", { name: catalogues[to].language[to] }).click();
    this.locale = to;
    await expect(this.html).toHaveAttribute("lang", to);
    await this.waitForHydration();
  }

  async setTheme(choice: ThemeChoice): Promise<void> {
    const button = this.themeSwitch.getByRole("button", { name: this.messages.theme[choice] });
    await button.click();
    await expect(button).toHaveAttribute("aria-pressed", "true");
  }

  async expectDark(dark: boolean): Promise<void> {
    if (dark) await expect(this.html).toHaveClass(/(^|\s)dark(\s|$)/);
    else await expect(this.html).not.toHaveClass(/(^|\s)dark(\s|$)/);
  }

  async expectNavLabels(labels: readonly string[]): Promise<void> {
    await expect(this.primaryNav.getByRole("link")).toHaveText(labels);
  }

  // Presses Tab until `target` has focus (as a keyboard user would), at most `maxTabs` times.
  async tabTo(target: Locator, maxTabs = 40): Promise<void> {
    for (let i = 0; i < maxTabs; i += 1) {
      await this.page.keyboard.press("Tab");
      if (await target.evaluate((element) => element === document.activeElement)) return;
    }
    throw new Error(`Tab did not reach the target within ${maxTabs} presses`);
  }

  async expectFocusRing(target: Locator): Promise<void> {
    await expect(target).toBeFocused();
    await expect(target).toHaveCSS("outline-style", "solid");
    await expect(target).toHaveCSS("outline-width", "2px");
  }

  async expectNoHorizontalOverflow(): Promise<void> {
    const overflow = await this.page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
  }

  // Visible text and accessible labels written in Japanese script, outside elements that
  // declare lang="ja" (the "日本語" choice of the language switch) and outside the shop's own
  // data (company and person names, marked data-user-content), which no language switch changes.
  async japaneseTextOutsideLangJa(): Promise<string[]> {
    return this.page.evaluate(() => {
      const japanese = /[\u3040-\u30ff\u3400-\u9fff\uff01-\uff60]/;
      const found: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        const text = node.textContent?.trim() ?? "";
        if (!parent || !text || parent.closest('[lang="ja"], [data-user-content]')) continue;
        if (!parent.checkVisibility({ visibilityProperty: true })) continue;
        if (japanese.test(text)) found.push(text);
      }
      for (const element of document.querySelectorAll("[aria-label], [title]")) {
        // A title or name repeating the shop's own data (a goods name's whole text) is that data.
        if (element.closest('[lang="ja"], [data-user-content]')) continue;
        for (const value of [element.getAttribute("aria-label"), element.getAttribute("title")]) {
          if (value && japanese.test(value)) found.push(value);
        }
      }
      if (japanese.test(document.title)) found.push(document.title);
      return found;
    });
  }

  // axe-core over the whole page; only what blocks people (serious, critical) is returned.
  async seriousA11yViolations(): Promise<A11yViolation[]> {
    const results = await new AxeBuilder({ page: this.page }).analyze();
    return results.violations
      .filter((violation) => violation.impact === "serious" || violation.impact === "critical")
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? "",
        help: violation.help,
        targets: violation.nodes.map((node) => node.target.join(" ")),
      }));
  }

  async expectNoSeriousA11yViolations(): Promise<void> {
    expect(await this.seriousA11yViolations()).toEqual([]);
  }
}
