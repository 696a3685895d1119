import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { indexHoldsWhole } from "./support/alarms-api";
import { e2e } from "./support/env";
import { open } from "./support/list";
import { simulatorAlarms } from "./support/simulator-api";

// The overview of a deployment the index holds whole comes from the index: exact, with no
// upstream call (the unit tests count the simulator's GETs; here the page says where its counts
// came from), at an hour's, a day's or a month's bars. Acme's simulator is never staged into.

const INDEX_WAIT_MS = 120_000;
const DAY = 24 * 3_600_000;

async function simulatorTotal(filters: Record<string, string | number>): Promise<number> {
  return (await simulatorAlarms(e2e.simulatorUrl, { page: 0, size: 1, ...filters })).totalElements;
}

const count = (page: Page, value: string) => page.locator(`[data-overview-count="${value}"]`);

test("a deployment held whole has its overview from the index, exact at any range", async ({
  page,
}) => {
  test.setTimeout(180_000);
  // Until its backfill is done, the upstream's counts answer; then the index's.
  await indexHoldsWhole(page.request, "acme", INDEX_WAIT_MS);

  // A fixed window of the past (nothing arrives in it), a month then a day.
  const { alarms } = await simulatorAlarms(e2e.simulatorUrl, { page: 0, size: 1 });
  const newest = Number(alarms[0]!.timestamp_occured);
  for (const span of [30 * DAY, DAY]) {
    const window = { timestamp_occured_gte: newest - span, timestamp_occured_lte: newest };
    await open(
      page,
      `/d/acme/alarms?timestamp_occured_gte=${window.timestamp_occured_gte}&timestamp_occured_lte=${window.timestamp_occured_lte}`,
    );
    await expect(page.locator('[data-overview-source="index"]')).toBeVisible();
    for (const status of ["open", "in_review", "closed"]) {
      await expect(count(page, status)).toHaveAttribute(
        "data-count",
        String(await simulatorTotal({ ...window, status })),
      );
    }
    const bars = page.locator("[data-overview-bar]");
    await expect(bars.last()).toHaveAttribute("data-count", /^\d+$/);
    const counts = await bars.evaluateAll((all) => all.map((one) => Number(one.dataset.count)));
    // Day bars for a month, hour bars for a day; every alarm of the window in one of them.
    expect(counts.length).toBeGreaterThanOrEqual(24);
    const widths = await bars.evaluateAll((all) =>
      all.map((one) => Number(one.dataset.lte) - Number(one.dataset.gte) + 1),
    );
    // (The window's edges are partial bars; a sliver joins its neighbour.)
    const whole = widths.filter((width) => width === (span === DAY ? 3_600_000 : DAY));
    expect(whole.length).toBeGreaterThanOrEqual(22);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(await simulatorTotal(window));
  }
});
