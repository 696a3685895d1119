import { mkdirSync } from "node:fs";
import { expect, test } from "./support/fixtures";
import { open, rows } from "./support/list";

// Screenshots of the list and the detail, taken from the real app at 1440x900, for the README.
// They compare nothing, so no test run takes them: `npm run screenshots` does (the `screenshots`
// project), writing them under test-results/ so it never changes tracked files. To refresh the
// README's:
//   SCREENSHOT_DIR=docs npm run screenshots -- alarms-screenshots
const dir = process.env.SCREENSHOT_DIR ?? "test-results/screenshots";

test.use({ viewport: { width: 1440, height: 900 }, colorScheme: "light" });

test("screenshots of the list and the detail for the README", async ({ page }) => {
  mkdirSync(dir, { recursive: true });
  await open(page, "/d/acme/alarms?status=open");
  await expect(rows(page)).toHaveCount(20);
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${dir}/alarms.png` });

  // The detail of an alarm with many events shows the honest "10 of N" count.
  const events = await rows(page).evaluateAll((trs) =>
    trs.map((tr) => Number(tr.lastElementChild?.textContent?.replace(/\D/g, "") ?? 0)),
  );
  const index = Math.max(
    0,
    events.findIndex((count) => count > 100),
  );
  await rows(page).nth(index).getByRole("link").click();
  await expect(page.locator("#alarm-title")).toBeVisible();
  await page.getByRole("table", { name: "Events" }).locator("summary").first().click();
  await page.mouse.move(0, 0);
  await page.screenshot({ path: `${dir}/alarm-detail.png` });
});

test("a screenshot of the list on a phone for the README", async ({ page }) => {
  mkdirSync(dir, { recursive: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, "/d/acme/alarms?status=open&range=7d");
  await expect(page.locator("[data-alarm-card]").first()).toBeVisible();
  await page.screenshot({ path: `${dir}/alarms-phone.png` });
});

test("a screenshot of the home page for the README", async ({ page }) => {
  mkdirSync(dir, { recursive: true });
  await page.goto("/");
  await expect(
    page.getByRole("article", { name: "Globex" }).getByRole("link", { name: /^Open in USM: / }),
  ).toBeVisible();
  await expect(page.getByText("Loading the counts")).toHaveCount(0);
  await page.screenshot({ path: `${dir}/home.png` });
});
