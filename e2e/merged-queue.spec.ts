import { expect, test, type Page } from "@playwright/test";
import { e2e } from "./support/env";
import {
  expectNoSidewaysScroll,
  MERGED_QUEUE,
  open,
  pager,
  rows,
  settled,
  table,
} from "./support/list";
import { simulatorAlarms } from "./support/simulator-api";

// The merged queue (/d/all/alarms): the newest alarms of every deployment the analyst may see,
// newest first, paged by cursor. The analyst sees Acme (simulator seed 42) and Globex (seed 7);
// Initech (on Globex's simulator) is not theirs to see.

const QUEUE = "/d/all/alarms";
const queue = (page: Page) => table(page, MERGED_QUEUE);
// One filter bar for every list: the deployment first, then the alarms' own filters.
const filters = (page: Page) => page.getByRole("search", { name: "Filter alarms" });

interface Row {
  /** The Deployment cell as the analyst reads it. */
  name: string;
  /** From the row's link: the deployment it opens in, and the alarm. */
  deployment: string;
  uuid: string;
}

/** The rows on screen once the page shows its own answer (not the previous one kept on screen). */
async function shownRows(page: Page, notFirst?: string): Promise<Row[]> {
  const firstLink = rows(page, MERGED_QUEUE).first().locator("a[data-row-link]");
  await expect(firstLink).toBeVisible();
  if (notFirst) await expect(firstLink).not.toHaveAttribute("href", notFirst);
  await settled(page, MERGED_QUEUE);
  const raw = await rows(page, MERGED_QUEUE).evaluateAll((trs) =>
    trs.map((tr) => ({
      name: tr.querySelector("td")?.textContent?.trim() ?? "",
      href: tr.querySelector("a[data-row-link]")?.getAttribute("href") ?? "",
    })),
  );
  expect(raw.length, "rows in the table").toBeGreaterThan(0);
  return raw.map(({ name, href }) => {
    const match = /^\/d\/([^/]+)\/alarms\/([^/?]+)/.exec(href);
    expect(match, `a detail link: ${href}`).not.toBeNull();
    return { name, deployment: match![1]!, uuid: match![2]! };
  });
}

/** A row's link as the page writes it (times in UTC: no zone in it). */
const hrefOf = (row: Row) => `/d/${row.deployment}/alarms/${row.uuid}`;

/** The newest alarms straight from a simulator, as the deployment's upstream holds them. */
async function newestFromSimulator(
  baseUrl: string,
  deployment: string,
  size: number,
): Promise<{ deployment: string; uuid: string; occurred: number }[]> {
  const query = { page: 0, size, sort: "timestamp_occured,desc" };
  const { alarms } = await simulatorAlarms(baseUrl, query);
  expect(alarms.length).toBe(size);
  return alarms.map((alarm) => ({
    deployment,
    uuid: alarm.uuid.toLowerCase(),
    occurred: Number(alarm.timestamp_occured),
  }));
}

/** The merged queue's order: occurred time, then deployment, then uuid, all newest first. */
function mergeNewestFirst<T extends { deployment: string; uuid: string; occurred: number }>(
  ...lists: T[][]
): T[] {
  const text = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);
  return lists
    .flat()
    .sort(
      (a, b) => b.occurred - a.occurred || text(a.deployment, b.deployment) || text(a.uuid, b.uuid),
    );
}

test("shows the newest alarms of Acme and Globex together, newest first, as both simulators hold them", async ({
  page,
}) => {
  await open(page, QUEUE);
  await expect(page).toHaveTitle("All deployments · Alarm Console");
  await expect(page.getByRole("heading", { level: 1, name: "All deployments" })).toBeVisible();
  await expect(page.getByText("Newest first across Acme, Globex")).toBeVisible();

  const rows = await shownRows(page);
  expect(rows).toHaveLength(20);
  const expected = mergeNewestFirst(
    await newestFromSimulator(e2e.simulatorUrl, "acme", 20),
    await newestFromSimulator(e2e.simulator2Url, "globex", 20),
  ).slice(0, 20);
  expect(rows.map(({ deployment, uuid }) => `${deployment}/${uuid}`)).toEqual(
    expected.map(({ deployment, uuid }) => `${deployment}/${uuid}`),
  );
  // Each row names its deployment, and both take part.
  for (const row of rows) {
    expect(row.name).toBe(row.deployment === "acme" ? "Acme" : "Globex");
  }
  expect(new Set(rows.map((row) => row.deployment))).toEqual(new Set(["acme", "globex"]));

  // The first page: nothing newer, no way "back to the newest", and what it spans.
  await expect(pager(page).getByRole("link", { name: "Newer" })).toHaveCount(0);
  await expect(pager(page).getByRole("link", { name: "Newest" })).toHaveCount(0);
  await expect(pager(page).getByRole("link", { name: "Older" })).toBeVisible();
  await expect(pager(page)).toContainText(/Showing 20 alarms from \d{4}-\d\d-\d\d \d\d:\d\d/);
});

test("Older, Older, Newer, Newer comes back to the same first page, and no alarm shows twice on the way", async ({
  page,
}) => {
  await open(page, QUEUE);
  const first = await shownRows(page);
  const older = pager(page).getByRole("link", { name: "Older" });
  const newer = pager(page).getByRole("link", { name: "Newer" });

  // The pager's links are real links: their href carries the cursor.
  await expect(older).toHaveAttribute("href", /^\/d\/all\/alarms\?cursor=[A-Za-z0-9_-]+$/);
  await older.click();
  await expect(page).toHaveURL(/[?&]cursor=/);
  const second = await shownRows(page, hrefOf(first[0]!));
  await expect(pager(page).getByRole("link", { name: "Newest" })).toBeVisible();
  await older.click();
  const third = await shownRows(page, hrefOf(second[0]!));

  const seen = [...first, ...second, ...third].map((row) => `${row.deployment}/${row.uuid}`);
  expect(seen).toHaveLength(60);
  expect(new Set(seen).size, "no alarm on two pages").toBe(seen.length);

  await newer.click();
  expect(await shownRows(page, hrefOf(third[0]!))).toEqual(second);
  await newer.click();
  expect(await shownRows(page, hrefOf(second[0]!))).toEqual(first);

  // Back walks the same pages again.
  await page.goBack();
  expect(await shownRows(page, hrefOf(first[0]!))).toEqual(second);
});

test("a row opens the alarm in its own deployment", async ({ page }) => {
  await open(page, QUEUE);
  const rows = await shownRows(page);
  const globex = rows.find((row) => row.deployment === "globex");
  expect(globex, "a Globex alarm among the newest").toBeDefined();
  await queue(page).locator(`tr[data-alarm-row="${globex!.uuid}"] a[data-row-link]`).click();
  await expect(page).toHaveURL(new RegExp(`/d/globex/alarms/${globex!.uuid}$`));
  await expect(page.locator("#alarm-title")).toBeVisible();
});

test("the Deployment filter narrows the queue to one deployment, and All widens it again", async ({
  page,
}) => {
  await open(page, QUEUE);
  const all = await shownRows(page);
  const deployment = filters(page).getByLabel("Deployment");
  await expect(deployment.locator("option")).toHaveText(["All", "Acme", "Globex"]);

  await deployment.selectOption({ label: "Globex" });
  await expect(page).toHaveURL(/[?&]deployments=globex(&|$)/);
  await expect(page.getByText("Newest first across Globex")).toBeVisible();
  // The newest alarm of all may be Globex's: wait for the others to go, not for the first to change.
  await expect(queue(page).locator('tbody tr:not([data-deployment="globex"])')).toHaveCount(0);
  const globex = await shownRows(page);
  expect(globex.every((row) => row.deployment === "globex" && row.name === "Globex")).toBe(true);
  const expected = await newestFromSimulator(e2e.simulator2Url, "globex", 20);
  expect(globex.map((row) => row.uuid)).toEqual(mergeNewestFirst(expected).map((a) => a.uuid));

  // Paging keeps the filter; changing the filter starts again from the newest.
  await pager(page).getByRole("link", { name: "Older" }).click();
  await expect(page).toHaveURL(/deployments=globex&cursor=/);
  const older = await shownRows(page, hrefOf(globex[0]!));
  expect(older.every((row) => row.deployment === "globex")).toBe(true);
  await deployment.selectOption({ label: "All" });
  await expect(page).toHaveURL(new RegExp(`${QUEUE}$`));
  expect(await shownRows(page, hrefOf(older[0]!))).toEqual(all);
});

test("a text filter applies to every deployment, and the chip takes it off again", async ({
  page,
}) => {
  await open(page, QUEUE);
  const all = await shownRows(page);
  const strategy = filters(page).getByLabel("Strategy", { exact: true });
  await strategy.fill("Brute Force Authentication");
  await strategy.press("Enter");
  await expect(page).toHaveURL(
    new RegExp(`${QUEUE}\\?rule_strategy=Brute\\+Force\\+Authentication$`),
  );
  await expect(
    rows(page, MERGED_QUEUE).filter({ hasNotText: "Brute Force Authentication" }),
  ).toHaveCount(0);
  const brute = await shownRows(page);
  expect(brute).toHaveLength(20);
  expect(new Set(brute.map((row) => row.deployment))).toEqual(new Set(["acme", "globex"]));

  const chips = page.getByRole("group", { name: "Active filters" });
  await chips
    .getByRole("button", { name: "Remove filter Strategy: Brute Force Authentication" })
    .click();
  await expect(page).toHaveURL(new RegExp(`${QUEUE}$`));
  await expect(strategy).toHaveValue("");
  await expect(
    rows(page, MERGED_QUEUE).filter({ hasNotText: "Brute Force Authentication" }).first(),
  ).toBeVisible();
  expect(await shownRows(page)).toEqual(all);
});

test("Copy link copies the queue's view, and with a rolling range also the exact alarms shown", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const clipboard = async () => new URL(await page.evaluate(() => navigator.clipboard.readText()));
  await open(page, `${QUEUE}?deployments=globex`);
  await shownRows(page);
  const copy = page.getByRole("button", { name: /^Copy link/ });
  await copy.click();
  await expect(copy).toContainText("Copied");
  const plain = await clipboard();
  expect(`${plain.pathname}${plain.search}`).toBe(`${QUEUE}?deployments=globex`);

  await filters(page).getByRole("button", { name: /^24h/ }).click();
  await expect(page).toHaveURL(/[?&]range=24h(&|$)/);
  const rolling = await shownRows(page);
  await copy.click();
  await page.getByRole("button", { name: /This view, live/ }).click();
  const live = await clipboard();
  expect(`${live.pathname}${live.search}`).toBe(`${QUEUE}?range=24h&deployments=globex`);

  await copy.click();
  await page.getByRole("button", { name: /These exact alarms/ }).click();
  const exact = await clipboard();
  expect(exact.searchParams.get("range")).toBeNull();
  const gte = Number(exact.searchParams.get("timestamp_occured_gte"));
  const lte = Number(exact.searchParams.get("timestamp_occured_lte"));
  expect(lte - gte).toBe(24 * 3600_000);
  // The frozen link shows the recipient the same alarms.
  await open(page, `${exact.pathname}${exact.search}`);
  expect(await shownRows(page)).toEqual(rolling);
});

test("Initech, which the analyst may not see, never appears", async ({ page }) => {
  await open(page, QUEUE);
  await shownRows(page);
  await expect(page.locator("main")).not.toContainText("Initech");
  const options = await filters(page).getByLabel("Deployment").locator("option").allTextContents();
  expect(options).not.toContain("Initech");
  await expect(page.locator('a[href^="/d/initech/"]')).toHaveCount(0);

  // Asked for by name: the API refuses, and the page says it left the name out.
  const api = await page.request.get("/api/d/all/alarms?deployments=initech");
  expect(api.status()).toBe(400);
  expect(await api.json()).toMatchObject({ error: { param: "deployments" } });

  await open(page, `${QUEUE}?deployments=initech`);
  await expect(page.getByRole("status").filter({ hasText: "initech" })).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`${QUEUE}$`));
  const rows = await shownRows(page);
  expect(rows.every((row) => row.deployment !== "initech")).toBe(true);
  await expect(page.locator('a[href^="/d/initech/"]')).toHaveCount(0);
});

test("a cursor that cannot be read says so and offers the newest alarms", async ({ page }) => {
  await open(page, `${QUEUE}?status=open&cursor=not-a-cursor`);
  const alert = page.getByRole("alert").filter({ hasText: "cannot be found" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("cursor");
  await alert.getByRole("link", { name: "Start from the newest" }).click();
  await expect(page).toHaveURL(new RegExp(`${QUEUE}\\?status=open$`));
  const rows = await shownRows(page);
  expect(rows.length).toBeGreaterThan(0);
});

test("times are shown in the zone the link names", async ({ page }) => {
  await open(page, `${QUEUE}?tz=Asia/Tokyo`);
  await shownRows(page);
  await expect(queue(page).locator("tbody time").first()).toContainText("UTC+9");
  await expect(pager(page)).toContainText("UTC+9");
  // The zone travels with the row's link to the detail.
  await expect(queue(page).locator("a[data-row-link]").first()).toHaveAttribute(
    "href",
    /\?tz=Asia%2FTokyo$/,
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("shows cards, nothing wider than the screen", async ({ page }) => {
    await open(page, QUEUE);
    const cards = page.getByRole("list", { name: MERGED_QUEUE });
    await expect(cards.getByRole("listitem")).toHaveCount(20);
    await expect(queue(page)).toBeHidden();
    await expect(pager(page).getByRole("link", { name: "Older" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
