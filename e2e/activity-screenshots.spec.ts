import { mkdirSync } from "node:fs";
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";

// Screenshots of the team's activity page at a desktop, a small laptop and a phone width, light
// and dark, for a person to look at (nothing compares pixels: `npm run screenshots` takes them).
//   SCREENSHOT_DIR=screens npm run screenshots -- activity-screenshots
const dir = process.env.SCREENSHOT_DIR ?? "test-results/activity-screenshots";

const sizes = [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
] as const;

/** Something to show: acknowledgements of the worker's analyst (again: nothing new recorded). */
async function acknowledgeSome(request: APIRequestContext): Promise<void> {
  const { alarms } = await alarmsFromApi(request, "size=10&sort=priority,asc");
  for (const alarm of alarms) {
    const path = `/api/d/acme/alarms/${alarm.uuid}/triage/acknowledged`;
    await request.put(path, { data: { acknowledged: true } });
  }
}

for (const colorScheme of ["light", "dark"] as const) {
  for (const size of sizes) {
    test(`activity at ${size.width}px, ${colorScheme}`, async ({ page }) => {
      // The first writes wait while a fresh index fills (PGlite is one connection).
      test.setTimeout(120_000);
      mkdirSync(dir, { recursive: true });
      await page.setViewportSize(size);
      await page.emulateMedia({ colorScheme });
      await acknowledgeSome(page.request);
      await page.goto("/activity"); // a server page: nothing of it waits to hydrate
      await expect(page.locator("[data-activity-row]").first()).toBeVisible();
      await page.mouse.move(0, 0);
      const name = `${size.width}-${colorScheme}`;
      await page.screenshot({ path: `${dir}/activity-${name}.png` });
      await page.screenshot({ path: `${dir}/activity-${name}-full.png`, fullPage: true });
    });
  }
}
