import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import {
  multiFilter,
  open,
  overviewCounted,
  pager,
  pickFilter,
  rowIds,
  rows,
  settled,
  table,
} from "./support/list";
import { fillAndSubmitSignIn } from "./support/sign-in";

// What makes the list trustworthy to share and to come back to: links reproduce the view in a
// fresh browser, and back / forward restore the exact view, scroll position included.

/** The URL's parameters, in a fixed order (the order of keys carries no meaning). */
const params = (url: string) => [...new URL(url).searchParams.entries()].sort();
const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

/**
 * Where the page has come to rest after the test scrolled it, once the list has recorded that
 * position for its URL (it records on the next frame after each scroll event). A wheel scroll
 * is animated: a position read while it still moves is not the one the list keeps.
 */
async function restingScroll(page: Page): Promise<number> {
  let previous: number | undefined;
  let resting = -1;
  await expect
    .poll(
      async () => {
        const { y, recorded } = await page.evaluate(() => {
          const url = `${window.location.pathname}${window.location.search}`;
          const all = JSON.parse(
            sessionStorage.getItem("alarm-console:list-scroll") ?? "{}",
          ) as Record<string, number>;
          return { y: Math.round(window.scrollY), recorded: all[url] };
        });
        const still = y === previous && recorded === y;
        previous = y;
        if (still) resting = y;
        return still;
      },
      { message: "the scroll position comes to rest and is recorded", intervals: [100] },
    )
    .toBe(true);
  return resting;
}

test("a link reproduces exactly the sender's view in a new browser", async ({
  page,
  browser,
  storageState,
}) => {
  await open(page, "/d/acme/alarms");
  await pickFilter(page, "USM status", ["Open"]);
  await pickFilter(page, "Priority", ["Medium"]);
  await table(page).getByRole("button", { name: "Occurred" }).click(); // oldest first
  await pager(page).getByLabel("Rows per page").selectOption("10");
  await pager(page).getByRole("button", { name: "Next page" }).click();
  await expect(pager(page)).toContainText("Page 2 of");
  await settled(page);
  const link = page.url();
  const sent = await rowIds(page);
  expect(sent).toHaveLength(10);

  const context = await browser.newContext({ storageState });
  const fresh = await context.newPage();
  await open(fresh, link);
  expect(fresh.url()).toBe(link);
  expect(await rowIds(fresh)).toEqual(sent);
  await expect(multiFilter(fresh, "USM status")).toHaveAccessibleName("USM status Open");
  await expect(multiFilter(fresh, "Priority")).toHaveAccessibleName("Priority Medium");
  await expect(table(fresh).getByRole("columnheader", { name: /Occurred/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(pager(fresh)).toContainText("Page 2 of");
  await context.close();
});

test("a link pasted while signed out shows the same view after sign-in", async ({
  browser,
  analyst,
}) => {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  const path = "/d/acme/alarms?p=3&size=50&sort=priority,asc&status=closed";
  await page.goto(path);
  await expect(page).toHaveURL(/\/signin/);
  await fillAndSubmitSignIn(page, analyst, e2e.localPassword);
  await page.waitForURL((url) => url.pathname === "/d/acme/alarms");
  expect(new URL(page.url()).search).toBe(new URL(path, page.url()).search);
  await expect(rows(page)).toHaveCount(50);
  await expect(pager(page)).toContainText("Page 3 of");
  await context.close();
});

test("back and forward restore the exact view and the scroll position", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  await open(page, "/d/acme/alarms?size=50");
  await overviewCounted(page);
  const first = await rowIds(page);
  await page.mouse.wheel(0, 1500);
  const scrolled = await restingScroll(page);
  expect(scrolled).toBeGreaterThan(1000);

  await page.keyboard.press("n"); // next page, without scrolling to the pager first
  await expect(pager(page)).toContainText("Page 2 of 100");
  await settled(page);
  const second = await rowIds(page);
  expect(second).not.toEqual(first);

  await table(page).getByRole("button", { name: "Priority" }).click();
  await expect(page).toHaveURL(/sort=priority/);
  await settled(page);
  const sorted = await rowIds(page);

  await page.goBack();
  await expect(page).toHaveURL(/\/alarms\?p=2&size=50$/);
  await settled(page);
  expect(await rowIds(page)).toEqual(second);

  await page.goBack();
  await expect(page).toHaveURL(/\/alarms\?size=50$/);
  await settled(page);
  expect(await rowIds(page)).toEqual(first);
  await expect.poll(() => scrollY(page)).toBe(scrolled);

  await page.goForward();
  await page.goForward();
  await expect(page).toHaveURL(/sort=priority/);
  await settled(page);
  expect(await rowIds(page)).toEqual(sorted);
});

test("opening an alarm and coming back keeps page, sort, filters and scroll", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 700 });
  // (An old `page` link: the address bar is rewritten once the page runs.)
  await open(page, "/d/acme/alarms?size=50&sort=priority,desc&status=open&page=1");
  await overviewCounted(page);
  const before = await rowIds(page);
  const row = rows(page).nth(30);
  await row.scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 200);
  const scrolled = await restingScroll(page);
  expect(scrolled).toBeGreaterThan(500);
  const listUrl = page.url();

  await row.getByRole("link").click();
  await expect(page.locator("#alarm-title")).toBeVisible();
  await page.getByRole("link", { name: "Back to alarms" }).click();
  await expect.poll(() => params(page.url())).toEqual(params(listUrl));
  await settled(page);
  expect(await rowIds(page)).toEqual(before);
  await expect.poll(() => scrollY(page)).toBe(scrolled);
});
