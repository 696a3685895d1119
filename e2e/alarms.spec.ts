import type { Page } from "@playwright/test";
import { holdChunk } from "./support/chunks";
import { expect, test } from "./support/fixtures";
import { axeViolations } from "./support/a11y";
import { cellTexts, multiFilter, open, pager, rows, settled, table } from "./support/list";

// The alarm list as an analyst uses it: server-rendered, sorted, paged and filtered through the
// URL, against the real app and the real simulator (5000 alarms, seed 42).

const priorities = async (page: Page) =>
  (await cellTexts(page, 0)).map((text) => Number(/(\d+)$/.exec(text)?.[1]));

test("the first paint comes from the server with the alarms already in it", async ({ page }) => {
  const response = await page.request.get("/d/acme/alarms?size=10");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html.match(/data-alarm-row=/g)).toHaveLength(10);
  expect(html).toContain("5,000");
});

test("sorts by a column header, both ways, and says so on the header", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const header = table(page).getByRole("columnheader", { name: /Priority/ });
  await expect(header).toHaveAttribute("aria-sort", "none");

  await header.getByRole("button", { name: "Priority" }).click();
  await expect(page).toHaveURL(/sort=priority(,|%2C)desc/);
  await settled(page);
  await expect(header).toHaveAttribute("aria-sort", "descending");
  const descending = await priorities(page);
  expect(descending).toEqual([...descending].sort((a, b) => b - a));

  await header.getByRole("button", { name: "Priority" }).click();
  await expect(page).toHaveURL(/sort=priority(,|%2C)asc/);
  await settled(page);
  await expect(header).toHaveAttribute("aria-sort", "ascending");
  const ascending = await priorities(page);
  expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
  expect(ascending[0]).toBeLessThan(descending[0]!);

  // Sorting by a field that shares a header (the rule's method).
  await table(page).getByRole("button", { name: "Method" }).click();
  await expect(page).toHaveURL(/sort=rule_method(,|%2C)asc/);
  await expect(table(page).getByRole("columnheader", { name: /Strategy/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
});

test("pages first, next, previous, last, and changes the page size", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const pages = pager(page);
  await expect(pages).toContainText("Page 1 of 250");
  await expect(pages).toContainText("5,000 alarms");
  await expect(rows(page)).toHaveCount(20);
  const firstPage = await cellTexts(page, 2);

  await pages.getByRole("button", { name: "Next page" }).click();
  await expect(pages).toContainText("Page 2 of 250");
  await expect(page).toHaveURL(/[?&]p=2(&|$)/);
  await settled(page);
  expect(await cellTexts(page, 2)).not.toEqual(firstPage);

  await pages.getByRole("button", { name: "Last page" }).click();
  await expect(pages).toContainText("Page 250 of 250");
  await expect(pages.getByRole("button", { name: "Next page" })).toBeDisabled();
  await pages.getByRole("button", { name: "Previous page" }).click();
  await expect(pages).toContainText("Page 249 of 250");
  await pages.getByRole("button", { name: "First page" }).click();
  await expect(pages).toContainText("Page 1 of 250");
  await expect(page).not.toHaveURL(/[?&]p(age)?=/);
  await settled(page);
  expect(await cellTexts(page, 2)).toEqual(firstPage);

  await pages.getByLabel("Rows per page").selectOption("50");
  await expect(page).toHaveURL(/size=50/);
  await expect(rows(page)).toHaveCount(50);
  await expect(pages).toContainText("Page 1 of 100");
});

test("invalid parameters are corrected visibly, and the URL is replaced", async ({ page }) => {
  await open(page, "/d/acme/alarms?page=abc&size=7&sort=priority,up&status=open&utm_source=chat");
  const notice = page.getByRole("status").filter({ hasText: "corrected" });
  await expect(notice).toContainText("page");
  await expect(notice).toContainText("size");
  await expect(notice).toContainText("sort");
  // A parameter the list does not take is named too, and left out.
  await expect(notice).toContainText("utm_source: is not a parameter of this page");
  await expect(page).toHaveURL(/\/alarms\?status=open$/);
  await expect(multiFilter(page, "USM status")).toHaveAccessibleName("USM status Open");
  await expect(rows(page)).toHaveCount(20);
  await notice.getByRole("button", { name: /Dismiss/ }).click();
  await expect(notice).toBeHidden();
});

test("a corrected link's notice says it cannot be dismissed until its code is there, then dismisses", async ({
  page,
}) => {
  // The notice's code (fetched when shown) held back until released: its server HTML stands, and
  // a press on it meanwhile would be lost, so its button says it cannot be used yet.
  const release = await holdChunk(page, "Dismiss the notice about corrected parameters");
  await open(page, "/d/acme/alarms?size=7");
  const notice = page.getByRole("status").filter({ hasText: "corrected" });
  const dismiss = notice.getByRole("button", { name: /Dismiss/ });
  await expect(rows(page)).toHaveCount(20);
  await expect(dismiss).toHaveAttribute("aria-disabled", "true");
  release();
  await expect(dismiss).not.toHaveAttribute("aria-disabled");
  await dismiss.click();
  await expect(notice).toBeHidden();
});

test("keyboard: / goes to the search box, j and k move, Enter opens", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  await page.keyboard.press("/");
  const search = page.getByRole("combobox", { name: "Search the index" });
  await expect(search).toBeFocused();
  await expect(search).toHaveValue(""); // the "/" itself is not typed
  await page.keyboard.press("Escape");
  await page.locator("body").click({ position: { x: 5, y: 300 } });
  await page.keyboard.press("j");
  await page.keyboard.press("j");
  await page.keyboard.press("k");
  await page.keyboard.press("j");
  const second = rows(page).nth(1).getByRole("link");
  await expect(second).toBeFocused();
  const href = await second.getAttribute("href");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((url) => `${url.pathname}${url.search}` === href);
  await expect(page.locator("#alarm-title")).toBeVisible();
});

test("rows are real links (new tab works) and hovering prefetches the detail", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const link = rows(page).nth(2).getByRole("link");
  const href = await link.getAttribute("href");
  // The alarm's page, remembering the (default) list it was opened from.
  expect(href).toMatch(/^\/d\/acme\/alarms\/[0-9a-f-]{36}\?from=default$/);
  const alarmPath = new URL(href!, "http://console.test").pathname;
  const prefetched = page.waitForRequest((request) => request.url().endsWith(`/api${alarmPath}`));
  await link.hover();
  await prefetched;
});

test("no serious or critical accessibility violations on the list", async ({ page }) => {
  await open(page, "/d/acme/alarms?status=open");
  expect(await axeViolations(page, { seriousOnly: true })).toEqual([]);
});
