import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { signIn } from "./support/sign-in";

// The home's team counts move as the team works: a teammate takes, acknowledges and closes an
// alarm through the API, and the analyst's open home shows each change within seconds (the
// triage notices refresh it, long before its minute's refresh), and a count followed is the
// list's total. On Globex: fewer alarms than the search's cap, so every count is exact, and no
// other spec works its alarms' triage.

const PARTNER = "home.partner";
const tile = (page: Page) => page.getByRole("article", { name: "Globex" });

/** A team count of the Globex tile, as a screen reader says it ("Unowned: 1,234"). */
async function teamCount(page: Page, name: string): Promise<number> {
  const spoken = tile(page)
    .getByRole("list")
    .first()
    .locator(".sr-only", { hasText: new RegExp(`^${name}: `) });
  const text = (await spoken.textContent()) ?? "";
  const number = text.slice(name.length + 2).replace(/,/g, "");
  if (!/^\d+$/.test(number)) throw new Error(`${name} is '${text}'`);
  return Number(number);
}

/** The alarms closed today with a verdict, on the tile ("False positive 3"). */
async function closedToday(page: Page, verdict: string): Promise<number> {
  const entry = tile(page)
    .getByRole("list", { name: "Closed today by verdict" })
    .getByRole("listitem")
    .filter({ hasText: verdict });
  return Number(((await entry.textContent()) ?? "").replace(verdict, "").replace(/[,\s]/g, ""));
}

async function total(request: APIRequestContext, q?: string): Promise<number> {
  const query = q === undefined ? "size=10" : `size=10&q=${encodeURIComponent(q)}`;
  const response = await request.get(`/api/d/globex/alarms?${query}`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { page: { totalElements: number } }).page.totalElements;
}

async function partnerRequest(browser: Browser): Promise<APIRequestContext> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await signIn(page, PARTNER, e2e.localPassword);
  return page.request;
}

test.describe.configure({ timeout: 180_000 });

test("the home's team counts move as a teammate takes, acknowledges and closes an alarm", async ({
  page,
  browser,
}) => {
  // The index holds Globex whole (the team's counts are the index's).
  const upstream = await total(page.request);
  await expect
    .poll(() => total(page.request, "closed:true OR closed:false"), { timeout: 120_000 })
    .toBe(upstream);
  const response = await page.request.get(
    `/api/d/globex/alarms?size=10&q=${encodeURIComponent("closed:false owner:none acknowledged:false")}`,
  );
  const uuid = ((await response.json()) as { alarms: { uuid: string }[] }).alarms[0]!.uuid;

  await page.goto("/");
  await expect(page.locator("main")).toHaveAttribute("data-team-live", "open");
  const before = {
    open: await teamCount(page, "Open for the team"),
    unacknowledged: await teamCount(page, "Unacknowledged"),
    unowned: await teamCount(page, "Unowned"),
    mine: await teamCount(page, "Mine"),
    falsePositive: await closedToday(page, "False positive"),
  };
  // What USM says stays apart, named as USM's.
  await expect(tile(page).getByText("Open in USM · USM's status")).toBeVisible();

  const partner = await partnerRequest(browser);
  const triage = `/api/d/globex/alarms/${uuid}/triage`;
  // Well within the home's own minute: the notice brings the change.
  const soon = { timeout: 15_000 };
  const took = await partner.put(`${triage}/owner`, { data: { owner: PARTNER, from: null } });
  expect(took.status()).toBe(200);
  await expect.poll(() => teamCount(page, "Unowned"), soon).toBe(before.unowned - 1);
  expect(await teamCount(page, "Mine")).toBe(before.mine);

  const acknowledged = await partner.put(`${triage}/acknowledged`, {
    data: { acknowledged: true },
  });
  expect(acknowledged.status()).toBe(200);
  await expect.poll(() => teamCount(page, "Unacknowledged"), soon).toBe(before.unacknowledged - 1);

  const closed = await partner.put(`${triage}/closed`, {
    data: { verdict: "false_positive", reason: "A scanner of ours (e2e)" },
  });
  expect(closed.status()).toBe(200);
  await expect.poll(() => teamCount(page, "Open for the team"), soon).toBe(before.open - 1);
  await expect.poll(() => closedToday(page, "False positive"), soon).toBe(before.falsePositive + 1);

  // Followed, a count is the list's total.
  const unowned = await teamCount(page, "Unowned");
  await tile(page)
    .getByRole("link", { name: /^Unowned: / })
    .click();
  await expect(page).toHaveURL(/q=closed%3Afalse\+owner%3Anone/);
  await expect(
    page.getByText(new RegExp(`of ${unowned.toLocaleString("en")} alarms`)),
  ).toBeVisible();
  await page.goBack();
  const falsePositive = await closedToday(page, "False positive");
  await tile(page)
    .getByRole("list", { name: "Closed today by verdict" })
    .getByRole("link", { name: /^False positive/ })
    .click();
  await expect(page).toHaveURL(/q=verdict%3Afalse_positive\+closed_at/);
  await expect(page.locator(`tbody tr[data-alarm-row="${uuid}"]`)).toBeVisible();
  await expect(page.getByText(new RegExp(`${falsePositive} alarms?$`)).first()).toBeVisible();
  await partner.dispose();
});
