import { expect, test } from "./support/fixtures";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import { e2e } from "./support/env";
import { MERGED_QUEUE, open, table } from "./support/list";
import { queueWhenIndexed } from "./support/search";
import { simulatorAdmin } from "./support/simulator-api";

// The queue of every deployment when one deployment's upstream fails: Globex's simulator is
// broken on purpose (so this runs in the `faults` project, alone). The queue reads the index, so
// Globex's alarms indexed so far still show; but the index can no longer follow Globex, and the
// queue must say what may be missing rather than look complete.

const globex = simulatorAdmin(e2e.simulator2Url);

test.afterEach(async () => {
  await globex.reset();
});

/** The queue's gaps as its API answers them, by deployment. */
async function gaps(request: import("@playwright/test").APIRequestContext) {
  const response = await request.get("/api/d/all/alarms?size=10");
  const page = (await response.json()) as AllListPage;
  return page.paging === "pages" ? page.gaps.map((gap) => `${gap.deployment}:${gap.state}`) : [];
}

/** How many alarms a deployment's upstream holds (other specs stage alarms into Globex). */
async function upstreamTotal(
  request: import("@playwright/test").APIRequestContext,
  deployment: string,
): Promise<number> {
  const response = await request.get(`/api/d/${deployment}/alarms?size=10`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { page: { totalElements: number } }).page.totalElements;
}

test("a deployment the index cannot follow is named with what may be missing, its indexed alarms still shown", async ({
  page,
}) => {
  const globexTotal = await upstreamTotal(page.request, "globex");
  const count = globexTotal.toLocaleString("en");
  await queueWhenIndexed(page.request, (await upstreamTotal(page.request, "acme")) + globexTotal);
  await globex.faults({ failRate: 1, failStatus: 503, routes: ["alarms"] });
  // Two failed reads in a row (the e2e index follows every 2 s) and its state says so.
  await expect
    .poll(() => gaps(page.request), { timeout: 30_000, intervals: [1_000] })
    .toEqual(["globex:failed"]);

  await open(page, "/d/all/alarms?deployments=globex&size=10");
  const gap = page.locator('[data-index-gap="globex"]');
  await expect(gap).toContainText("Globex");
  await expect(gap).toContainText("are not here yet");
  await expect(gap).not.toContainText(e2e.simulator2Url);
  await expect(gap.getByRole("link", { name: "Open Globex’s own list" })).toHaveAttribute(
    "href",
    "/d/globex/alarms?size=10",
  );
  await expect(page.getByText(new RegExp(`^${count} or more alarms`))).toBeVisible();
  // What the index holds of Globex is still there.
  await expect(table(page, MERGED_QUEUE).locator("tbody tr a[href^='/d/globex/']")).toHaveCount(10);

  // Globex answers again: the index follows it, and the queue no longer names it.
  await globex.reset();
  await expect.poll(() => gaps(page.request), { timeout: 30_000, intervals: [1_000] }).toEqual([]);
  await open(page, "/d/all/alarms?deployments=globex&size=10");
  // A count without "or more" (the reset took away what other specs staged upstream: the index
  // may still hold it a while).
  await expect(page.getByText(new RegExp(`^(1,800|${count}) alarms$`))).toBeVisible();
  await expect(gap).toHaveCount(0);
});
