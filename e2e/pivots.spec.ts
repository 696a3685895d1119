import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { axeViolations } from "./support/a11y";
import { alarmsFromApi } from "./support/alarms-api";
import { open, pager, rows, searchParam, settled } from "./support/list";

// Pivots from a detail: its addresses, hosts, users, sensors, rule and technique lead to the list
// searching for each (same deployment, the range of the list the analyst came from), with the
// count of alarms carrying it once the index answers; "Related alarms" lists the newest others
// sharing its addresses or users. Acme only, read-only.

const IPV4 = /^\d{1,3}(\.\d{1,3}){3}$/;

/** An alarm among Acme's newest with an IPv4 source address and a source user. */
async function alarmWithAddressAndUser(page: Page): Promise<AlarmSummary & { address: string }> {
  const { alarms } = await alarmsFromApi(page.request, "size=100&range=30d");
  for (const alarm of alarms) {
    const address = alarm.sources.map((s) => s.address).find((a) => a && IPV4.test(a));
    if (address && alarm.sourceUsername) return { ...alarm, address };
  }
  throw new Error("no alarm with an IPv4 source and a user among the newest 100");
}

/** The detail as opened from a list of the last 30 days. */
const detailFromList = (uuid: string) =>
  `/d/acme/alarms/${uuid}?from=${encodeURIComponent("range=30d")}`;

const countOrNote = (page: Page) =>
  page.locator("[data-pivot-count]").first().or(page.locator("[data-pivots-unavailable]"));

test("an address leads to the list searching for it, in the range of the list it came from", async ({
  page,
}) => {
  const alarm = await alarmWithAddressAndUser(page);
  await open(page, detailFromList(alarm.uuid));
  const sources = page.getByRole("table", { name: /^Sources/ });
  const link = sources.getByRole("link", { name: alarm.address, exact: true });
  await expect(link).toHaveAttribute("href", `/d/acme/alarms?q=ip%3A${alarm.address}&range=30d`);
  // The user's pivot (Related alarms may link the same value again, below).
  const user = page.getByRole("link", { name: alarm.sourceUsername!, exact: true }).first();
  await expect(user).toHaveAttribute("data-pivot", "user");
  if (alarm.rule.strategy) {
    await expect(page.locator("#alarm-title").getByRole("link").first()).toHaveAttribute(
      "href",
      new RegExp(`q=strategy%3A`),
    );
  }

  // The counts come after the detail, from the index: "N alarms in the last 30 days" beside the
  // value, or a quiet note when this console has no index.
  await expect(countOrNote(page)).toBeVisible();
  const count = sources.locator("[data-pivot-count]").first();
  const counted = await count.isVisible();
  if (counted) await expect(count).toHaveText(/^[\d,]+\+? alarms? in the last 30 days$/);
  const total = counted ? (await count.innerText()).match(/^([\d,]+)/)![1]! : null;

  await link.click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?/);
  // Needs the list's `q` (the search helper's work): until it lands the list drops q.
  await settled(page);
  expect(searchParam(page, "q")).toBe(`ip:${alarm.address}`);
  expect(searchParam(page, "range")).toBe("30d");
  // Needs the index to be filled (the sync's work) to find the alarms.
  // Every alarm found carries the address (a row may fold it under "+6 more": ask the API).
  expect(await rows(page).count()).toBeGreaterThan(0);
  const found = await alarmsFromApi(
    page.request,
    `q=${encodeURIComponent(`ip:${alarm.address}`)}&range=30d&size=100`,
  );
  expect(found.alarms.length).toBeGreaterThan(0);
  for (const each of found.alarms) {
    const addresses = [...each.sources, ...each.destinations].map((e) => e.address);
    expect(addresses).toContain(alarm.address);
  }
  if (total) await expect(pager(page)).toContainText(`${total} alarm`);
});

test("a detail opened on its own counts the last 7 days, and its sensor pivots too", async ({
  page,
}) => {
  const alarm = await alarmWithAddressAndUser(page);
  await open(page, `/d/acme/alarms/${alarm.uuid}?tz=Europe/Berlin`);
  const sensor = alarm.sensorUuid ?? alarm.sensorSources[0];
  // Every simulated alarm names its sensor: one without would be a finding, never a skip.
  expect(sensor).toBeTruthy();
  await expect(
    page.locator(`a[data-pivot="sensor"]`, { hasText: sensor! }).first(),
  ).toHaveAttribute("href", `/d/acme/alarms?q=sensor%3A${sensor}&range=7d&tz=Europe%2FBerlin`);
});

test("Related alarms: the newest others sharing an address or user, each leading to its detail", async ({
  page,
}) => {
  const alarm = await alarmWithAddressAndUser(page);
  await open(page, detailFromList(alarm.uuid));
  const related = page.getByRole("region", { name: /^Related alarms/ });
  await expect(related).toContainText("sharing an address or user in the last 30 days");
  await expect(
    related
      .getByRole("list", { name: "Shared values" })
      .or(related.locator("[data-pivots-unavailable]")),
  ).toBeVisible();
  const shown = related.locator("[data-related-alarm]");
  // Needs the index to be filled (the sync's work): an alarm's user is rarely its own alone.
  await expect(shown.first()).toBeVisible();
  const uuids = await shown.evaluateAll((links) =>
    links.map((link) => link.getAttribute("data-related-alarm")),
  );
  expect(uuids).not.toContain(alarm.uuid);
  expect(new Set(uuids).size).toBe(uuids.length);
  await shown.first().click();
  await expect(page).toHaveURL(new RegExp(`/d/acme/alarms/${uuids[0]}$`));
  await expect(page.locator("#alarm-title")).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);
});
