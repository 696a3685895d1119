import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { axeViolations } from "./support/a11y";
import { alarmsFromApi } from "./support/alarms-api";
import { hydrated, multiFilter, open, pager } from "./support/list";

// The alarm detail page: everything an analyst needs about one alarm, honest about the events
// the service did not keep, copyable, linkable, and with a way back to the list as it was.

/** An alarm with far more events than the service keeps, found through our own API. */
async function alarmWithManyEvents(request: APIRequestContext): Promise<AlarmSummary> {
  const { alarms } = await alarmsFromApi(request, "size=100&sort=priority,desc");
  const found = alarms
    .filter((alarm) => alarm.eventsShown === 10 && alarm.eventsTotal > 100)
    .sort((a, b) => b.eventsTotal - a.eventsTotal)[0];
  expect(found, "an alarm with more than 100 events among the first 100").toBeDefined();
  return found!;
}

test("shows rule, times, ATT&CK, endpoints and the events kept", async ({ page }) => {
  const alarm = await alarmWithManyEvents(page.request);
  const response = await page.goto(`/d/acme/alarms/${alarm.uuid}`);
  expect(response?.status()).toBe(200);
  await hydrated(page);

  await expect(page.locator("#alarm-title")).toContainText(alarm.rule.strategy!);
  const header = page.getByRole("region", { name: alarm.rule.strategy! });
  await expect(header.getByText("Occurred", { exact: true })).toBeVisible();
  await expect(header.locator("dd").filter({ hasText: "UTC" })).toHaveCount(2); // occurred, received
  if (alarm.rule.attackId) await expect(header).toContainText(alarm.rule.attackId);
  await expect(header).toContainText(alarm.uuid);

  const sources = page.getByRole("table", { name: /^Sources/ });
  await expect(sources.locator("tbody tr")).toHaveCount(alarm.sources.length);
  const destinations = page.getByRole("table", { name: /^Destinations/ });
  await expect(destinations.locator("tbody tr")).toHaveCount(alarm.destinations.length);

  const total = alarm.eventsTotal.toLocaleString("en-US");
  await expect(
    page.getByText(`Showing 10 of ${total} events: the service keeps the first and the last 9.`),
  ).toBeVisible();
  await expect(
    page.getByText(
      `${(alarm.eventsTotal - 10).toLocaleString("en-US")} events in between were not kept`,
    ),
  ).toBeVisible();
  const events = page.getByRole("table", { name: "Events" });
  await expect(events.locator("summary", { hasText: "Raw log" })).toHaveCount(10);
  const firstLog = events.locator("details").first();
  await expect(firstLog.locator("pre")).toBeHidden();
  await firstLog.locator("summary").click();
  await expect(firstLog.locator("pre")).toBeVisible();
  expect((await firstLog.locator("pre").innerText()).length).toBeGreaterThan(10);

  await page.getByText("Raw JSON").click();
  await expect(page.locator("pre").filter({ hasText: `"uuid": "${alarm.uuid}"` })).toBeVisible();
});

test("copies the uuid and a link, and says so", async ({ page, context, baseURL }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const alarm = await alarmWithManyEvents(page.request);
  await open(page, `/d/acme/alarms/${alarm.uuid}?from=page%3D2`);

  await page.getByRole("button", { name: "Copy uuid" }).click();
  await expect(page.getByRole("button", { name: /Copy uuid/ })).toContainText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(alarm.uuid);

  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByRole("button", { name: /Copy link/ })).toContainText("Copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(
    `${baseURL}/d/acme/alarms/${alarm.uuid}`,
  );
});

test("in a new tab, Back to alarms still leads to the list view it came from", async ({ page }) => {
  const alarm = await alarmWithManyEvents(page.request);
  const from = new URLSearchParams({ from: "page=3&size=10&sort=priority,asc&status=open" });
  await open(page, `/d/acme/alarms/${alarm.uuid}?${from}`);
  await page.getByRole("link", { name: "Back to alarms" }).click();
  await expect(page).toHaveURL(/\/alarms\?p=4&size=10&sort=priority(,|%2C)asc&status=open$/);
  await expect(pager(page)).toContainText("Page 4 of");
  await expect(multiFilter(page, "USM status")).toHaveAccessibleName("USM status Open");
});

test("an unknown or malformed uuid is a not-found page, never a crash", async ({ page }) => {
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", "%E2%9C%93"]) {
    const response = await page.goto(`/d/acme/alarms/${id}`);
    expect(response?.status(), id).toBe(404);
    await expect(page.getByRole("heading", { name: "Alarm not found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Go to the alarm list" })).toBeVisible();
  }
});

test("an alarm the deployment does not hold is a 404 for every client, one it holds a 200", async ({
  page,
}) => {
  const [acme, globex] = await Promise.all([
    alarmsFromApi(page.request, "size=10"),
    alarmsFromApi(page.request, "size=10", "globex"),
  ]);
  for (const uuid of [crypto.randomUUID(), globex.alarms[0]!.uuid]) {
    const path = `/d/acme/alarms/${uuid}`;
    // As a link checker, a chat's preview or curl asks: without the browser's Fetch Metadata.
    expect((await page.request.get(path)).status(), path).toBe(404);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Alarm not found" })).toBeVisible();
    // The tab says it too, as it does for a malformed id.
    await expect(page).toHaveTitle(/^Alarm not found · Acme/);
  }
  const known = await page.request.get(`/d/acme/alarms/${acme.alarms[0]!.uuid}`);
  expect(known.status()).toBe(200);
});

test("no serious or critical accessibility violations on the detail", async ({ page }) => {
  const alarm = await alarmWithManyEvents(page.request);
  await open(page, `/d/acme/alarms/${alarm.uuid}`);
  await page.locator("details summary").first().click();
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});
