import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";
import { e2e } from "./support/env";
import { expectNoSidewaysScroll, open, reload, rowIds, rows, settled, table } from "./support/list";
import { everyAlarm, searchWhenIndexed } from "./support/search";
import { type AlarmGroupsPage, groupTerm } from "@/lib/shared/alarms/groups";

// The team's list (issue 37): the team's state and USM's status in two columns named apart, an
// Age column sorted by the occurred time, the Team column (who has the alarm) at 1024 px, the
// team's keys on the focused row (listed in `?`), and a bulk action on the groups ticked on a
// grouped list, counted and confirmed.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const header = (page: Page, name: string | RegExp) =>
  table(page).getByRole("columnheader", { name });

test.describe.configure({ timeout: 150_000 });

test("the team's state and USM's status are two columns; Age sorts by the occurred time", async ({
  page,
}, testInfo) => {
  // The page's clock: two days and three hours after Acme's oldest alarm.
  const { alarms: oldest } = await alarmsFromApi(
    page.request,
    "sort=timestamp_occured,asc&size=10",
  );
  const first = oldest[0]!;
  const five = oldest.slice(0, 5).map((alarm) => alarm.uuid);
  await page.clock.setFixedTime(first.occurredAt! + 2 * DAY + 3 * HOUR);
  await page.setViewportSize({ width: 1440, height: 900 });
  await open(page, "/d/acme/alarms");
  await settled(page);

  await expect(header(page, "USM status")).toBeVisible();
  await expect(header(page, "Team")).toBeVisible();
  const row = rows(page).first();
  await expect(row.locator("[data-team-state]")).toHaveText(/^(Open|Closed · .+)$/);
  await expect(row.locator("[data-column=status]")).toHaveText(/Open|In review|Closed|No status/);

  // Newest first is youngest first; pressing Age puts the oldest first, by the occurred time.
  const age = header(page, /^Age/);
  await expect(age).toHaveAttribute("aria-sort", "ascending");
  await age.getByRole("button", { name: /Age/ }).click();
  await expect(page).toHaveURL(/sort=timestamp_occured%2Casc/);
  await settled(page);
  await expect(age).toHaveAttribute("aria-sort", "descending");
  await expect(header(page, /^Occurred/)).toHaveAttribute("aria-sort", "ascending");
  expect((await rowIds(page)).slice(0, 5)).toEqual(five);
  const cell = rows(page).first().locator("[data-age]");
  await expect(cell).toHaveText("2 d");
  await expect(cell).toHaveAttribute("title", /^Occurred \d{4}-\d{2}-\d{2} /);

  // An alarm the team closed: its Team cell says the verdict, its USM status stays USM's.
  const closed = rows(page).nth(15 + testInfo.retry);
  const uuid = (await closed.getAttribute("data-alarm-row"))!;
  const usm = await closed.locator("[data-column=status]").innerText();
  const response = await page.request.put(`/api/d/acme/alarms/${uuid}/triage/closed`, {
    data: { verdict: "false_positive", reason: "A scanner the team runs." },
  });
  expect(response.status()).toBe(200);
  await reload(page);
  await expect(closed.locator("[data-team-state]")).toHaveText("Closed · False positive");
  await expect(closed.locator("[data-column=status]")).toHaveText(usm);

  // Hidden from the column chooser, and shown again.
  await page.getByRole("button", { name: /^Columns/ }).click();
  await page.getByRole("checkbox", { name: "Age" }).uncheck();
  await expect(age).toHaveCount(0);
  await page.getByRole("checkbox", { name: "Age" }).check();
  await expect(age).toBeVisible();
});

test("at 1024 px the team's keys take, acknowledge and choose the focused row, whose owner shows", async ({
  page,
  analyst,
}, testInfo) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  // Among the oldest alarms, which the other specs leave alone.
  await open(page, "/d/acme/alarms?sort=timestamp_occured,asc&size=50");
  await settled(page);
  const row = rows(page).nth(10 + testInfo.retry);
  await expect(row.locator("[data-team-state]")).toHaveText("Open");
  await expect(row.locator("[data-triage-owner]")).toHaveCount(0);

  await row.locator("a[data-row-link]").focus();
  await page.keyboard.press("t");
  await expect(page.locator("[data-row-keys-status]")).toHaveText("Taken: you have it.");
  // The Team column is there at 1024 px, the owner in it, and the table fits its box.
  await expect(header(page, "Team")).toBeVisible();
  await expect(row.locator(`[data-triage-owner="${analyst}"]`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  const box = await table(page).evaluate((element) => ({
    table: element.scrollWidth,
    panel: element.parentElement!.clientWidth,
  }));
  expect(box.table, "the table's width against its box's").toBeLessThanOrEqual(box.panel);

  await page.keyboard.press("a");
  await expect(row.locator("[data-triage-acknowledged]")).toBeVisible();

  await page.keyboard.press("x");
  await expect(row.locator("[data-choose-row]")).toBeChecked();
  await expect(page.locator("[data-bulk-bar] [data-bulk-scope]")).toHaveText("1 chosen");

  // Pressed again, t says who has it already; and `?` lists the keys.
  await page.keyboard.press("t");
  await expect(page.locator("[data-row-keys-status]")).toHaveText("You have it already.");
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  for (const does of [
    "Take the focused alarm",
    "Acknowledge the focused alarm",
    "Close the focused alarm",
    "Choose the focused alarm",
  ]) {
    await expect(help.getByText(does)).toBeVisible();
  }
});

test("two groups ticked on a grouped list are acknowledged, their count confirmed first", async ({
  page,
}) => {
  // Acme's past without the newest minutes (live arrivals), so the groups hold still, once the
  // index holds all of it.
  const times = (await everyAlarm(e2e.simulatorUrl)).map((a) => Number(a.timestamp_occured));
  const [gte, lte] = [Math.min(...times), Math.max(...times) - 600_000];
  const window = `timestamp_occured_gte=${gte}&timestamp_occured_lte=${lte}`;
  await expect
    .poll(
      async () => {
        const path = `/api/d/acme/alarms/groups?group=strategy&size=10&${window}`;
        const response = await page.request.get(path);
        return response.ok() ? ((await response.json()) as AlarmGroupsPage).alarms : 0;
      },
      { timeout: 120_000, intervals: [1_000] },
    )
    .toBe(times.filter((at) => at <= lte).length);

  await open(page, `/d/acme/alarms?group=strategy&${window}`);
  const groups = page.locator("tbody tr[data-depth='0']");
  await expect(groups.nth(3)).toBeVisible();
  await page.getByRole("button", { name: "Select", exact: true }).click();
  // The two smallest groups on the page.
  const ticked = [groups.nth((await groups.count()) - 1), groups.nth((await groups.count()) - 2)];
  let total = 0;
  const values: string[] = [];
  for (const group of ticked) {
    await group.locator("[data-choose-group]").check();
    const count = await group.locator("td").nth(2).locator(".font-mono").innerText();
    total += Number(count.replace(/,/g, ""));
    values.push((await group.getAttribute("data-group-value"))!);
  }
  const bar = page.locator("[data-bulk-bar]");
  const counted = total.toLocaleString("en-US");
  await expect(bar.locator("[data-bulk-scope]")).toHaveText(`2 groups chosen (${counted} alarms)`);
  await bar.getByRole("button", { name: "Acknowledge", exact: true }).click();
  await expect(bar.locator("[data-bulk-confirm]")).toContainText(`Acknowledge ${counted} alarms`);
  await bar.getByRole("button", { name: "Confirm" }).click();
  await expect(bar.locator("[data-bulk-report]")).toContainText("done");

  // Not one alarm of those groups is left unacknowledged, and theirs only were touched.
  const either = values.map((value) => `(${groupTerm("strategy", value)})`).join(" OR ");
  await searchWhenIndexed(page.request, `(${either}) acknowledged:false`, 0, `size=10&${window}`);
  await searchWhenIndexed(
    page.request,
    `(${either}) acknowledged:true`,
    total,
    `size=10&${window}`,
  );
});

test("c on the focused row closes its alarm with a verdict, and the Team column says so", async ({
  page,
}, testInfo) => {
  // Among the oldest alarms, which the other specs leave alone (the test above takes 10 and 11).
  await open(page, "/d/acme/alarms?sort=timestamp_occured,asc&size=50");
  await settled(page);
  const row = rows(page).nth(20 + testInfo.retry);
  await expect(row.locator("[data-team-state]")).toHaveText("Open");
  await row.locator("a[data-row-link]").focus();
  await page.keyboard.press("c");
  const dialog = page.locator("dialog[data-triage-dialog=close]");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("radio", { name: /Benign/ }).check();
  await dialog.getByLabel(/^Why/).fill("The nightly backup job");
  await dialog.getByRole("button", { name: "Close the alarm" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.locator("[data-row-keys-status]")).toHaveText("Closed as benign.");
  await expect(row.locator("[data-team-state]")).toContainText("Benign");
  // Closed already: c says so instead of asking again.
  await row.locator("a[data-row-link]").focus();
  await page.keyboard.press("c");
  await expect(page.locator("[data-row-keys-status]")).toHaveText(
    "The team closed it already: open it to reopen it.",
  );
  await expect(dialog).toHaveCount(0);
});
