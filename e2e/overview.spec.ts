import { expect, test, type Page } from "@playwright/test";
import { e2e } from "./support/env";
import { simulatorToken } from "./support/simulator-api";

// The overview above the list, on the real app and Globex's real simulator (read-only here):
// its counts are the simulator's own for the view, each dimension leaving out its own filter;
// a count or a bar filters the list; folded, it stays folded and asks for nothing.

/** How many alarms Globex's simulator itself holds for these filters. */
async function simulatorTotal(filters: Record<string, string | number>): Promise<number> {
  const base = e2e.simulator2Url;
  const token = await simulatorToken(base);
  const params = new URLSearchParams({ page: "0", size: "1" });
  for (const [key, value] of Object.entries(filters)) params.set(key, String(value));
  const response = await fetch(`${base}/api/2.0/alarms?${params}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { page: { totalElements: number } }).page.totalElements;
}

const count = (page: Page, value: string) => page.locator(`[data-overview-count="${value}"]`);

async function countOf(page: Page, value: string): Promise<number> {
  await expect(count(page, value)).toHaveAttribute("data-count", /^\d+$/);
  return Number(await count(page, value).getAttribute("data-count"));
}

/** The list's own total, as its heading says it (not the route announcer's copy of the title). */
const listTotal = (page: Page) => page.locator("p").filter({ hasText: /^[\d,]+ alarms ·/ });

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
  // The bar nearest the middle that holds alarms: which hours the middle bar covers depends on
  // the clock, and the simulator's closed alarms leave some bars empty.
  const counts = await bars.evaluateAll((all) =>
    all.map((b) => Number(b.getAttribute("data-count"))),
  );
  const middle = Math.floor(total / 2);
  const index = [...counts.keys()]
    .filter((i) => counts[i]! > 0)
    .sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle))[0];
  expect(index, "a bar with alarms").toBeDefined();
  const bar = bars.nth(index!);
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
    new RegExp(`status=closed&timestamp_occured_gte=${gte}&timestamp_occured_lte=${lte}$`),
  );
  expect(new URL(page.url()).searchParams.has("range")).toBe(false);
  await expect(listTotal(page)).toContainText(`${barCount.toLocaleString("en-US")} alarms`);
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
