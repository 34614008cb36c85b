// A new shop checks its connection on the settings page: every API operation the product uses is
// called once, one at a time, and shown as allowed; with one permission taken away (the API
// answers 004001 on one path, as it does for an operation the app's API settings do not allow),
// the check names exactly that operation as the one to allow. Uploads are never called.
import { expect, failedResource, test } from "./fixtures";
import { addFault, callLogMark, callsSince, clearFaults } from "./pages/sandbox-api";
import { SettingsPage } from "./pages/settings-page";
import { ShellPage } from "./pages/shell-page";
import { format } from "./pages/messages";
import { API_PERMISSIONS } from "../lib/ne/api-permissions";
import en from "../messages/en.json";
import ja from "../messages/ja.json";

const TAKEN_AWAY = "/api_v1_master_goodstag/search";

test.describe.configure({ timeout: 120_000 });
test.afterEach(async () => {
  await clearFaults();
});

test("the connection check names the one operation the app's API settings do not allow; uploads are not called", async ({ page, consoleErrors }) => {
  // The refused call is the proxy's 403, which the check reads.
  consoleErrors.allow(failedResource(403, `/api/ne${TAKEN_AWAY}`));
  const t = ja.settings.connectionCheck;
  const settings = new SettingsPage(page);
  await page.goto("/settings");
  const section = settings.region(t.title);
  await expect(section).toContainText(t.description);

  await addFault({ path: TAKEN_AWAY, kind: "error", code: "004001", message: "このAPIの利用は許可されていません" });
  const mark = await callLogMark();
  await section.getByRole("button", { name: t.start }).click();

  const uploads = API_PERMISSIONS.filter((p) => p.kind === "upload");
  const checked = API_PERMISSIONS.filter((p) => p.kind !== "upload");
  const summary = format(t.summary.problems, { allowed: checked.length - 1, refused: 1, failing: 0, notChecked: uploads.length });
  await expect(section.getByRole("status")).toHaveText(summary, { timeout: 90_000 });

  // The refused operation, named as the API settings list names it, with its path.
  const refused = API_PERMISSIONS.find((p) => p.path === TAKEN_AWAY)!;
  const alert = section.getByRole("alert");
  await expect(alert).toContainText(t.refusedTitle);
  await expect(alert.locator("[data-refused-permission]")).toHaveCount(1);
  await expect(alert.locator(`[data-refused-permission="${TAKEN_AWAY}"]`)).toContainText(refused.label.ja);
  const row = section.locator(`[data-permission="${TAKEN_AWAY}"]`);
  await expect(row).toHaveAttribute("data-check-state", "refused");
  await expect(row).toContainText(format(t.refusedHint, { code: "004001" }));

  // Every other operation allowed; the uploads not checked, and never called.
  for (const p of checked.filter((p) => p.path !== TAKEN_AWAY)) await expect(section.locator(`[data-permission="${p.path}"]`)).toHaveAttribute("data-check-state", "allowed");
  for (const p of uploads) {
    await expect(section.locator(`[data-permission="${p.path}"]`)).toHaveAttribute("data-check-state", "not-checked");
    expect(await callsSince(mark, p.path), p.path).toHaveLength(0);
  }
  // Each checked operation reached the API once, one row at most.
  for (const p of checked) expect((await callsSince(mark, p.path)).length, p.path).toBe(1);
});

test("in English, with every permission in place, it says everything works", async ({ page }) => {
  const t = en.settings.connectionCheck;
  const shell = new ShellPage(page);
  await shell.goto("/settings");
  await shell.switchLanguage("en");
  const section = new SettingsPage(page, "en").region(t.title);
  await section.getByRole("button", { name: t.start }).click();
  const uploads = API_PERMISSIONS.filter((p) => p.kind === "upload").length;
  await expect(section.getByRole("status")).toHaveText(format(t.summary.ok, { allowed: API_PERMISSIONS.length - uploads, notChecked: uploads }), { timeout: 90_000 });
  await expect(section.getByRole("alert")).toHaveCount(0);
});
