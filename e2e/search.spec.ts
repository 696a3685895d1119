import { expect, test } from "./support/fixtures";
import { axeViolations } from "./support/a11y";
import { e2e } from "./support/env";
import {
  MERGED_QUEUE,
  expectNoSidewaysScroll,
  open,
  rowIds,
  rows,
  searchParam,
  settled,
} from "./support/list";
import {
  addressesOf,
  everyAlarm,
  inCidr,
  allSearchWhenIndexed,
  newestFirst,
  searchBox,
  searchWhenIndexed,
  usersOf,
} from "./support/search";
import type { UpstreamAlarm } from "./support/simulator-api";

// Search from the index, end to end: the e2e app keeps its own index (a fresh INDEX_DIR per run),
// fed by its sync from the real simulators. Acme's simulator (seed 42, 5,000 alarms) and
// Globex's (seed 7) are never staged into, so what a search must find is worked out from every
// alarm they hold. The analyst sees Acme and Globex; Initech (on Globex's simulator) is not
// theirs, so the list of every deployment's search must leave its alarms out.

let acme: UpstreamAlarm[];
let globex: UpstreamAlarm[];

test.beforeAll(async () => {
  [acme, globex] = await Promise.all([everyAlarm(e2e.simulatorUrl), everyAlarm(e2e.simulator2Url)]);
});

/** The address seen in the fewest of Acme's alarms, two at least (else one). */
function rareAddress(): string {
  const counts = new Map<string, number>();
  for (const alarm of acme) {
    for (const address of new Set(addressesOf(alarm))) {
      counts.set(address, (counts.get(address) ?? 0) + 1);
    }
  }
  const ranked = [...counts].sort(
    ([a, m], [b, n]) => Number(m < 2) - Number(n < 2) || m - n || (a < b ? -1 : 1),
  );
  const address = ranked[0]?.[0];
  expect(address, "an address in Acme's alarms").toBeDefined();
  return address!;
}

test("a search by address, CIDR and user finds exactly the simulator's alarms, newest first", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const address = rareAddress();
  const cases: [string, (alarm: UpstreamAlarm) => boolean][] = [
    [address, (alarm) => addressesOf(alarm).includes(address)],
    [
      "src_ip:10.1.0.0/16",
      (alarm) => (alarm.alarm_sources ?? []).some((a) => inCidr(a, "10.1.0.0/16")),
    ],
    ["ip:10.2.0.0/16", (alarm) => addressesOf(alarm).some((a) => inCidr(a, "10.2.0.0/16"))],
    ["user:DKowalski", (alarm) => usersOf(alarm).includes("dkowalski")],
  ];
  for (const [q, matches] of cases) {
    const want = newestFirst(acme.filter(matches));
    expect(want.length, `alarms for ${q}`).toBeGreaterThan(0);
    const found = await searchWhenIndexed(page.request, q, want.length);
    expect(
      found.alarms.map((alarm) => alarm.uuid),
      q,
    ).toEqual(want.slice(0, 100));
    expect(found.source?.kind).toBe("index");
  }

  // The page shows the same, and says where it came from.
  const [q, matches] = cases[3]!;
  await open(page, `/d/acme/alarms?q=${encodeURIComponent(q)}`);
  await settled(page);
  expect(await rowIds(page)).toEqual(newestFirst(acme.filter(matches)).slice(0, 20));
  await expect(page.locator("[data-search-source]")).toContainText("Searched the index");
  await expect(searchBox(page)).toHaveValue(q);
});

test("typing a search and Enter sets q, back at the first page with the filters kept; the link reproduces it", async ({
  page,
  context,
}) => {
  const users = acme.filter((alarm) => usersOf(alarm).includes("lchen"));
  await searchWhenIndexed(page.request, "user:lchen", users.length);
  await open(page, "/d/acme/alarms?p=3&status=open");
  await page.keyboard.press("/");
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type("user:lchen");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?q=user%3Alchen&status=open$/);
  expect(searchParam(page, "p")).toBeNull();
  await settled(page);
  const want = newestFirst(users.filter((alarm) => alarm.status === "open"));
  expect(await rowIds(page)).toEqual(want.slice(0, 20));

  // A colleague opening the link sees the same search.
  const shared = await context.newPage();
  await open(shared, page.url());
  await settled(shared);
  expect(await rowIds(shared)).toEqual(want.slice(0, 20));
  await expect(searchBox(shared)).toHaveValue("user:lchen");

  // Back leads to the view before the search.
  await page.goBack();
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?p=3&status=open$/);
  await expect(searchBox(page)).toHaveValue("");
});

test("the box suggests field names, then the index's values, and a choice is written into the search", async ({
  page,
}) => {
  await searchWhenIndexed(
    page.request,
    "user:dkowalski",
    acme.filter((alarm) => usersOf(alarm).includes("dkowalski")).length,
  );
  await open(page, "/d/acme/alarms");
  const box = searchBox(page);
  await box.click();
  await page.keyboard.type("sr");
  const suggestions = page.getByRole("listbox", { name: "Suggestions" });
  await expect(suggestions.getByRole("option").first()).toContainText("src_ip:");
  await page.keyboard.type("c_user:dk");
  await expect(suggestions.getByRole("option", { name: "dkowalski" })).toBeVisible();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
  await expect(box).toHaveValue("src_user:dkowalski ");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=src_user%3Adkowalski/);
  await settled(page);
  await expect(rows(page).first()).toContainText("dkowalski");
});

test("? lists the fields with examples, and an example goes into the box", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  await page.getByRole("button", { name: "Search fields and examples" }).click();
  const help = page.getByRole("region", { name: "Search fields and examples" });
  for (const field of ["ip", "src_ip", "dst_ip", "host", "user", "technique", "label", "uuid"]) {
    await expect(help.getByRole("rowheader", { name: field, exact: true })).toBeVisible();
  }
  await help.getByRole("button", { name: "Try ip:10.0.0.0/8" }).click();
  await expect(searchBox(page)).toHaveValue("ip:10.0.0.0/8");
  await expect(searchBox(page)).toBeFocused();
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});

test("a search that cannot be read says what and where, keeps the text, and can be cleared", async ({
  page,
}) => {
  const typed = "user:lchen AND (status:open";
  await open(page, `/d/acme/alarms?q=${encodeURIComponent(typed)}`);
  await expect(
    page.getByRole("alert").filter({ hasText: "This search cannot be run" }),
  ).toBeVisible();
  const box = searchBox(page);
  await expect(box).toHaveValue(typed);
  await expect(box).toHaveAttribute("aria-invalid", "true");
  const problem = page.locator(`[id="${await box.getAttribute("aria-describedby")}"]`);
  await expect(problem).toContainText("never closed");
  // The caret stands under the "(" (the 16th character).
  const [text, caret] = (await problem.locator("pre").innerText()).split("\n");
  expect(text).toBe(typed);
  expect(caret).toBe(`${" ".repeat(15)}^`);
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);

  await page.getByRole("button", { name: "Clear the search" }).click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms$/);
  await expect(rows(page)).toHaveCount(20);
  await expect(box).toHaveValue("");
});

test("the list of every deployment searches every deployment the analyst may see, and only those", async ({
  page,
}) => {
  const q = "user:akhan";
  const mine = [...acme, ...globex].filter((alarm) => usersOf(alarm).includes("akhan"));
  const found = await allSearchWhenIndexed(page.request, q, mine.length);
  expect(found.deployments).toEqual(["acme", "globex"]);
  expect(new Set(found.alarms.map((alarm) => alarm.uuid))).toEqual(
    new Set(newestFirst(mine).slice(0, 100)),
  );
  await open(page, `/d/all/alarms?q=${encodeURIComponent(q)}`);
  await settled(page, MERGED_QUEUE);
  const links = await rows(page, MERGED_QUEUE)
    .locator("a[data-row-link]")
    .evaluateAll((anchors) => anchors.map((a) => a.getAttribute("href") ?? ""));
  expect(links.length).toBe(Math.min(20, mine.length));
  expect(links.every((href) => /^\/d\/(acme|globex)\/alarms\//.test(href))).toBe(true);
  await expect(page.locator("[data-search-source]")).toContainText("Searched the index");
});

test("at 390 px the search box is there and searches", async ({ browser, storageState }) => {
  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    storageState,
  });
  const page = await phone.newPage();
  const users = acme.filter((alarm) => usersOf(alarm).includes("jsmith"));
  await searchWhenIndexed(page.request, "user:jsmith", users.length);
  await open(page, "/d/acme/alarms");
  await searchBox(page).fill("user:jsmith");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/q=user%3Ajsmith/);
  const firstCard = page.locator(`[data-alarm-card="${newestFirst(users)[0]}"]`);
  await expect(firstCard).toBeVisible();
  await expectNoSidewaysScroll(page);
  await phone.close();
});
