import { expect, test, type Page } from "@playwright/test";
import { e2e } from "./support/env";
import { exportCsv, exportDialog } from "./support/export";
import {
  expectNoSidewaysScroll,
  MERGED_QUEUE,
  open,
  pager,
  rows,
  settled,
  table,
} from "./support/list";
import { everyAlarm, queueWhenIndexed } from "./support/search";
import type { UpstreamAlarm } from "./support/simulator-api";

// The queue of every deployment (/d/all/alarms), answered from the console's index: numbered pages
// in any order with an exact count, the overview, and a detail that steps through it across pages
// and deployments. The analyst sees Acme (simulator seed 42, 5,000 alarms) and Globex (seed 7,
// 1,800); Initech (on Globex's simulator) is not theirs to see. Their data never changes in the
// `chromium` project, so the truth is what both simulators hold, ordered by hand.

const QUEUE = "/d/all/alarms";
const TOTAL = 6_800;
const queue = (page: Page) => table(page, MERGED_QUEUE);
// One filter bar for every list: the deployment first, then the alarms' own filters.
const filters = (page: Page) => page.getByRole("search", { name: "Filter alarms" });
const position = (page: Page) => page.locator("[data-list-position]");

type Held = UpstreamAlarm & { deployment: string };
let held: Held[] = [];

test.beforeAll(async ({ request }) => {
  const [acme, globex] = await Promise.all([
    everyAlarm(e2e.simulatorUrl),
    everyAlarm(e2e.simulator2Url),
  ]);
  held = [
    ...acme.map((alarm) => ({ ...alarm, deployment: "acme" })),
    ...globex.map((alarm) => ({ ...alarm, deployment: "globex" })),
  ];
  expect(held).toHaveLength(TOTAL);
  await queueWhenIndexed(request, TOTAL);
});

const text = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const occurred = (alarm: Held) => Number(alarm.timestamp_occured);

/** The list's order, by hand: newest first, then deployment and uuid, A to Z. */
function newestFirst(list: Held[]): string[] {
  return [...list]
    .sort(
      (a, b) =>
        occurred(b) - occurred(a) || text(a.deployment, b.deployment) || text(a.uuid, b.uuid),
    )
    .map((alarm) => `${alarm.deployment}/${alarm.uuid}`);
}

/** Highest priority first, then as newestFirst. */
function highestFirst(list: Held[]): string[] {
  return [...list]
    .sort(
      (a, b) =>
        (b.priority ?? 0) - (a.priority ?? 0) ||
        occurred(b) - occurred(a) ||
        text(a.deployment, b.deployment) ||
        text(a.uuid, b.uuid),
    )
    .map((alarm) => `${alarm.deployment}/${alarm.uuid}`);
}

/** The rows on screen, once the table shows the URL's view: deployment/uuid from each link. */
async function shown(page: Page): Promise<string[]> {
  await expect(rows(page, MERGED_QUEUE).first()).toBeVisible();
  await settled(page, MERGED_QUEUE);
  const hrefs = await rows(page, MERGED_QUEUE).evaluateAll((trs) =>
    trs.map((tr) => tr.querySelector("a[data-row-link]")?.getAttribute("href") ?? ""),
  );
  return hrefs.map((href) => {
    const match = /^\/d\/([^/]+)\/alarms\/([^/?]+)/.exec(href);
    expect(match, `a detail link: ${href}`).not.toBeNull();
    return `${match![1]}/${match![2]}`;
  });
}

/** The heading's line ("6,800 alarms · page 1 of 340 across Acme, Globex · …"). */
const summary = (page: Page) => page.locator("[data-queue-count]").locator("..");

test("shows every deployment's alarms from the index, newest first, counted exactly", async ({
  page,
}) => {
  await open(page, QUEUE);
  await expect(page.getByRole("heading", { level: 1, name: "All deployments" })).toBeVisible();
  await expect(summary(page)).toContainText(
    "6,800 alarms · page 1 of 340 across Acme, Globex · Read from the index",
  );
  await expect(page).toHaveTitle("6,800 alarms · All deployments · Alarm Console");
  expect(await shown(page)).toEqual(newestFirst(held).slice(0, 20));
  // Each row names its deployment; nothing is said to be missing.
  await expect(queue(page).locator("tbody tr").first().locator("td").first()).toHaveText(
    /^(Acme|Globex)$/,
  );
  await expect(page.locator("[data-index-gap]")).toHaveCount(0);
  await expect(pager(page)).toContainText("1–20 of 6,800");
});

test("sorts by any column and pages by number; Back walks the same pages", async ({ page }) => {
  await open(page, QUEUE);
  await shown(page);
  await queue(page).getByRole("button", { name: "Priority" }).click();
  await expect(page).toHaveURL(`${QUEUE}?sort=priority%2Cdesc`);
  const expected = highestFirst(held);
  expect(await shown(page)).toEqual(expected.slice(0, 20));
  await pager(page).getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${QUEUE}?p=2&sort=priority%2Cdesc`);
  expect(await shown(page)).toEqual(expected.slice(20, 40));
  await page.goBack();
  await expect(page).toHaveURL(`${QUEUE}?sort=priority%2Cdesc`);
  expect(await shown(page)).toEqual(expected.slice(0, 20));
  // A deep page straight from a link.
  await open(page, `${QUEUE}?page=300&sort=priority%2Cdesc`);
  expect(await shown(page)).toEqual(expected.slice(6_000, 6_020));
  await expect(summary(page)).toContainText("page 301 of 340");
});

test("a detail knows its place in the queue, steps across pages and deployments, and Escape goes back to its page", async ({
  page,
}) => {
  const order = newestFirst(held);
  // A step across the queue's pages that also crosses deployments: a page whose last alarm and
  // the next page's first belong to two deployments.
  const at = [...Array(300).keys()].find(
    (n) => order[n * 20 + 19]!.split("/")[0] !== order[n * 20 + 20]!.split("/")[0],
  );
  expect(at, "a page edge between two deployments").toBeDefined();
  const last = order[at! * 20 + 19]!;
  const next = order[at! * 20 + 20]!;

  /** A detail of `key` ("acme/<uuid>") opened from the queue's page `number`. */
  const detail = (key: string, number: number) => {
    const [deployment, uuid] = key.split("/");
    const queueParam = number === 0 ? "default" : `p%3D${number + 1}`;
    return new RegExp(`/d/${deployment}/alarms/${uuid}\\?queue=${queueParam}$`);
  };
  await open(page, `${QUEUE}${at === 0 ? "" : `?page=${at}`}`);
  await shown(page);
  await queue(page).locator("tbody tr").last().locator("a[data-row-link]").click();
  await expect(page.locator("#alarm-title")).toBeVisible();
  await expect(page).toHaveURL(detail(last, at!));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 20} of 6,800`);

  await page.keyboard.press("j");
  await expect(page).toHaveURL(detail(next, at! + 1));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 21} of 6,800`);
  await page.keyboard.press("k");
  await expect(page).toHaveURL(detail(last, at!));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 20} of 6,800`);
  await page.keyboard.press("j");
  await expect(page).toHaveURL(detail(next, at! + 1));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 21} of 6,800`);

  // Escape: back to the queue at the page of the alarm shown, its row focused.
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${QUEUE}?p=${at! + 2}`);
  const [deployment, uuid] = next.split("/");
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.closest("[data-alarm-row]")?.getAttribute("data-alarm-row"),
      ),
    )
    .toBe(uuid);
  expect(await shown(page)).toContain(`${deployment}/${uuid}`);
});

test("a detail opened from a link without the queue has no place in it", async ({ page }) => {
  const [deployment, uuid] = newestFirst(held)[0]!.split("/");
  await open(page, `/d/${deployment}/alarms/${uuid}`);
  await expect(page.locator("#alarm-title")).toBeVisible();
  await expect(position(page)).toHaveCount(0);
});

test("the overview counts every deployment from the index, and a count filters the queue", async ({
  page,
}) => {
  await open(page, QUEUE);
  await shown(page);
  const overview = page.getByRole("region", { name: "Overview" });
  await expect(overview).toContainText("exact, from the index");
  for (const status of ["open", "in_review", "closed"]) {
    await expect(overview.locator(`[data-overview-count="${status}"]`), status).toHaveAttribute(
      "data-count",
      String(held.filter((alarm) => alarm.status === status).length),
    );
  }
  const open_ = held.filter((alarm) => alarm.status === "open").length;
  await overview.locator('[data-overview-count="open"]').click();
  await expect(page).toHaveURL(`${QUEUE}?status=open`);
  await expect(summary(page)).toContainText(`${open_.toLocaleString("en")} alarms`);
  expect(await shown(page)).toEqual(
    newestFirst(held.filter((alarm) => alarm.status === "open")).slice(0, 20),
  );
});

test("exports the queue's view from the index: the file's rows are both simulators' alarms of the view, in its order", async ({
  page,
}) => {
  const keep = (alarm: Held) => alarm.status === "in_review" && alarm.priority_label === "high";
  const expected = highestFirst(held.filter(keep));
  expect(new Set(expected.map((key) => key.split("/")[0]))).toEqual(new Set(["acme", "globex"]));
  await open(page, `${QUEUE}?sort=priority%2Cdesc&status=in_review&priority_label=high`);
  await shown(page);
  const { fileName, rows } = await exportCsv<{ deployment: string; uuid: string }>(
    page,
    expected.length,
  );
  expect(fileName).toMatch(
    /^all-deployments-alarms-status-in-review-priority-high-by-priority-desc-\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/,
  );
  expect(rows.map((row) => `${row.deployment}/${row.uuid}`)).toEqual(expected);
  await expect(exportDialog(page).getByRole("status")).toHaveText(
    `Done: ${expected.length} alarms exported.`,
  );
});

test("the Deployment filter narrows the queue to one deployment, and All widens it again", async ({
  page,
}) => {
  await open(page, QUEUE);
  const all = await shown(page);
  const deployment = filters(page).getByLabel("Deployment");
  await expect(deployment.locator("option")).toHaveText(["All", "Acme", "Globex"]);
  await deployment.selectOption({ label: "Globex" });
  await expect(page).toHaveURL(`${QUEUE}?deployments=globex`);
  await expect(summary(page)).toContainText("1,800 alarms · page 1 of 90 across Globex");
  await expect(queue(page).locator('tbody tr:not([data-deployment="globex"])')).toHaveCount(0);
  expect(await shown(page)).toEqual(
    newestFirst(held.filter((alarm) => alarm.deployment === "globex")).slice(0, 20),
  );
  await deployment.selectOption({ label: "All" });
  await expect(page).toHaveURL(QUEUE);
  expect(await shown(page)).toEqual(all);
});

test("a text filter applies to every deployment, and the chip takes it off again", async ({
  page,
}) => {
  await open(page, QUEUE);
  const all = await shown(page);
  const strategy = filters(page).getByLabel("Strategy", { exact: true });
  await strategy.fill("Brute Force Authentication");
  await strategy.press("Enter");
  await expect(page).toHaveURL(`${QUEUE}?rule_strategy=Brute+Force+Authentication`);
  const brute = held.filter((alarm) => alarm.rule_strategy === "Brute Force Authentication");
  await expect(summary(page)).toContainText(`${brute.length.toLocaleString("en")} alarms`);
  expect(await shown(page)).toEqual(newestFirst(brute).slice(0, 20));

  const chips = page.getByRole("group", { name: "Active filters" });
  await chips
    .getByRole("button", { name: "Remove filter Strategy: Brute Force Authentication" })
    .click();
  await expect(page).toHaveURL(QUEUE);
  expect(await shown(page)).toEqual(all);
});

test("Copy link copies the queue's view, and with a rolling range also the exact alarms shown", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const clipboard = async () => new URL(await page.evaluate(() => navigator.clipboard.readText()));
  await open(page, `${QUEUE}?sort=priority%2Cdesc&deployments=globex`);
  await shown(page);
  const copy = page.getByRole("button", { name: /^Copy link/ });
  await copy.click();
  await expect(copy).toContainText("Copied");
  const plain = await clipboard();
  expect(`${plain.pathname}${plain.search}`).toBe(
    `${QUEUE}?sort=priority%2Cdesc&deployments=globex`,
  );

  await filters(page).getByRole("button", { name: /^24h/ }).click();
  await expect(page).toHaveURL(/[?&]range=24h(&|$)/);
  const rolling = await shown(page);
  await copy.click();
  await page.getByRole("button", { name: /These exact alarms/ }).click();
  const exact = await clipboard();
  expect(exact.searchParams.get("range")).toBeNull();
  const gte = Date.parse(exact.searchParams.get("timestamp_occured_gte") ?? "");
  const lte = Date.parse(exact.searchParams.get("timestamp_occured_lte") ?? "");
  expect(lte - gte).toBe(24 * 3600_000);
  // The frozen link shows the recipient the same alarms, in the same order.
  await open(page, `${exact.pathname}${exact.search}`);
  expect(await shown(page)).toEqual(rolling);
});

test("Initech, which the analyst may not see, never appears", async ({ page }) => {
  await open(page, QUEUE);
  await shown(page);
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
  await expect(page).toHaveURL(QUEUE);
  expect((await shown(page)).every((row) => !row.startsWith("initech/"))).toBe(true);
});

test("a place in the queue by cursor, from before the index, still opens; one that cannot be read says so", async ({
  page,
}) => {
  await open(page, `${QUEUE}?status=open&cursor=not-a-cursor`);
  const alert = page.getByRole("alert").filter({ hasText: "cannot be found" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("cursor");
  await alert.getByRole("link", { name: "Start from the newest" }).click();
  await expect(page).toHaveURL(`${QUEUE}?status=open`);
  expect((await shown(page)).length).toBe(20);
});

test("times are shown in the zone the link names", async ({ page }) => {
  await open(page, `${QUEUE}?tz=Asia/Tokyo`);
  await shown(page);
  await expect(queue(page).locator("tbody time").first()).toContainText("UTC+9");
  // The zone travels with the row's link to the detail.
  await expect(queue(page).locator("a[data-row-link]").first()).toHaveAttribute(
    "href",
    /&tz=Asia%2FTokyo$/,
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("shows cards with their place in the queue, nothing wider than the screen", async ({
    page,
  }) => {
    await open(page, QUEUE);
    const cards = page.getByRole("list", { name: MERGED_QUEUE });
    await expect(cards.getByRole("listitem")).toHaveCount(20);
    await expect(queue(page)).toBeHidden();
    await expect(pager(page).getByRole("button", { name: "Next page" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
