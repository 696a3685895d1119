import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";
import { e2e, WORKER_ANALYSTS } from "./support/env";
import { searchWhenIndexed } from "./support/search";
import { signIn } from "./support/sign-in";

// Verdicts with two analysts in two browsers (issue 37): one closes an alarm as a false positive
// with a reason and the other's open detail shows it closed at once, with who and why; a reopen
// the same way; a duplicate links to its original; a teammate's alarm is taken over only once
// asked; the exact view closed in bulk after its count is confirmed, a teammate's alarm left.

/** The partner of this worker's analyst: a worker analyst no worker of a two-worker run uses. */
function partnerOf(parallelIndex: number): string {
  return WORKER_ANALYSTS[WORKER_ANALYSTS.length - 1 - parallelIndex]!;
}

async function partnerPage(browser: Browser, partner: string): Promise<Page> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, partner, e2e.localPassword);
  return page;
}

/**
 * Acme alarms nobody else's spec works (the least urgent, from the 60th on; further on a
 * retry), once the index holds them.
 */
async function alarmsToWork(page: Page, first: number, count: number): Promise<string[]> {
  const { alarms } = await alarmsFromApi(page.request, "size=100&sort=priority,asc");
  const uuids = alarms.slice(60 + first, 60 + first + count).map((alarm) => alarm.uuid);
  expect(uuids).toHaveLength(count);
  await searchWhenIndexed(page.request, uuids.map((uuid) => `uuid:${uuid}`).join(" OR "), count);
  return uuids;
}

/**
 * The alarm's triage panel where the analyst sees it: while a busy browser has not yet put a
 * streamed part of the page in place, React holds a hidden copy of it outside the main.
 */
const panel = (page: Page) => page.locator("main [data-triage-panel]");
const closeDialog = (page: Page) => page.locator("dialog[data-triage-dialog=close]");
const triageOf = async (page: Page, uuid: string) =>
  (await (await page.request.get(`/api/d/acme/alarms/${uuid}/triage`)).json()) as {
    owner: string | null;
    closed: { verdict: string; by: string; reason: string } | null;
  };

async function openLive(page: Page, uuid: string): Promise<void> {
  await page.goto(`/d/acme/alarms/${uuid}`);
  // A notice is news, not state: the page must hear the stream before the other acts.
  await expect(panel(page)).toHaveAttribute("data-triage-live", "open");
}

test.describe.configure({ timeout: 150_000 });

test("a close with a verdict and a reason shows live on a teammate's detail, and a reopen too", async ({
  page,
  browser,
  analyst,
}, testInfo) => {
  const [uuid] = await alarmsToWork(page, testInfo.retry * 10, 1);
  const partner = partnerOf(testInfo.parallelIndex);
  const other = await partnerPage(browser, partner);
  await openLive(other, uuid!);
  await openLive(page, uuid!);

  await panel(page).getByRole("button", { name: "Close…" }).click();
  const dialog = closeDialog(page);
  await expect(dialog).toBeVisible();
  // Nothing chosen: the form says what is missing, and sends nothing.
  await dialog.getByRole("button", { name: "Close the alarm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Choose what the alarm was.");
  await dialog.getByRole("radio", { name: /False positive/ }).check();
  const reason = "Vulnerability scan from the patch window";
  await dialog.getByLabel(/^Why/).fill(reason);
  await expect(dialog).toContainText(`${reason.length} of 2,000`);
  await dialog.getByRole("button", { name: "Close the alarm" }).click();
  await expect(dialog).toBeHidden();
  await expect(panel(page).locator("[data-triage-closed=false_positive]")).toBeVisible();

  // The teammate's detail, without reloading: closed, by whom, why; closing acknowledged it.
  const closed = panel(other).locator("[data-triage-closed=false_positive]");
  await expect(closed).toContainText(`Closed · False positive by ${analyst}`);
  await expect(closed.locator("[data-close-reason]")).toHaveText(reason);
  await expect(
    panel(other).getByText(`${analyst} closed this alarm: false positive`),
  ).toBeVisible();
  await expect(panel(other).getByText("✓ Acknowledged")).toBeVisible();

  await closed.getByRole("button", { name: "Reopen" }).click();
  await expect(panel(page).getByText(`${partner} reopened this alarm`)).toBeVisible();
  await expect(panel(page).locator("[data-triage-closed]")).toHaveCount(0);
  await expect(panel(page).getByRole("button", { name: "Close…" })).toBeVisible();
  // The history says who closed it and who reopened it.
  await panel(page).locator("[data-triage-history] summary").click();
  await expect(panel(page).locator("[data-triage-history]")).toContainText(
    `${analyst} closed it: false positive`,
  );
  await expect(panel(page).locator("[data-triage-history]")).toContainText(
    `${partner} reopened it`,
  );
  await other.context().close();
});

test("a duplicate names its original by a pasted link and links to it; a refusal keeps what was typed", async ({
  page,
}, testInfo) => {
  const [uuid, original] = await alarmsToWork(page, 1 + testInfo.retry * 10, 2);
  await page.goto(`/d/acme/alarms/${uuid}`);
  // The keys act once the panel has read the alarm's triage (before, there is nothing to close).
  await expect(panel(page).getByRole("button", { name: "Close…" })).toBeEnabled();
  await page.keyboard.press("c"); // the detail's key for Close
  const dialog = closeDialog(page);
  await dialog.getByRole("radio", { name: /Duplicate/ }).check();
  const field = dialog.getByLabel(/^Duplicate of/);
  await field.fill(`${e2e.appUrl}/d/acme/alarms/${uuid}`);
  await dialog.getByLabel(/^Why/).fill("Same scan, reported twice");
  await dialog.getByRole("button", { name: "Close the alarm" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("An alarm cannot duplicate itself.");
  // An alarm the deployment does not have: the server's refusal, beside the field.
  await field.fill("00000000-0000-4000-8000-000000000000");
  await dialog.getByRole("button", { name: "Close the alarm" }).click();
  await expect(dialog.getByRole("alert")).toContainText("There is no alarm");
  await expect(dialog.getByLabel(/^Why/)).toHaveValue("Same scan, reported twice");

  await field.fill(`${e2e.appUrl}/d/acme/alarms/${original}?q=x`);
  await dialog.getByRole("button", { name: "Close the alarm" }).click();
  await expect(dialog).toBeHidden();
  const link = panel(page).locator("[data-triage-closed=duplicate] a[data-duplicate-of]");
  await expect(link).toHaveText(original!);
  await link.click();
  await expect(page).toHaveURL(new RegExp(`/d/acme/alarms/${original}$`));
});

test("taking a teammate's alarm asks first, and the owner changes with the news", async ({
  page,
  browser,
  analyst,
}, testInfo) => {
  const [uuid] = await alarmsToWork(page, 3 + testInfo.retry * 10, 1);
  const partner = partnerOf(testInfo.parallelIndex);
  const other = await partnerPage(browser, partner);
  const taken = await other.request.put(`/api/d/acme/alarms/${uuid}/triage/owner`, {
    data: { owner: partner, from: null },
  });
  expect(taken.status()).toBe(200);
  await openLive(other, uuid!);
  await openLive(page, uuid!);

  const takeOver = panel(page).getByRole("button", { name: `Take over from ${partner}` });
  await takeOver.click();
  const question = page.locator("dialog[data-triage-dialog=take-over]");
  await expect(question).toContainText(`${partner} has this alarm now.`);
  await question.getByRole("button", { name: "Cancel" }).click();
  expect((await triageOf(page, uuid!)).owner).toBe(partner);

  await page.keyboard.press("t"); // the detail's key for Take
  await question.getByRole("button", { name: "Take over" }).click();
  await expect(panel(page).locator(`[data-triage-owner="${analyst}"]`)).toBeVisible();
  // On the teammate's page the owner and the news line change together.
  await expect(panel(other).getByText(`${analyst} took this alarm`)).toBeVisible();
  await expect(panel(other).locator(`[data-triage-owner="${analyst}"]`)).toBeVisible();
  await other.context().close();
});

test("bulk: the exact view closed after its count is confirmed, a teammate's alarm left to them", async ({
  page,
  browser,
}, testInfo) => {
  const uuids = await alarmsToWork(page, 4 + testInfo.retry * 10, 3);
  const partner = partnerOf(testInfo.parallelIndex);
  const other = await partnerPage(browser, partner);
  const theirs = uuids[1]!;
  const taken = await other.request.put(`/api/d/acme/alarms/${theirs}/triage/owner`, {
    data: { owner: partner, from: null },
  });
  expect(taken.status()).toBe(200);
  await other.context().close();

  const q = uuids.map((uuid) => `uuid:${uuid}`).join(" OR ");
  await page.goto(`/d/acme/alarms?q=${encodeURIComponent(q)}`);
  await expect(page.locator("tbody tr[data-alarm-row]")).toHaveCount(3);
  await page.getByRole("button", { name: "Select", exact: true }).click();
  const bar = page.locator("[data-bulk-bar]");
  await page.getByRole("checkbox", { name: "Choose every alarm of this page" }).check();
  await bar.getByRole("button", { name: "Choose all 3 alarms of this view" }).click();
  await bar.getByRole("button", { name: "Close…" }).click();
  const dialog = page.locator("dialog[data-triage-dialog=bulk-close]");
  await expect(dialog.getByRole("radio", { name: /Duplicate/ })).toHaveCount(0);
  await dialog.getByRole("radio", { name: /Benign/ }).check();
  await dialog.getByLabel(/^Why/).fill("Backup job, as every night");
  await dialog.getByRole("button", { name: "Continue" }).click();
  const confirm = bar.locator("[data-bulk-confirm]");
  await expect(confirm).toContainText("Close as benign: 3 alarms");
  await expect(confirm).toContainText("up to");
  await bar.getByRole("button", { name: "Confirm" }).click();
  await expect(bar.locator("[data-bulk-report]")).toHaveText(
    "2 done · 1 skipped: a teammate has it",
  );
  for (const uuid of uuids) {
    const triage = await triageOf(page, uuid);
    expect(triage.closed?.verdict ?? null).toBe(uuid === theirs ? null : "benign");
  }

  // Rows an action makes leave the view stay put until the analyst asks: taking the alarms of a
  // view of those not the analyst's says how many left, and Refresh reads the view again.
  await page.goto(`/d/acme/alarms?q=${encodeURIComponent(`(${q}) -owner:me`)}`);
  await expect(page.locator("tbody tr[data-alarm-row]")).toHaveCount(3);
  await page.getByRole("button", { name: "Select", exact: true }).click();
  await page.getByRole("checkbox", { name: "Choose every alarm of this page" }).check();
  await bar.getByRole("button", { name: "Choose all 3 alarms of this view" }).click();
  await bar.getByRole("button", { name: "Take", exact: true }).click();
  await bar.getByRole("button", { name: "Confirm" }).click();
  await expect(bar.locator("[data-bulk-report]")).toHaveText(
    "2 done · 1 skipped: a teammate has it",
  );
  await expect(bar.locator("[data-bulk-left]")).toContainText("2 no longer match this view");
  await expect(page.locator("tbody tr[data-alarm-row]")).toHaveCount(3);
  await bar.locator("[data-bulk-left]").getByRole("button", { name: "Refresh" }).click();
  await expect(page.locator("tbody tr[data-alarm-row]")).toHaveCount(1);
  await expect(page.locator(`tbody tr[data-alarm-row="${theirs}"]`)).toBeVisible();
});
