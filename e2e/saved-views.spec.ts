import { expect, test } from "./support/fixtures";
import type { SavedViews } from "@/lib/shared/triage/saved-views";
import { e2e } from "./support/env";
import { multiFilter, open } from "./support/list";
import { signIn } from "./support/sign-in";

// Saved views as a team uses them: the worker's analyst saves a filtered list shared with the team;
// a teammate (views.analyst, in a browser of their own) finds it under its maker's name, opens
// it with its filters, and may not rename it.

const FILTERED = "/d/acme/alarms?status=open&priority_label=high";

test("a view shared with the team opens for a teammate with its filters, and stays its maker's", async ({
  page,
  browser,
  analyst,
}, testInfo) => {
  // A retry on the same server saves a view of its own (a name is its maker's once).
  const name = `Open and high ${testInfo.retry}`;
  await open(page, FILTERED);
  await page.getByRole("button", { name: "Views" }).click();
  await page.getByRole("button", { name: "Save this view…" }).click();
  await page.getByLabel("Name").fill(name);
  await page.getByLabel("Share with the team").check();
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const mine = page.getByRole("region", { name: "My views" });
  await expect(mine.getByRole("button", { name: `${name} Shared with the team` })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("button", { name: "Views" })).toBeFocused();

  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const teammate = await context.newPage();
  await signIn(teammate, "views.analyst", e2e.localPassword);
  await open(teammate, "/d/acme/alarms");
  await teammate.getByRole("button", { name: "Views" }).click();
  const team = teammate.getByRole("region", { name: "Shared with the team" });
  const shared = team.getByRole("button", { name: `${name} by ${analyst}` });
  await expect(shared).toBeVisible();
  // Not theirs to change: no actions offered, and the API refuses a rename.
  await expect(teammate.getByRole("button", { name: `Change ${name}` })).toHaveCount(0);
  const { views } = (await (await teammate.request.get("/api/views")).json()) as SavedViews;
  const view = views.find((one) => one.name === name)!;
  const rename = await teammate.request.patch(`/api/views/${view.id}`, { data: { name: "Mine" } });
  expect(rename.status()).toBe(403);

  await shared.click();
  await expect(teammate).toHaveURL(FILTERED);
  await expect(multiFilter(teammate, "USM status")).toHaveAccessibleName("USM status Open");
  await expect(multiFilter(teammate, "Priority")).toHaveAccessibleName("Priority High");
  await context.close();
});
