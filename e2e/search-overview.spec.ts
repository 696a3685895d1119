import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { open, settled } from "./support/list";
import { everyAlarm, searchWhenIndexed, usersOf } from "./support/search";

// A search keeps the overview of the list (issue #36): the page with `q` shows counts by
// priority, status and intent and the histogram, over the search's matches as Acme's simulator
// (seed 42, never staged into) holds them; alarms without a status are counted as "No status",
// so the statuses add up to the search's alarms, and that count filters the list to them.

const count = (page: Page, value: string) =>
  page.locator(`[data-overview-group="status"] [data-overview-count="${value}"]`);

async function countOf(page: Page, value: string): Promise<number> {
  await expect(count(page, value)).toHaveAttribute("data-count", /^\d+$/);
  return Number(await count(page, value).getAttribute("data-count"));
}

test("a search shows the overview of its matches, the alarms without a status among them", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const acme = await everyAlarm(e2e.simulatorUrl);
  const user = "lchen";
  const matches = acme.filter((alarm) => usersOf(alarm).includes(user));
  await searchWhenIndexed(page.request, `user:${user}`, matches.length);

  await open(page, `/d/acme/alarms?q=user%3A${user}`);
  await settled(page);
  const overview = page.getByRole("region", { name: "Overview" });
  await expect(overview).toContainText("of the alarms this search and these filters match");
  for (const status of ["open", "in_review", "closed", "none"]) {
    const want = matches.filter((alarm) => (alarm.status ?? "none") === status).length;
    expect(await countOf(page, status), status).toBe(want);
  }
  await expect(count(page, "none")).toContainText("No status");
  await expect(page.locator("[data-overview-bar]").first()).toBeVisible();

  // The count of those without a status filters the search's list to them.
  await count(page, "none").click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?q=user%3Alchen&status=none$/);
});
