import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { rows } from "./support/list";
import { simulatorAdmin } from "./support/simulator-api";

// The list when USM Anywhere fails or rate-limits, and how it recovers. Breaks the shared
// simulator on purpose, so it runs in the `faults` project (last, one at a time). Each test uses
// a filter combination no other spec uses, so the server's short cache cannot answer for it.

const acme = simulatorAdmin(e2e.simulatorUrl);

test.afterEach(async () => {
  await acme.reset();
});

test("an upstream error shows its message and Retry, and Retry recovers", async ({ page }) => {
  await acme.faults({ failRate: 1, failStatus: 500, routes: ["alarms"] });
  await page.goto(
    "/d/acme/alarms?size=10&sort=rule_method,desc&status=in_review&priority_label=low",
  );

  const alert = page.getByRole("alert").filter({ hasText: "Could not load alarms" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("upstream_");
  // Our error shape's message, not a stack trace or the upstream's address.
  await expect(alert).not.toContainText(e2e.simulatorUrl);
  await expect(alert).not.toContainText(" at ");

  await acme.reset();
  await alert.getByRole("button", { name: "Retry" }).click();
  await expect(rows(page)).toHaveCount(10);
  await expect(alert).toBeHidden();
});

test("a rate-limited upstream says so, counts down, and retries by itself", async ({ page }) => {
  test.setTimeout(90_000);
  await acme.faults({ failRate: 1, failStatus: 429, routes: ["alarms"] });
  await page.goto(
    "/d/acme/alarms?size=10&sort=rule_intent,desc&status=closed&priority_label=medium",
  );

  // The server waits out 429s for a few seconds before it gives up, then the browser takes over.
  const notice = page.getByRole("status").filter({ hasText: "USM Anywhere is rate-limiting" });
  await expect(notice).toBeVisible({ timeout: 30_000 });
  await expect(notice).toHaveText(/retrying in \d+ s|retrying now/);

  await acme.reset();
  await expect(rows(page)).toHaveCount(10, { timeout: 30_000 });
  await expect(notice).toBeHidden();
});
