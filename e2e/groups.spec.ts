import { expect, test } from "./support/fixtures";
import { holdChunk } from "./support/chunks";
import type { AlarmGroupsPage } from "@/lib/shared/alarms/groups";
import { e2e } from "./support/env";
import { open, searchParam, settled } from "./support/list";
import { addressesOf, everyAlarm } from "./support/search";
import type { UpstreamAlarm } from "./support/simulator-api";

// Groups of a deployment's list, end to end: the API's groups against Acme's simulator counted
// by hand (its generated past never changes during the run), then "Group by rule" in one click,
// a rule's methods opened in place, and a method's group opening exactly its alarms.

const INDEX_WAIT_MS = 120_000;
let acme: UpstreamAlarm[];
/** A window of Acme's past that holds every alarm but the newest minutes (live arrivals). */
let window: { gte: number; lte: number };

test.beforeAll(async () => {
  acme = await everyAlarm(e2e.simulatorUrl);
  const times = acme.map((alarm) => Number(alarm.timestamp_occured));
  window = { gte: Math.min(...times), lte: Math.max(...times) - 600_000 };
});

const inWindow = (alarm: UpstreamAlarm) => {
  const at = Number(alarm.timestamp_occured);
  return at >= window.gte && at <= window.lte;
};
const windowParams = () =>
  `timestamp_occured_gte=${window.gte}&timestamp_occured_lte=${window.lte}`;

function countBy(alarms: UpstreamAlarm[], valuesOf: (alarm: UpstreamAlarm) => string[]) {
  const counts = new Map<string, number>();
  for (const alarm of alarms) {
    for (const value of new Set(valuesOf(alarm))) counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** Every group of `group` in the window, once the index holds all `expected` alarms of it. */
async function groupsWhenIndexed(
  request: import("@playwright/test").APIRequestContext,
  group: string,
  expected: number,
): Promise<AlarmGroupsPage> {
  let page: AlarmGroupsPage | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(
          `/api/d/acme/alarms/groups?group=${group}&size=100&${windowParams()}`,
        );
        if (response.status() !== 200) return `status ${response.status()}`;
        page = (await response.json()) as AlarmGroupsPage;
        return page.alarms;
      },
      { timeout: INDEX_WAIT_MS, intervals: [1_000] },
    )
    .toBe(expected);
  return page!;
}

test("the groups API counts Acme's alarms as the simulator holds them, addresses once per value", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const mine = acme.filter(inWindow);
  const strategies = await groupsWhenIndexed(page.request, "strategy", mine.length);
  const byHand = countBy(mine, (alarm) =>
    alarm.rule_strategy ? [alarm.rule_strategy.toLowerCase()] : ["(none)"],
  );
  expect(
    new Map(strategies.groups.map((group) => [group.values[0] ?? "(none)", group.count])),
  ).toEqual(byHand);

  const sources = await groupsWhenIndexed(page.request, "src_ip", mine.length);
  const bySource = countBy(mine, (alarm) => {
    const found = alarm.alarm_sources ?? [];
    return found.length > 0 ? found : ["(none)"];
  });
  expect(sources.page.totalElements).toBe(bySource.size);
  // Most alarms first: the first page holds the largest groups, each counted as by hand.
  for (const group of sources.groups) {
    expect(group.count, group.values[0] ?? "(none)").toBe(
      bySource.get(group.values[0] ?? "(none)"),
    );
  }
  const largest = Math.max(...bySource.values());
  expect(sources.groups[0]!.count).toBe(largest);
  // Addresses of either side are each their own field.
  expect(addressesOf(mine[0]!).length).toBeGreaterThan(0);
});

test("Group by rule, a rule's methods in place, and a method's group opens exactly its alarms", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const mine = acme.filter(inWindow);
  await groupsWhenIndexed(page.request, "strategy", mine.length);
  await open(page, `/d/acme/alarms?${windowParams()}`);
  await settled(page);
  await page.getByRole("button", { name: "Group by rule" }).click();
  await expect(page).toHaveURL(/group=strategy%2Cmethod/);
  const groups = page.getByRole("table", {
    name: "Alarms grouped by Rule strategy, then Rule method",
  });
  await expect(groups).toHaveAttribute("aria-busy", "false");
  await expect(page.getByText(`${mine.length.toLocaleString("en")} alarms in`)).toBeVisible();

  // The largest rule, by hand, leads; opened, its methods add up to it.
  const byRule = countBy(mine, (alarm) => (alarm.rule_strategy ? [alarm.rule_strategy] : []));
  const [rule, count] = [...byRule].sort((a, b) => b[1] - a[1])[0]!;
  const first = groups.locator("tbody tr").first();
  await expect(first.getByRole("link", { name: rule })).toBeVisible();
  await expect(first).toContainText(count.toLocaleString("en"));
  await first.getByRole("button", { name: `Show Rule method groups of ${rule}` }).click();
  const methods = countBy(
    mine.filter((alarm) => alarm.rule_strategy === rule),
    (alarm) => (alarm.rule_method ? [alarm.rule_method] : []),
  );
  const nested = groups.locator('tbody tr[data-depth="1"]');
  await expect(nested).toHaveCount(Math.min(methods.size, 10));
  const [method, methodCount] = [...methods].sort((a, b) => b[1] - a[1])[0]!;
  const top = nested.first();
  await expect(top).toContainText(methodCount.toLocaleString("en"));

  // The method's group opens the list searching for both values, without groups.
  await top.getByRole("link", { name: method }).click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?q=/);
  expect(searchParam(page, "group")).toBeNull();
  expect(searchParam(page, "q")).toContain("strategy:");
  expect(searchParam(page, "q")).toContain("method:");
  await settled(page);
  await expect(page.getByText(`${methodCount.toLocaleString("en")} alarms`).first()).toBeVisible();

  // Back returns to the groups; "Show alarms" leaves them.
  await page.goBack();
  await expect(groups).toBeVisible();
  await page.getByRole("button", { name: "Show alarms" }).click();
  await expect(page).not.toHaveURL(/group=/);
  await settled(page);
});

test("a grouping by address says an alarm counts once in each of its groups", async ({ page }) => {
  await open(page, `/d/acme/alarms?group=src_ip&${windowParams()}`);
  await expect(page.getByTestId("multi-valued-note")).toContainText(
    "An alarm with several source addresses counts once in each of their groups",
  );
  // A bad grouping in a link is corrected, and said.
  await open(page, "/d/acme/alarms?group=colour");
  await expect(page.getByText(/'colour' is not one/)).toBeVisible();
  await expect(page).not.toHaveURL(/group=/);
});

test("the queue of every deployment groups by deployment; a deployment's group leads into its own list", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const mine = acme.filter(inWindow);
  // Once Acme is indexed whole in the window: its group counts every one of its alarms there.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(
          `/api/d/all/alarms/groups?group=deployment&${windowParams()}`,
        );
        if (response.status() !== 200) return `status ${response.status()}`;
        const body = (await response.json()) as AlarmGroupsPage;
        return body.groups.find((group) => group.values[0] === "acme")?.count ?? 0;
      },
      { timeout: INDEX_WAIT_MS, intervals: [1_000] },
    )
    .toBe(mine.length);

  await open(page, `/d/all/alarms?group=deployment,strategy&${windowParams()}`);
  const groups = page.getByRole("table", {
    name: "Alarms grouped by Deployment, then Rule strategy",
  });
  await expect(groups).toHaveAttribute("aria-busy", "false");
  // The analyst's deployments only (Initech is another team's).
  const names = await groups.locator("tbody tr[data-depth='0'] a").allInnerTexts();
  expect(names.sort()).toEqual(["Acme", "Globex"]);
  const acmeRow = groups.locator("tbody tr[data-depth='0']", { hasText: "Acme" });
  await expect(acmeRow).toContainText(mine.length.toLocaleString("en"));

  // Within Acme, Acme's own strategies.
  await acmeRow.getByRole("button", { name: "Show Rule strategy groups of Acme" }).click();
  const byRule = countBy(mine, (alarm) => (alarm.rule_strategy ? [alarm.rule_strategy] : []));
  const [rule, count] = [...byRule].sort((a, b) => b[1] - a[1])[0]!;
  const nested = groups.locator('tbody tr[data-depth="1"]').first();
  await expect(nested.getByRole("link", { name: rule })).toBeVisible();
  await expect(nested).toContainText(count.toLocaleString("en"));

  // Acme's group opens Acme's own list, the same window, without groups.
  await acmeRow.getByRole("link", { name: "Acme" }).click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?/);
  expect(searchParam(page, "group")).toBeNull();
  expect(Date.parse(searchParam(page, "timestamp_occured_gte") ?? "")).toBe(window.gte);
  await settled(page);
});

test("a grouped list says it is busy until its table's code is there, then opens a group", async ({
  page,
}) => {
  const release = await holdChunk(page, "Alarms grouped by");
  await open(page, `/d/acme/alarms?group=strategy,method&${windowParams()}`);
  const groups = page.getByRole("table", {
    name: "Alarms grouped by Rule strategy, then Rule method",
  });
  // The server's table stands, and says a press would not be taken yet.
  await expect(groups).toHaveAttribute("aria-busy", "true");
  release();
  await expect(groups).toHaveAttribute("aria-busy", "false");
  await groups
    .getByRole("button", { name: /^Show Rule method groups of / })
    .first()
    .click();
  await expect(groups.locator('tbody tr[data-depth="1"]').first()).toBeVisible();
});

test("a groups table sorts by its headers, and the link keeps the order", async ({ page }) => {
  await open(page, `/d/acme/alarms?group=strategy,method&${windowParams()}`);
  const groups = page.getByRole("table", {
    name: "Alarms grouped by Rule strategy, then Rule method",
  });
  await expect(groups).toHaveAttribute("aria-busy", "false");
  await groups.getByRole("button", { name: "Last" }).click();
  await expect(page).toHaveURL(/group_sort=last/);
  await expect(groups.getByRole("columnheader", { name: "Last" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(groups).toHaveAttribute("aria-busy", "false");
  const lasts = await groups.locator("tbody tr[data-depth='0'] time").evaluateAll((all) =>
    all
      .filter((_, i) => i % 2 === 1) // each row's first, then last
      .map((time) => Date.parse(time.getAttribute("datetime")!)),
  );
  expect(lasts.length).toBeGreaterThan(1);
  expect(lasts).toEqual([...lasts].sort((a, b) => b - a));
  // The link reproduces it, its groups read with the page in that order (not asked again).
  const asked: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    const first = url.pathname === "/api/d/acme/alarms/groups";
    if (first && url.searchParams.get("group") === "strategy") asked.push(url.search);
  });
  await page.reload();
  await expect(groups.getByRole("columnheader", { name: "Last" })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  await expect(groups).toHaveAttribute("aria-busy", "false");
  expect(asked).toEqual([]);
});
