import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { searchWhenIndexed } from "./support/search";
import { signIn } from "./support/sign-in";

// Two analysts working one alarm in two browsers: one takes it and the other sees it at once
// ("… took this alarm"); a take from a page that missed the news is refused naming who has it;
// a note with markup shows as text with its link clickable; an acknowledgement shows live; the
// list shows the owner, and "Mine" finds the alarm.

const PARTNER = "triage.partner";

async function partnerPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, PARTNER, e2e.localPassword);
  return page;
}

/**
 * An Acme alarm nobody has worked yet (a row of its list further down on a retry), once the index
 * holds it: "Mine" reads the index, which the sync fills in the background after the app starts.
 */
async function freshAlarm(page: Page, retry: number): Promise<string> {
  await page.goto("/d/acme/alarms");
  const row = page.locator("tbody tr[data-alarm-row]").nth(4 + retry * 3);
  const uuid = await row.getAttribute("data-alarm-row");
  if (!uuid) throw new Error("no alarm row");
  await searchWhenIndexed(page.request, `uuid:${uuid}`, 1);
  return uuid;
}

/**
 * The alarm's triage panel where the analyst sees it: while a busy browser has not yet put a
 * streamed part of the page in place, React holds a hidden copy of it outside the main.
 */
const panel = (page: Page) => page.locator("main [data-triage-panel]");

// The first spec of a run may wait for the index's backfill (see freshAlarm).
test.describe.configure({ timeout: 150_000 });

test("two analysts work one alarm, each seeing the other's changes as they happen", async ({
  page,
  browser,
  analyst,
}, testInfo) => {
  const uuid = await freshAlarm(page, testInfo.retry);
  const partner = await partnerPage(browser);
  await partner.goto(`/d/acme/alarms/${uuid}`);
  await page.goto(`/d/acme/alarms/${uuid}`);
  await expect(panel(page).getByText("Owner:")).toBeVisible();
  await expect(panel(partner).getByRole("button", { name: "Take it" })).toBeEnabled();
  // Each page hears the team's notices before the other acts (a notice is news, not state: one
  // sent before a stream opened is not replayed, the page reads the state when it opens).
  for (const each of [page, partner]) {
    await expect(panel(each)).toHaveAttribute("data-triage-live", "open");
  }

  await panel(partner).getByRole("button", { name: "Take it" }).click();
  await expect(panel(partner)).toHaveAttribute("aria-busy", "false");
  await expect(panel(partner).locator(`[data-triage-owner="${PARTNER}"]`)).toBeVisible();
  // The analyst's page hears of it through the live stream, without reloading.
  await expect(panel(page).getByText(`${PARTNER} took this alarm`)).toBeVisible();
  await expect(panel(page).locator(`[data-triage-owner="${PARTNER}"]`)).toBeVisible();

  const hostile = '<img src=x onerror="window.__pwned=1"> see https://example.com/case/42.';
  await panel(partner)
    .getByPlaceholder(/A note for the team/)
    .fill(hostile);
  await panel(partner).getByRole("button", { name: "Add note" }).click();
  const note = panel(page).locator("[data-note-text]").first();
  await expect(note).toHaveText(hostile);
  await expect(note.getByRole("link")).toHaveAttribute("href", "https://example.com/case/42");
  expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();

  await panel(page).getByRole("button", { name: "Acknowledge" }).click();
  await expect(panel(partner).getByText(`${analyst} acknowledged this alarm`)).toBeVisible();
  await expect(panel(partner).getByText("✓ Acknowledged")).toBeVisible();

  // The partner's list shows who has it, and "Mine" finds it.
  await partner.goto("/d/acme/alarms");
  await partner.getByRole("button", { name: "Mine" }).click();
  await expect(partner).toHaveURL(/q=owner%3Ame/);
  const row = partner.locator(`tbody tr[data-alarm-row="${uuid}"]`);
  await expect(row.locator("[data-triage-owner]")).toHaveText(PARTNER);
  await expect(row.locator("[data-triage-acknowledged]")).toBeVisible();
  await expect(row.locator("[data-triage-notes]")).toHaveAttribute("data-triage-notes", "1");
  await partner.context().close();
});

test("a take from a page that missed the news is refused, naming who has the alarm", async ({
  page,
  browser,
}, testInfo) => {
  const uuid = await freshAlarm(page, testInfo.retry + 2);
  // This page hears nothing live: it acts on what it saw when it opened.
  await page.route("**/api/live?**", (route) => route.abort());
  await page.goto(`/d/acme/alarms/${uuid}`);
  await expect(panel(page).getByRole("button", { name: "Take it" })).toBeEnabled();

  const partner = await partnerPage(browser);
  await partner.goto(`/d/acme/alarms/${uuid}`);
  await panel(partner).getByRole("button", { name: "Take it" }).click();
  await expect(panel(partner).locator(`[data-triage-owner="${PARTNER}"]`)).toBeVisible();

  await panel(page).getByRole("button", { name: "Take it" }).click();
  await expect(panel(page).getByRole("alert")).toHaveText(`${PARTNER} has this alarm.`);
  await expect(panel(page).locator(`[data-triage-owner="${PARTNER}"]`)).toBeVisible();
  await partner.context().close();
});

test("bulk: two rows taken, then every alarm of the exact view acknowledged after its count is confirmed", async ({
  page,
}, testInfo) => {
  const first = await freshAlarm(page, testInfo.retry + 4);
  const rows = page.locator("tbody tr[data-alarm-row]");
  const second = await rows.nth(17 + testInfo.retry).getAttribute("data-alarm-row");
  await searchWhenIndexed(page.request, `uuid:${second}`, 1);
  await page.getByRole("button", { name: "Select", exact: true }).click();
  for (const uuid of [first, second]) {
    await page.locator(`tr[data-alarm-row="${uuid}"] [data-choose-row]`).check();
  }
  const bar = page.locator("[data-bulk-bar]");
  await expect(bar.locator("[data-bulk-scope]")).toHaveText("2 chosen");
  await bar.getByRole("button", { name: "Take", exact: true }).click();
  await expect(bar.locator("[data-bulk-confirm]")).toContainText("Take 2 alarms?");
  await bar.getByRole("button", { name: "Confirm" }).click();
  await expect(bar.locator("[data-bulk-report]")).toHaveText("2 done");

  // The analyst's own alarms, as a view: every one of them, after the count is shown.
  await page.getByRole("button", { name: "Mine" }).click();
  await expect(page).toHaveURL(/q=owner%3Ame/);
  await expect(page.locator(`tbody tr[data-alarm-row="${second}"]`)).toBeVisible();
  // The rows of the view before "Mine" stay on the page (dimmed) until the view's own arrive.
  await expect(page.locator("table[data-alarm-rows]")).toHaveAttribute("aria-busy", "false");
  const total = await page.locator("tbody tr[data-alarm-row]").count();
  // What was chosen in the other view is not carried over.
  const select = page.getByRole("button", { name: "Select", exact: true });
  if ((await select.getAttribute("aria-pressed")) !== "true") await select.click();
  await expect(bar.locator("[data-bulk-scope]")).toHaveText("0 chosen");
  await page.getByRole("checkbox", { name: "Choose every alarm of this page" }).check();
  const chooseAll = bar.getByRole("button", { name: /Choose all \d+ alarms of this view/ });
  await chooseAll.click();
  await expect(bar.locator("[data-bulk-scope]")).toHaveText(`Every alarm of this view (${total})`);
  await bar.getByRole("button", { name: "Acknowledge", exact: true }).click();
  const confirm = bar.locator("[data-bulk-confirm]");
  // The count confirmed is the view's, with the range it is frozen to.
  await expect(confirm).toContainText(`Acknowledge ${total} alarm`);
  await expect(confirm).toContainText("up to");
  await bar.getByRole("button", { name: "Confirm" }).click();
  await expect(bar.locator("[data-bulk-report]")).toContainText("done");
  for (const uuid of [first, second]) {
    await expect(
      page.locator(`tr[data-alarm-row="${uuid}"] [data-triage-acknowledged]`),
    ).toBeVisible();
  }
});
