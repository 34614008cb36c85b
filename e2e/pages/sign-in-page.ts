// The sandbox's sign-in form (the API's own sign-in page, as the real one: found by its field
// names, which are the API's contract, not by this app's texts).
import type { Locator, Page } from "@playwright/test";
import ja from "../../messages/ja.json";
import { escapeRegExp } from "./messages";

export class SandboxSignInPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  get loginField(): Locator {
    return this.page.locator('input[name="user[login_code]"]');
  }

  get passwordField(): Locator {
    return this.page.locator('input[name="user[password]"]');
  }

  get submitButton(): Locator {
    return this.page.locator('form [type="submit"]').first();
  }

  /** Fills the form and sends it. */
  async signIn(login: string, password: string): Promise<void> {
    await this.loginField.fill(login);
    await this.passwordField.fill(password);
    await this.submitButton.click();
  }
}

/** The dashboard's own sign-in page (/login): why the person is here and where they go back to. */
export class LoginPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  /** "Back to after sign-in: PATH" (shown unless it is the default page). */
  get returnTo(): Locator {
    return this.page.getByText(new RegExp(`^${escapeRegExp(ja.login.returnTo.split("{path}")[0] ?? "")}`));
  }

  /** The path the page says the person goes back to. */
  async returnPath(): Promise<string> {
    const text = (await this.returnTo.innerText()).trim();
    return text.slice((ja.login.returnTo.split("{path}")[0] ?? "").length);
  }
}

/**
 * The sandbox's app menu (`/apps` on the sandbox's host), as NextEngine's main function lists the
 * apps a person may start: signing in to the sandbox first when needed, then one link per app.
 */
export class SandboxAppMenu {
  readonly page: Page;
  readonly sandboxUrl: string;

  constructor(page: Page, sandboxUrl: string) {
    this.page = page;
    this.sandboxUrl = sandboxUrl;
  }

  /** The link that starts `name` (the app's name as the menu shows it). */
  app(name: string): Locator {
    return this.page.getByRole("navigation").getByRole("link", { name });
  }

  /** Opens the menu, signing in to the sandbox on its own form first when it asks. */
  async open(login: string, password: string): Promise<void> {
    await this.page.goto(`${this.sandboxUrl}/apps`);
    if (new URL(this.page.url()).pathname.startsWith("/users/sign_in")) {
      await new SandboxSignInPage(this.page).signIn(login, password);
      await this.page.waitForURL((url) => url.pathname === "/apps");
    }
  }
}
