import type { Page } from "@playwright/test";
import { holdChunk } from "./support/chunks";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { open, pickFilter, settled, table } from "./support/list";
import { simulatorAlarms } from "./support/simulator-api";

// The overview above the list, on the real app and Globex's real simulator (read-only here):
// its counts are the simulator's own for the view, each dimension leaving out its own filter;
// a count or a bar filters the list; folded, it stays folded and asks for nothing.

/** How many alarms Globex's simulator itself holds for these filters. */
async function simulatorTotal(filters: Record<string, string | number>): Promise<number> {
  const query = { page: 0, size: 1, ...filters };
  return (await simulatorAlarms(e2e.simulator2Url, query)).totalElements;
}

const count = (page: Page, value: string) => page.locator(`[data-overview-count="${value}"]`);

async function countOf(page: Page, value: string): Promise<number> {
  await expect(count(page, value)).toHaveAttribute("data-count", /^\d+$/);
  return Number(await count(page, value).getAttribute("data-count"));
}

/** The list's own total, as its heading says it (not the route announcer's copy of the title). */
const listTotal = (page: Page) => page.locator("p").filter({ hasText: /^[\d,]+ alarms? ·/ });

test("the overview's counts are the simulator's own, each leaving out its own filter; a count filters the list", async ({
  page,
}) => {
  await page.goto("/d/globex/alarms?status=open&suppressed=false");
  const overview = page.getByRole("region", { name: "Overview" });
  await expect(overview).toBeVisible();

  for (const label of ["low", "medium", "high"]) {
    expect(await countOf(page, label), label).toBe(
      await simulatorTotal({ status: "open", suppressed: "false", priority_label: label }),
    );
  }
  // Status leaves its own filter out: the other statuses are counted too.
  for (const status of ["open", "in_review", "closed"]) {
    expect(await countOf(page, status), status).toBe(
      await simulatorTotal({ status, suppressed: "false" }),
    );
  }
  await expect(count(page, "open")).toHaveAttribute("aria-pressed", "true");
  const intent = "Delivery & Attack";
  expect(await countOf(page, intent)).toBe(
    await simulatorTotal({ status: "open", suppressed: "false", rule_intent: intent }),
  );

  const high = await countOf(page, "high");
  await count(page, "high").click();
  await expect(page).toHaveURL(/priority_label=high/);
  await expect(listTotal(page)).toContainText(`${high.toLocaleString("en-US")} alarms`);
  await expect(count(page, "high")).toHaveAttribute("aria-pressed", "true");
  // The priority counts still show every label: the dimension leaves its own filter out.
  expect(await countOf(page, "low")).toBe(
    await simulatorTotal({ status: "open", suppressed: "false", priority_label: "low" }),
  );
});

test("a bar of the histogram filters the list to its bounds", async ({ page }) => {
  await page.goto("/d/globex/alarms?range=7d&status=closed");
  const bars = page.locator("[data-overview-bar]");
  await expect(bars.first()).toHaveAttribute("data-count", /^\d+$/);
  const total = await bars.count();
  expect(total).toBeGreaterThanOrEqual(24);
  expect(total).toBeLessThanOrEqual(48);
  // Every bar counted; then the busiest (a few hours of closed alarms can hold none, and where
  // the bars' round edges fall depends on the time of day the test runs).
  await expect(bars.last()).toHaveAttribute("data-count", /^\d+$/);
  const counts = await bars.evaluateAll((all) => all.map((one) => Number(one.dataset.count)));
  const bar = bars.nth(counts.indexOf(Math.max(...counts)));
  await expect(bar).toHaveAttribute("data-count", /^[1-9]\d*$/);
  const gte = Number(await bar.getAttribute("data-gte"));
  const lte = Number(await bar.getAttribute("data-lte"));
  const barCount = Number(await bar.getAttribute("data-count"));
  expect(barCount).toBe(
    await simulatorTotal({
      status: "closed",
      timestamp_occured_gte: gte,
      timestamp_occured_lte: lte,
    }),
  );

  await bar.click();
  await expect(page).toHaveURL(
    // Times in links are ISO-8601, UTC (milliseconds only when there are some).
    new RegExp(
      `status=closed&timestamp_occured_gte=${isoLink(gte)}&timestamp_occured_lte=${isoLink(lte)}$`,
    ),
  );
  expect(new URL(page.url()).searchParams.has("range")).toBe(false);
  await expect(listTotal(page)).toContainText(
    barCount === 1 ? "1 alarm" : `${barCount.toLocaleString("en-US")} alarms`,
  );
});

test("folded away, the overview stays folded in this browser and asks for nothing", async ({
  page,
}) => {
  await page.goto("/d/globex/alarms?priority_label=low");
  await expect(page.locator("[data-overview-bar]").first()).toBeVisible();
  await page.locator("[data-overview-toggle]").click();
  await expect(page.locator("[data-overview-body]")).toHaveCount(0);

  const asked: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("/alarms/overview")) asked.push(request.url());
  });
  await page.reload();
  await expect(page.locator("[data-alarm-row]").first()).toBeVisible();
  await expect(page.locator("[data-overview-toggle]")).toHaveText("Show");
  await expect(page.locator("[data-overview-toggle]")).toHaveAttribute("aria-expanded", "false");
  await expect(page.locator("[data-overview-body]")).toHaveCount(0);
  expect(asked).toEqual([]);

  await page.locator("[data-overview-toggle]").click();
  await expect(page.locator("[data-overview-bar]").first()).toHaveAttribute("data-count", /^\d+$/);
  expect(asked.length).toBe(4);
});

test("a filter applied before the overview's code is there leaves the overview standing in its space above the table", async ({
  page,
}) => {
  // The overview's code (the one chunk that renders its fold button) held back until released:
  // the page is hydrated and usable without it, and the filter changes the overview's props.
  const release = await holdChunk(page, "data-overview-toggle");
  await open(page, "/d/globex/alarms");
  await settled(page);
  const overview = page.getByRole("region", { name: "Overview" });
  await expect(overview).toBeVisible();
  // The table's distance below the overview's top: the space the overview holds (the filter's
  // own chip above them may move both).
  const held = async () => (await table(page).boundingBox())!.y - (await overview.boundingBox())!.y;
  const before = await held();

  await pickFilter(page, "USM status", ["Open"]);
  await expect(page).toHaveURL(/status=open/);
  await settled(page);
  // The server's overview stands (not an empty space that the overview pops into later).
  await expect(overview).toBeVisible();
  expect(await held()).toBe(before);

  release();
  await expect(count(page, "open")).toHaveAttribute("aria-pressed", "true");
  await expect(count(page, "open")).toHaveAttribute("data-count", /^\d+$/);
  expect(await held()).toBe(before);
});

/** A time as a link writes it, as a pattern: 2026-11-29T06:00:00Z (or …:00.250Z). */
function isoLink(ms: number): string {
  return new Date(ms)
    .toISOString()
    .replace(/\.000Z$/, "Z")
    .replace(/\./g, "\\.");
}
