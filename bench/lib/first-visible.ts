// When the first element matching a selector shows, checked on every animation frame. A
// locator's waitFor polls with a backoff that reaches 500 ms between checks, so it can report a
// row drawn hundreds of milliseconds late, and a window timed with it holds calls the row never
// waited for.
import type { Page } from "@playwright/test";

export async function firstVisible(page: Page, selector: string, timeout: number): Promise<void> {
  await page.waitForFunction((s) => document.querySelector(s)?.checkVisibility() === true, selector, { polling: "raf", timeout });
}
