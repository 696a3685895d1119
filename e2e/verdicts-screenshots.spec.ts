import { mkdirSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";
import { open } from "./support/list";

// Screenshots of a closed alarm's detail and of the close form, at a desktop, a small laptop and a
// phone width, light and dark, for a person to look at (they compare nothing):
//   SCREENSHOT_DIR=screens npm run screenshots -- verdicts-screenshots
const dir = process.env.SCREENSHOT_DIR ?? "test-results/verdicts-screenshots";

const sizes = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

for (const colorScheme of ["light", "dark"] as const) {
  for (const size of sizes) {
    test(`closed detail and close form at ${size.width}px, ${colorScheme}`, async ({ page }) => {
      mkdirSync(dir, { recursive: true });
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme });
      const name = `${size.width}-${colorScheme}`;
      const { alarms } = await alarmsFromApi(page.request, "size=100&sort=priority,asc");
      const [closed, original, open_] = [alarms[95]!, alarms[96]!, alarms[97]!];
      const put = await page.request.put(`/api/d/acme/alarms/${closed.uuid}/triage/closed`, {
        data: {
          verdict: "duplicate",
          duplicateOf: original.uuid,
          reason: "The same port scan as the original, reported again by the second sensor.",
        },
      });
      expect(put.status()).toBe(200);

      await open(page, `/d/acme/alarms/${closed.uuid}`);
      const panel = page.locator("main [data-triage-panel]");
      await expect(panel.locator("[data-triage-closed]")).toBeVisible();
      await page.mouse.move(0, 0);
      await panel.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${dir}/closed-${name}.png` });

      await open(page, `/d/acme/alarms/${open_.uuid}`);
      await page
        .locator("main [data-triage-panel]")
        .getByRole("button", { name: "Close…" })
        .click();
      const dialog = page.locator("dialog[data-triage-dialog=close]");
      await dialog.getByRole("radio", { name: /Duplicate/ }).check();
      await dialog.getByLabel(/^Duplicate of/).fill("not a link");
      await dialog.getByLabel(/^Why/).fill("Reported twice.");
      await dialog.getByRole("button", { name: "Close the alarm" }).click();
      await expect(dialog.getByRole("alert")).toBeVisible();
      await page.screenshot({ path: `${dir}/close-form-${name}.png` });
    });
  }
}
