import { mkdirSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { fullestAlarm } from "./support/alarms-api";
import { open } from "./support/list";

// Screenshots of the list (a deployment's and every deployment's) and the detail at a desktop, a small laptop and a phone width, light
// and dark, for a person to look at after a layout change (nothing here compares pixels, so no
// test run takes them: `npm run screenshots` does). Into a folder of your choice (relative to
// the repository; the default is under test-results/, emptied by the next run):
//   SCREENSHOT_DIR=screens npm run screenshots -- layout-screenshots
const dir = process.env.SCREENSHOT_DIR ?? "test-results/layout-screenshots";

const sizes = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

for (const colorScheme of ["light", "dark"] as const) {
  for (const size of sizes) {
    test(`list and detail at ${size.width}px, ${colorScheme}`, async ({ page }) => {
      mkdirSync(dir, { recursive: true });
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme });
      const name = `${size.width}-${colorScheme}`;

      await open(page, "/d/acme/alarms?status=open");
      await expect(
        page.locator("a[data-row-link]").filter({ visible: true }).first(),
      ).toBeVisible();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${dir}/list-${name}.png` });
      await page.screenshot({ path: `${dir}/list-${name}-full.png`, fullPage: true });
      if (size.width >= 768) {
        await page.getByRole("radio", { name: "Compact" }).check();
        await page.getByRole("button", { name: /^Columns/ }).click();
        await page.getByRole("checkbox", { name: "Sources" }).uncheck();
        await page.screenshot({ path: `${dir}/list-${name}-compact-chooser.png` });
      } else {
        await page.getByRole("button", { name: /^Filters/ }).click();
        await page.screenshot({ path: `${dir}/list-${name}-filters-open.png` });
      }

      // The same list over every deployment: a deployment column, the deployments' picker.
      await open(page, "/d/all/alarms?status=open");
      await expect(
        page.locator("a[data-row-link]").filter({ visible: true }).first(),
      ).toBeVisible();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${dir}/all-${name}.png` });

      await open(page, `/d/acme/alarms/${(await fullestAlarm(page.request)).uuid}`);
      await expect(page.locator("#alarm-title")).toBeVisible();
      // The pivots' counts (or the note saying the index cannot answer) come after the detail.
      await page
        .locator("[data-pivot-count]")
        .first()
        .or(page.locator("[data-pivots-unavailable]"))
        .waitFor();
      await page
        .locator("section[aria-labelledby='events-heading'] summary")
        .filter({ visible: true })
        .first()
        .click();
      await page.locator("section[aria-labelledby='raw-heading'] summary").click();
      await page.mouse.move(0, 0);
      await page.screenshot({ path: `${dir}/detail-${name}-full.png`, fullPage: true });
    });
  }
}
