import { expect, test } from "./support/fixtures";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import { indexHoldsWhole } from "./support/alarms-api";
import { e2e } from "./support/env";
import {
  MERGED_QUEUE,
  cellTexts,
  multiFilter,
  open,
  pager,
  pickFilter,
  reload,
  rows,
  settled,
} from "./support/list";
import { simulatorAlarms } from "./support/simulator-api";

// Several values of a filter (open or in review; this strategy or that) as an analyst picks them:
// in the filter bar, in the URL, read from the index (the upstream filters by one value), its
// numbers the upstream's own added up, and back to the upstream with one value. Acme's and
// Globex's simulators are never staged into: a window of their past holds still.

const INDEX_WAIT_MS = 120_000;
const DAY = 24 * 3_600_000;

/** The upstream's own count of one value of each filter. */
async function upstreamTotal(
  baseUrl: string,
  filters: Record<string, string | number>,
): Promise<number> {
  return (await simulatorAlarms(baseUrl, { page: 0, size: 1, ...filters })).totalElements;
}

const format = (n: number) => n.toLocaleString("en");

test("a filter takes several values, picked in the bar, read exactly from the index", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await indexHoldsWhole(page.request);
  const { alarms } = await simulatorAlarms(e2e.simulatorUrl, { page: 0, size: 1 });
  const newest = Number(alarms[0]!.timestamp_occured);
  const window = { timestamp_occured_gte: newest - 7 * DAY, timestamp_occured_lte: newest };
  const total = (filters: Record<string, string>) =>
    upstreamTotal(e2e.simulatorUrl, { ...window, ...filters });
  const [open_, inReview] = [await total({ status: "open" }), await total({ status: "in_review" })];

  await open(
    page,
    `/d/acme/alarms?${new URLSearchParams(Object.entries(window).map(([k, v]) => [k, String(v)]))}`,
  );
  await pickFilter(page, "USM status", ["Open", "In review"]);
  await expect(page).toHaveURL(/status=open&status=in_review/);
  await expect(multiFilter(page, "USM status")).toHaveAccessibleName("USM status Open, In review");
  await settled(page);
  await expect(pager(page)).toContainText(`${format(open_ + inReview)} alarms`);
  await expect(page.locator("[data-search-source]")).toContainText("Read from the index");
  for (const text of await cellTexts(page, 1)) expect(text).toMatch(/^(Open|In review)/);
  await expect(page).toHaveTitle(
    new RegExp(`^${format(open_ + inReview)} alarms · Open or In review`),
  );
  // The live queue watches it from the index, and its export reads the index: the same count.
  await expect(page.locator("[data-live-status]")).toBeVisible();
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export this view" });
  await expect(dialog).toContainText(
    `The export will hold ${format(open_ + inReview)} alarms (cap 100,000)`,
  );
  await page.keyboard.press("Escape");

  // The overview counts the same view in the index: each priority is the upstream's count of it
  // among the open plus among those in review.
  for (const priority of ["high", "medium", "low"]) {
    const expected =
      (await total({ status: "open", priority_label: priority })) +
      (await total({ status: "in_review", priority_label: priority }));
    await expect(page.locator(`[data-overview-count="${priority}"]`)).toHaveAttribute(
      "data-count",
      String(expected),
    );
  }

  // Two strategies: the box adds each, and the view holds any of them.
  const [first, second] = ["Brute Force Authentication", "Web Shell"];
  const strategy = page.getByLabel("Strategy", { exact: true });
  for (const name of [first, second]) {
    await strategy.fill(name);
    await strategy.press("Enter");
    await expect(page.getByRole("button", { name: `Remove Strategy: ${name}` })).toBeVisible();
  }
  await expect(page).toHaveURL(
    /rule_strategy=Brute\+Force\+Authentication&rule_strategy=Web\+Shell/,
  );
  let both = 0;
  for (const status of ["open", "in_review"]) {
    for (const name of [first, second]) both += await total({ status, rule_strategy: name });
  }
  await settled(page);
  await expect(pager(page)).toContainText(`${format(both)} alarms`);
  for (const text of await cellTexts(page, 2))
    expect(text).toMatch(/^(Brute Force Authentication|Web Shell)/);

  // A link reproduces it; the detail's Back returns to it.
  await reload(page);
  await expect(pager(page)).toContainText(`${format(both)} alarms`);
  await rows(page).first().getByRole("link").first().click();
  await page.getByRole("link", { name: "Back to alarms" }).click();
  await expect(page).toHaveURL(/status=open&status=in_review&rule_strategy=/);

  // Each value is a chip of its own; with one value left, the upstream answers again.
  const chips = page.getByRole("group", { name: "Active filters" });
  await page.getByRole("button", { name: `Remove Strategy: ${second}` }).click();
  await page.getByRole("button", { name: `Remove Strategy: ${first}` }).click();
  await chips.getByRole("button", { name: "Remove filter USM status: In review" }).click();
  await expect(page).toHaveURL(/status=open/);
  await expect(page).not.toHaveURL(/in_review|rule_strategy/);
  await settled(page);
  await expect(pager(page)).toContainText(`${format(open_)} alarms`);
  await expect(page.locator("[data-search-source]")).toHaveCount(0);
});

test("the queue of every deployment takes several values too, its count exact", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { alarms } = await simulatorAlarms(e2e.simulatorUrl, { page: 0, size: 1 });
  const newest = Number(alarms[0]!.timestamp_occured);
  const window = { timestamp_occured_gte: newest - 3 * DAY, timestamp_occured_lte: newest };
  const search = `status=open&status=closed&timestamp_occured_gte=${window.timestamp_occured_gte}&timestamp_occured_lte=${window.timestamp_occured_lte}`;
  // Both deployments held whole: their backfills done.
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/d/all/alarms?${search}`);
        if (response.status() !== 200) return `status ${response.status()}`;
        const source = ((await response.json()) as AllListPage).source;
        return source?.indexedUpTo != null && !source.backfilling;
      },
      { timeout: INDEX_WAIT_MS, intervals: [1_000] },
    )
    .toBe(true);
  let expected = 0;
  for (const baseUrl of [e2e.simulatorUrl, e2e.simulator2Url]) {
    for (const status of ["open", "closed"]) {
      expected += await upstreamTotal(baseUrl, { ...window, status });
    }
  }
  await open(page, `/d/all/alarms?${search}`);
  await settled(page, MERGED_QUEUE);
  await expect(page.getByRole("main")).toContainText(`${format(expected)} alarms · page 1 of`);
  await expect(multiFilter(page, "USM status")).toHaveAccessibleName("USM status Open, Closed");
  const texts = await rows(page, MERGED_QUEUE).allInnerTexts();
  expect(texts.length).toBeGreaterThan(0);
  for (const text of texts) expect(text).not.toMatch(/In review/);
});
