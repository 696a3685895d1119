import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import {
  cellTexts,
  hydrated,
  hydrationMark,
  open,
  reload,
  rows,
  searchParam,
  settled,
} from "./support/list";
import { apiSignIn, signedInClient } from "./support/sign-in";

// What an analyst meets in the first ten minutes (issue 10): the URL contract (rolling ranges,
// time zones, any case, past the end), the keyboard (help, Escape, focus after Back), titles,
// and a session lost mid-use. Real Chromium, real app, real simulator (5000 alarms, seed 42).

/** Holds the page's scripts until released, as a slow first load does. */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const scriptsMayLoad = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/chunks\/.*\.js$/, async (route) => {
    await scriptsMayLoad;
    await route.continue();
  });
  return release;
}

test("a filter chosen before the page's scripts take over is kept", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/d/acme/alarms", { waitUntil: "commit" });
  await expect(rows(page).first()).toBeVisible();
  await expect(hydrationMark(page)).toHaveCount(0);
  // (A select's: the filters of several values open their choices once the scripts run.)
  await page.getByLabel("Suppressed", { exact: true }).selectOption("true");

  release();
  await hydrated(page);
  await expect(page).toHaveURL(/[?&]suppressed=true(&|$)/);
  await expect(page.getByLabel("Suppressed", { exact: true })).toHaveValue("true");
  await settled(page);
  const statuses = await cellTexts(page, 1);
  expect(statuses.length).toBeGreaterThan(0);
  for (const status of statuses) expect(status).toMatch(/Suppressed$/i);
});

test("text typed before the page's scripts take over is kept", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/d/acme/alarms", { waitUntil: "commit" });
  await expect(rows(page).first()).toBeVisible();
  await page.getByLabel("Strategy", { exact: true }).fill("Web Shell");
  await page.getByLabel(/^To/).fill("2030-01-01");

  release();
  await hydrated(page);
  await page.getByLabel("Strategy", { exact: true }).press("Enter");
  await expect(page).toHaveURL(/rule_strategy=Web\+Shell/);
  await page.getByLabel(/^To/).press("Enter");
  await expect(page).toHaveURL(/timestamp_occured_lte=2030-01-01T23:59:59\.999Z/);
});

test("names in the URL are read in any case and written canonically", async ({ page }) => {
  await open(page, "/d/acme/alarms?status=Open&priority_label=HIGH&size=10");
  await expect(page).toHaveURL(/\/alarms\?size=10&status=open&priority_label=high$/);
  await expect(page.getByText("could not be used")).toHaveCount(0);
  await settled(page);
  const cells = await cellTexts(page, 0);
  for (const cell of cells) expect(cell).toMatch(/^High/);
});

test("a rolling range stays rolling in the URL, and a link can freeze it", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page, "/d/acme/alarms");
  const lastDay = page.getByRole("button", { name: /^24h/ });
  await expect(lastDay).toHaveAccessibleName(/^24h\b/); // the visible text is in the name
  await lastDay.click();
  await expect(page).toHaveURL(/[?&]range=24h(&|$)/);
  expect(searchParam(page, "timestamp_occured_gte")).toBeNull();
  await expect(lastDay).toHaveAttribute("aria-pressed", "true");
  const resolved = page.getByTestId("resolved-range");
  await expect(resolved).toContainText(/Last 24 hours: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC → /);

  // The newest alarms are minutes old: the last hour is not empty.
  await page.getByRole("button", { name: /^1h/ }).click();
  await expect(page).toHaveURL(/[?&]range=1h(&|$)/);
  await settled(page);
  await expect(rows(page).first()).toBeVisible();

  await reload(page);
  expect(searchParam(page, "range")).toBe("1h");
  await expect(page.getByRole("button", { name: /^1h/ })).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("button", { name: /^Copy link/ }).click();
  await page.getByRole("button", { name: /These exact alarms/ }).click();
  const exact = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(exact.searchParams.get("range")).toBeNull();
  const gte = Date.parse(exact.searchParams.get("timestamp_occured_gte") ?? "");
  const lte = Date.parse(exact.searchParams.get("timestamp_occured_lte") ?? "");
  expect(lte - gte).toBe(3600_000);

  await page.getByRole("button", { name: /^Copy link/ }).click();
  await page.getByRole("button", { name: /This view, live/ }).click();
  const live = new URL(await page.evaluate(() => navigator.clipboard.readText()));
  expect(live.searchParams.get("range")).toBe("1h");
  expect(live.searchParams.get("timestamp_occured_lte")).toBeNull();
});

test("a date alone in To includes that whole day", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const to = page.getByLabel(/^To/);
  await to.fill("2026-11-21");
  await to.press("Enter");
  await expect(page).toHaveURL(/timestamp_occured_lte=/);
  expect(searchParam(page, "timestamp_occured_lte")).toBe("2026-11-21T23:59:59.999Z");
  await expect(to).toHaveValue("2026-11-21 23:59:59");
});

test("a page past the end offers the last page instead of an empty one", async ({ page }) => {
  await open(page, "/d/acme/alarms?page=99999");
  await expect(
    page.getByRole("heading", { name: "This page is past the last alarm" }),
  ).toBeVisible();
  await expect(page.getByText("page 100,000")).toHaveCount(0);
  await expect(page.getByText(/5,000–5,000/)).toHaveCount(0);
  const last = page.getByRole("link", { name: "Go to the last page (250)" });
  // A link: it leads there even while the page's scripts are still loading.
  await expect(last).toHaveAttribute("href", /[?&]p=250(&|$)/);
  await expect(page.getByRole("link", { name: "Go to the first page" })).toHaveAttribute(
    "href",
    /\/d\/acme\/alarms$/,
  );
  await last.click();
  await expect(page).toHaveURL(/[?&]p=250(&|$)/);
  await settled(page);
  await expect(rows(page)).toHaveCount(20);
  await expect(page.getByText("Page 250 of 250", { exact: true })).toBeVisible();
});

test("times follow the zone in the URL, which a shared detail link keeps", async ({ page }) => {
  await open(page, "/d/acme/alarms?size=10");
  const utc = await rows(page).first().locator("time").first().innerText();
  expect(utc).toMatch(/ UTC$/);

  await open(page, "/d/acme/alarms?size=10&tz=asia/tokyo");
  await expect(page).toHaveURL(/tz=Asia%2FTokyo/);
  const tokyo = await rows(page).first().locator("time").first().innerText();
  expect(tokyo).toMatch(/ UTC\+9$/);
  const asUtc = (text: string) => Date.parse(`${text.slice(0, 19).replace(" ", "T")}Z`);
  expect(asUtc(tokyo) - asUtc(utc)).toBe(9 * 3600_000);

  // Hovering a time tells it in UTC too.
  await rows(page).first().locator("time").first().hover();
  await expect(rows(page).first().locator("time").first()).toHaveAttribute(
    "title",
    new RegExp(utc),
  );

  await rows(page).first().locator("a[data-row-link]").click();
  await expect(page).toHaveURL(/\/alarms\/[0-9a-f-]{36}\?.*tz=Asia%2FTokyo/);
  await expect(page.locator("main time").first()).toHaveText(/ UTC\+9$/);

  // Another zone, typed in any case. The detail shown from the cache during navigation is
  // replaced by the server's page once it is in, which resets a half-chosen zone: choose again.
  await expect(async () => {
    await page.getByLabel("Times in").selectOption("(other)");
    await page.getByLabel("Times in").fill("europe/berlin");
    await page.getByLabel("Times in").press("Enter");
    await expect(page).toHaveURL(/tz=Europe%2FBerlin/, { timeout: 2_000 });
  }).toPass();
  await expect(page.locator("main time").first()).toHaveText(/ UTC\+[12]$/);
});

test("? lists the shortcuts, and keys never fire while typing", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  const strategy = page.getByLabel("Strategy");
  await strategy.click();
  await page.keyboard.type("?");
  await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toHaveCount(0);
  await expect(strategy).toHaveValue("?");

  // Escape leaves the box as it was and hands the keys back to the list.
  await page.keyboard.press("Escape");
  await expect(strategy).not.toBeFocused();
  await expect(strategy).toHaveValue("");
  expect(searchParam(page, "rule_strategy")).toBeNull();

  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  await expect(help).toContainText("Next alarm");
  await expect(help).toContainText("Back to the list");
  await page.keyboard.press("Escape");
  await expect(help).toBeHidden();
});

test("Back from a detail returns focus to the row opened, and j carries on", async ({ page }) => {
  await open(page, "/d/acme/alarms?size=10");
  for (let i = 0; i < 3; i += 1) await page.keyboard.press("j");
  const third = rows(page).nth(2);
  const uuid = await third.getAttribute("data-alarm-row");
  await expect(third.locator("a[data-row-link]")).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/d/acme/alarms/${uuid}`));
  await hydrated(page);

  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(/\/alarms\?size=10$/);
  await expect(third.locator("a[data-row-link]")).toBeFocused();
  await page.keyboard.press("j");
  await expect(rows(page).nth(3).locator("a[data-row-link]")).toBeFocused();
});

test("tabs are titled by what they show", async ({ page }) => {
  await open(page, "/d/acme/alarms?status=open&priority_label=high");
  await expect(page).toHaveTitle(/^[\d,]+ alarms · Open · High · Acme · Alarm Console$/);
  await settled(page);
  const priority = (await rows(page).first().locator("td").first().innerText()).split(/\s/)[0];
  const rule = await rows(page).first().locator("a[data-row-link]").innerText();
  await rows(page).first().locator("a[data-row-link]").click();
  await expect(page).toHaveTitle(
    new RegExp(`^${priority} · ${rule.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
  );

  // A detail opened on its own (a shared link, a new tab) is titled by the server.
  const html = await (await page.request.get(page.url())).text();
  expect(html).toMatch(new RegExp(`<title>${priority} · `));
});

test("a detail's sensor leads to the list searching for it", async ({ page }) => {
  await open(page, "/d/acme/alarms?size=10");
  await rows(page).first().locator("a[data-row-link]").click();
  await hydrated(page);
  const sensor = page.locator('a[data-pivot="sensor"]').first();
  const uuid = await sensor.innerText();
  await sensor.click();
  // The range of the list it came from, or the last 7 days when that list had none.
  await expect(page).toHaveURL(new RegExp(`/d/acme/alarms\\?q=sensor%3A${uuid}&range=7d$`));
  await settled(page);
  expect(await rows(page).count()).toBeGreaterThan(0);
});

test.describe("a session that ends while the page is open", () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test("goes to sign-in with the current view as the way back", async ({ page, playwright }) => {
    const password = e2e.localPassword;
    expect(await apiSignIn(page.context().request, "session.lost", password)).toEqual({
      ok: true,
      error: null,
    });
    await open(page, "/d/acme/alarms?status=open&size=10");
    await settled(page);

    // Signed out everywhere from another device.
    const elsewhere = await signedInClient(playwright.request, "session.lost", password);
    expect(
      (await elsewhere.delete("/api/sessions", { headers: { Origin: e2e.appUrl } })).ok(),
    ).toBe(true);
    await elsewhere.dispose();

    // The page hears of it from its live stream within a second or two and goes to sign-in by
    // itself; one that has not yet goes there with its next request (here the next page's).
    await Promise.race([
      page.waitForURL(/\/signin\?/),
      page
        .getByRole("button", { name: "Next page" })
        .click()
        .catch(() => undefined),
    ]);
    await expect(page).toHaveURL(/\/signin\?/);
    expect([
      "/d/acme/alarms?size=10&status=open",
      "/d/acme/alarms?p=2&size=10&status=open",
    ]).toContain(searchParam(page, "callbackUrl"));
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeVisible();
  });
});
