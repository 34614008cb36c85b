// The sandbox's sign-in form (the API's own sign-in page, as the real one: found by its field
// names, which are the API's contract, not by this app's texts).
import type { Locator, Page } from "@playwright/test";

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
