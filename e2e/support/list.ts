import { expect, type Page, type Response } from "@playwright/test";

// The alarm list as the specs drive it: open a page and wait until its scripts have taken over,
// wait until the table shows the URL's view, and read its rows. A deployment's list is the table
// "Alarms"; the list of every deployment's (/d/all/alarms) is MERGED_QUEUE.

/** The accessible name of the list of every deployment's table (a deployment's list is "Alarms"). */
export const MERGED_QUEUE = "Alarms of all deployments";

/** The mark a page's root gets once React runs it (components/use-hydrated.ts). */
export const hydrationMark = (page: Page) => page.locator("[data-hydrated]");

/** Waits until the page is interactive: React runs it, so keys and clicks reach it. */
export async function hydrated(page: Page): Promise<void> {
  await hydrationMark(page).first().waitFor();
}

/** Opens a URL and waits until the page is interactive (hydrated). */
export async function open(page: Page, url: string): Promise<Response | null> {
  const response = await page.goto(url);
  await hydrated(page);
  return response;
}

/** Reloads the page and waits until it is interactive again. */
export async function reload(page: Page): Promise<void> {
  await page.reload();
  await hydrated(page);
}

export const table = (page: Page, name = "Alarms") => page.getByRole("table", { name });
export const rows = (page: Page, name = "Alarms") =>
  table(page, name).locator("tbody").getByRole("row");
export const pager = (page: Page) => page.getByRole("navigation", { name: "Pages" });

/** Waits until the table shows the URL's view (not the previous page kept on screen). */
export async function settled(page: Page, name = "Alarms"): Promise<void> {
  await expect(table(page, name)).toHaveAttribute("aria-busy", "false");
}

/**
 * Waits until the overview above the rows shows its counts (read in the browser, never in the
 * server's HTML). Until then its code may still be on its way and the overview away meanwhile,
 * so the rows below move when it comes: a scroll position read before is not the page's.
 */
export async function overviewCounted(page: Page): Promise<void> {
  const counted = page.locator('[data-overview] [data-overview-count]:not([data-count=""])');
  await expect(counted.first()).toBeVisible();
}

/**
 * One column's texts, top to bottom (column 0 is the first). Never empty: the loops over them
 * would then pass without checking.
 */
export async function cellTexts(page: Page, column: number, name = "Alarms"): Promise<string[]> {
  const texts = await rows(page, name).evaluateAll(
    (trs, index) => trs.map((tr) => tr.querySelectorAll("td")[index]?.innerText ?? ""),
    column,
  );
  expect(texts.length, "rows in the table").toBeGreaterThan(0);
  return texts;
}

/** The alarm uuid of each row, top to bottom. */
export const rowIds = (page: Page, name = "Alarms") =>
  rows(page, name).evaluateAll((trs) => trs.map((tr) => tr.getAttribute("data-alarm-row")));

/** A parameter of the page's URL (null when it has none). */
export const searchParam = (page: Page, name: string) => new URL(page.url()).searchParams.get(name);

/** Nothing on the page is read by scrolling it sideways: it is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    clientWidth: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, "the page's width against the window's").toBeLessThanOrEqual(clientWidth);
}

/** The live queue's state ("Updated …", "Live updates paused", …). */
export const liveStatus = (page: Page) => page.locator("[data-live-status]");

/** The banner that announces new alarms in a watched view ("2 new alarms since …"). */
export const newAlarmsBanner = (page: Page) =>
  page.getByRole("status").filter({ hasText: /new alarm/ });

/** The table's columns before an analyst changes anything, where there is room for them all
 * (1440 px), by their first word ("USM status" is "USM"); the User and Age columns go below xl,
 * the Team column (owner and the team's state) below lg. */
export const DEFAULT_HEADERS = [
  "Priority",
  "USM",
  "Strategy",
  "Sources",
  "Destinations",
  "User",
  "Occurred",
  "Age",
  "Events",
  "Team",
];

/** The visible column headers, by their first word ("Strategy / Method / Intent" is "Strategy"). */
export async function columnHeaders(page: Page): Promise<string[]> {
  const texts = await table(page).getByRole("columnheader").allInnerTexts();
  expect(texts.length, "column headers").toBeGreaterThan(0);
  return texts.map((text) => /[A-Za-z]+/.exec(text)?.[0] ?? text);
}

/** A filter that takes several values (USM status, Priority, Intent): its button, "USM status Open". */
export const multiFilter = (page: Page, label: string) =>
  page
    .getByRole("search", { name: "Filter alarms" })
    .getByRole("button", { name: new RegExp(`^${label} `) });

/** Picks exactly the values named (as the list shows them) in such a filter, then closes it. */
export async function pickFilter(page: Page, label: string, names: string[]): Promise<void> {
  await multiFilter(page, label).click();
  const panel = page.getByRole("group", { name: `${label}: any of` });
  for (const box of await panel.getByRole("checkbox").all()) {
    const name = (await box.locator("xpath=..").innerText()).trim();
    await box.setChecked(names.includes(name));
  }
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
}
