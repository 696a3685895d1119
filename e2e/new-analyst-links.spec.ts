import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";
import { liveStatus, open, pager, rowIds, rows, searchParam, settled } from "./support/list";

// Links and words a new analyst met in the first hour (issue #36), each now as a person reads
// them: the page in a link is the page on screen, times are dates, a count agrees with its noun,
// a search too long is refused as a link with it is, a search that cannot be read is no outage,
// a detail's way back says where it came from, and an alarm's link needs no deployment.

const searchBox = (page: import("@playwright/test").Page) =>
  page.getByRole("combobox", { name: "Search the index" });

test("the page in a link is the page on screen; a link shared before opens the page its sender saw", async ({
  page,
}) => {
  const second = (await alarmsFromApi(page.request, "page=1")).alarms.map((alarm) => alarm.uuid);
  // A link from before counted from 0: page=1 was, and is, the second page; it is written anew.
  await open(page, "/d/acme/alarms?page=1");
  await expect(pager(page)).toContainText("Page 2 of");
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?p=2$/);
  await settled(page);
  expect(await rowIds(page)).toEqual(second);
  // A new link says what the pager says.
  await pager(page).getByRole("button", { name: "Next page" }).click();
  await expect(pager(page)).toContainText("Page 3 of");
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?p=3$/);
  await open(page, "/d/acme/alarms?p=2");
  await expect(pager(page)).toContainText("Page 2 of");
  await settled(page);
  expect(await rowIds(page)).toEqual(second);
});

test("times in links are written as dates, and epoch milliseconds from before still read", async ({
  page,
}) => {
  await open(page, "/d/acme/alarms?timestamp_occured_gte=1577836800000");
  await expect(page).toHaveURL(/\?timestamp_occured_gte=2020-01-01T00:00:00Z$/);
  await open(page, "/d/acme/alarms?timestamp_occured_gte=2020-01-01T01:00:00%2B01:00");
  await expect(page).toHaveURL(/\?timestamp_occured_gte=2020-01-01T00:00:00Z$/);
  await expect(page.getByRole("status").filter({ hasText: "could not be used" })).toHaveCount(0);
});

test("a count of one alarm says 'alarm'", async ({ page }) => {
  // An alarm alone at its time (to the millisecond) is a view of one.
  const { alarms } = await alarmsFromApi(page.request, "size=50");
  let one: string | null = null;
  for (const alarm of alarms) {
    const at = `timestamp_occured_gte=${alarm.occurredAt}&timestamp_occured_lte=${alarm.occurredAt}`;
    if ((await alarmsFromApi(page.request, at)).page.totalElements === 1) {
      one = at;
      break;
    }
  }
  expect(one, "an alarm alone at its time").not.toBeNull();
  await open(page, `/d/acme/alarms?${one}`);
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole("main")).toContainText("1 alarm · page 1 of 1");
  await expect(page.getByRole("main")).not.toContainText("1 alarms");
  await expect(page).toHaveTitle(/^1 alarm · /);
});

test("a search pasted over the limit is refused in the box as in a link: kept, said, not run", async ({
  page,
}) => {
  await open(page, "/d/acme/alarms");
  const box = searchBox(page);
  await box.focus();
  const pasted = `user:${"a".repeat(4_995)}`;
  await page.keyboard.insertText(pasted);
  await expect(box).toHaveValue(pasted);
  await box.press("Enter");
  const problem = page.locator(`[id="${await box.getAttribute("aria-describedby")}"]`);
  await expect(problem).toContainText(
    "This search has 5,000 characters; a search may have at most 1,000.",
  );
  await expect(box).toHaveAttribute("aria-invalid", "true");
  await expect(box).toHaveValue(pasted);
  expect(searchParam(page, "q"), "nothing was searched").toBeNull();
  await expect(rows(page)).toHaveCount(20);
});

test("a search that cannot be read is no outage of the live queue", async ({ page }) => {
  await open(page, `/d/acme/alarms?q=${encodeURIComponent("user:lchen AND (status:open")}`);
  await expect(
    page.getByRole("alert").filter({ hasText: "This search cannot be run" }),
  ).toBeVisible();
  await expect(liveStatus(page)).toHaveText("");
  // Long enough for a refused stream to have been tried again (2 s at least): still nothing.
  await page.waitForTimeout(3_000);
  await expect(liveStatus(page)).toHaveText("");
  await expect(page.getByText(/Live updates (unavailable|failing)/)).toHaveCount(0);
});

test("a detail opened from the unfiltered list says so in its link, with no empty from=", async ({
  page,
}) => {
  await open(page, "/d/acme/alarms");
  const first = (await rowIds(page))[0]!;
  await rows(page).first().getByRole("link").first().click();
  await expect(page).toHaveURL(new RegExp(`/d/acme/alarms/${first}\\?from=default$`));
  await page.getByRole("link", { name: "Back to alarms" }).click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms$/);
});

test("an alarm's link without its deployment leads to it, or says the alarm is not found", async ({
  page,
}) => {
  const alarm = (await alarmsFromApi(page.request, "", "globex")).alarms[0]!;
  await open(page, `/d/all/alarms/${alarm.uuid}?tz=Europe/Berlin`);
  await expect(page).toHaveURL(
    new RegExp(`/d/globex/alarms/${alarm.uuid}\\?tz=Europe(%2F|/)Berlin$`),
  );
  await expect(page.getByRole("link", { name: "Back to alarms" })).toBeVisible();

  const response = await page.goto("/d/all/alarms/00000000-0000-4000-8000-00000000dead");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Alarm not found" })).toBeVisible();
  await expect(
    page.getByText("No deployment you may see holds an alarm with this id"),
  ).toBeVisible();
});
