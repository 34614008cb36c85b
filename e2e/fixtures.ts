// Test fixtures shared by every story: signing in through the sandbox's sign-in page exactly as a
// person does (once per user and worker; each test then starts from that saved browser state).
import { test as base, expect, type Browser, type Page } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { SandboxSignInPage } from "./pages/sign-in-page";

export const SANDBOX_USERS = {
  staff: { login: "staff@sandbox.test", company: "1" },
  manager: { login: "manager@sandbox.test", company: "1" },
  operator: { login: "operator@another.test", company: "2" },
} as const;
export type SandboxUser = keyof typeof SANDBOX_USERS;
export const SANDBOX_PASSWORD = "sandbox";

export const sandboxUrl = `http://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 4110}`;

/** Signs in on the current page's flow: /login → the sandbox's form → back to `from`. */
export async function signInThroughForm(page: Page, user: SandboxUser, from = "/orders"): Promise<void> {
  await page.goto(`/login?from=${encodeURIComponent(from)}`);
  await page.getByRole("link", { name: /サインイン|Sign in/ }).click();
  await page.waitForURL((url) => url.pathname.startsWith("/users/sign_in"));
  await new SandboxSignInPage(page).signIn(SANDBOX_USERS[user].login, SANDBOX_PASSWORD);
  await page.waitForURL((url) => url.pathname === from.split("?")[0]);
}

async function storageStateFor(browser: Browser, baseURL: string, user: SandboxUser): Promise<string> {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "backyard-e2e-")), `${user}.json`);
  const context = await browser.newContext({ baseURL, locale: "ja-JP" });
  const page = await context.newPage();
  await signInThroughForm(page, user);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

type WorkerFixtures = { signedInStates: Map<SandboxUser, string> };
/** The story's side of the console-error check: the errors it expects, named narrowly. */
export interface ConsoleErrors {
  /** Allows console errors matching any of `patterns` for the rest of this story (e.g. the 502s of a fault it injects). */
  allow(...patterns: RegExp[]): void;
}

type TestFixtures = {
  user: SandboxUser | null;
  consoleErrorsAllowed: readonly RegExp[];
  consoleErrors: ConsoleErrors;
};

/** A console "error" message or an uncaught error of a page, as the story's failure lists it. */
function consoleErrorText(kind: "console" | "pageerror", text: string, url: string): string {
  return `${kind}: ${text}${url ? ` (${url})` : ""}`;
}

/**
 * Every story fails on a console error (a console "error" message or an uncaught page error of
 * any page of its browser context) unless it names the errors it expects, narrowly: in one story,
 * `consoleErrors.allow(failedResource(502, "/api/board?"))` where it injects an upstream fault; for
 * a group, the same in a `test.beforeEach`, or `test.use({ consoleErrorsAllowed: [[/a/, /b/], {}] })`
 * (Playwright reads an option's array as [value, options]).
 *
 * `test` signs in as `user` (default staff; `test.use({ user: null })` for a signed-out browser,
 * `test.use({ user: "operator" })` for company 2) before the test's first page loads.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  user: ["staff", { option: true }],
  consoleErrorsAllowed: [[], { option: true }],
  consoleErrors: [
    async ({ context, consoleErrorsAllowed }, use) => {
      const seen: string[] = [];
      // An array given to test.use() is read as [value, options]: a lone pattern arrives bare.
      const allowed: RegExp[] = consoleErrorsAllowed instanceof RegExp ? [consoleErrorsAllowed] : [...consoleErrorsAllowed];
      context.on("console", (message) => {
        if (message.type() === "error") seen.push(consoleErrorText("console", message.text(), message.location().url));
      });
      context.on("weberror", (error) => seen.push(consoleErrorText("pageerror", String(error.error()), error.page()?.url() ?? "")));
      await use({ allow: (...patterns) => void allowed.push(...patterns) });
      const unexpected = seen.filter((line) => !allowed.some((pattern) => pattern.test(line)));
      expect(unexpected, "console errors the story does not expect").toEqual([]);
    },
    { auto: true },
  ],
  signedInStates: [
    async ({ browser }, provide) => {
      void browser; // worker fixtures take other fixtures as their first argument
      await provide(new Map());
    },
    { scope: "worker" },
  ],
  storageState: async ({ user, browser, baseURL, signedInStates, storageState }, provide) => {
    if (!user) return provide(storageState);
    let file = signedInStates.get(user);
    if (!file) {
      file = await storageStateFor(browser, baseURL ?? "", user);
      signedInStates.set(user, file);
    }
    await provide(file);
  },
});

export { expect };

/** The browser's line for a request answered with `status` ("Failed to load resource: ... 502"), optionally only for URLs matching `url`. */
export function failedResource(status: number, url: RegExp | string = ""): RegExp {
  const source = typeof url === "string" ? url.replace(/[.*+?^${}()|[\]\\]/g, "\\$&") : url.source;
  return new RegExp(`^console: Failed to load resource: the server responded with a status of ${status}\\b.*${source}`);
}

/** The console line React writes for an upstream failure its error boundary caught (an error panel with Retry). */
export function caughtBffError(status: number): RegExp {
  return new RegExp(`^console: BffError: API answered HTTP ${status}\\b`);
}
