import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { alarmCatalogueSchema } from "@/lib/server/core/shapes";
import { alarmsFromApi } from "./support/alarms-api";
import { liveStatus, multiFilter, open, rows, settled } from "./support/list";

// What a new analyst met in the first hour on a fresh clone, each now as they would expect it:
// links that work, names that say which product, the home page that stays current, the filters'
// suggestions, and no false alarm about a deployment's health.

const tile = (page: Page, key: string) => page.locator(`article[aria-labelledby="tile-${key}"]`);

test("a deployment's tile shows no error after its list's overview asked for the critical label", async ({
  page,
}) => {
  // The overview counts critical by name; Acme, like the published enum, does not know it (400).
  await open(page, "/d/acme/alarms");
  const priority = page.locator('[data-overview-group="priority"]');
  await expect(priority.locator('[data-overview-count="high"]')).toHaveAttribute(
    "data-count",
    /^\d+$/,
  );
  await open(page, "/");
  const acme = tile(page, "acme");
  await expect(acme.getByText("None in the past day")).toBeVisible();
  await expect(acme).not.toContainText("refused");
  // The calls it sends, against the deployment's own limit (100 GET/s), and what that means.
  await expect(acme.getByText(/ of 100 calls\/s/)).toBeVisible();
});

test("the home tiles are read again each minute, the page staying as it is meanwhile", async ({
  page,
}) => {
  await page.clock.install();
  await open(page, "/");
  await expect(tile(page, "acme").getByText(/^Newest open alarm/)).toBeVisible();
  const again = page.waitForRequest(
    (request) => new URL(request.url()).pathname === "/" && request.headers()["rsc"] === "1",
  );
  await page.clock.fastForward("01:01");
  await again;
  await expect(tile(page, "acme").getByText(/^Newest open alarm/)).toBeVisible();
});

test("a deployment's address in any case, or without its list, lands on its list", async ({
  page,
}) => {
  await page.goto("/d/ACME/alarms?status=open");
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?status=open$/);
  await expect(rows(page).first()).toBeVisible();
  await page.goto("/d/acme");
  await expect(page).toHaveURL(/\/d\/acme\/alarms$/);
  await expect(rows(page).first()).toBeVisible();
});

test("an unknown deployment's page is not found, under one header", async ({ page }) => {
  const response = await page.goto("/d/nowhere/alarms");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("banner")).toHaveCount(1);
  // Not a second page header inside the first's main, landmark or not.
  await expect(page.locator("header").filter({ visible: true })).toHaveCount(1);
});

test("a USM Central deployment's alarm says USM Central, a USM Anywhere one USM Anywhere", async ({
  page,
  request,
}) => {
  for (const [deployment, kind] of [
    ["globex", "USM Central"],
    ["acme", "USM Anywhere"],
  ] as const) {
    const { alarms } = await alarmsFromApi(request, "size=100", deployment);
    const busy = alarms.find((alarm) => alarm.eventsTotal > alarm.eventsShown + 1);
    expect(busy, `an alarm of ${deployment} with events not kept`).toBeDefined();
    await open(page, `/d/${deployment}/alarms/${busy!.uuid}`);
    await expect(
      page.getByRole("heading", { name: `Raw JSON (as ${kind} sent it)` }),
    ).toBeVisible();
    const events = page.getByRole("table", { name: "Events" });
    await expect(events).toContainText(`events in between were not kept by ${kind}`);
    if (kind === "USM Central") {
      await expect(page.getByRole("main").getByText("USM Anywhere")).toHaveCount(0);
    }
  }
  // A search that finds nothing explains how names match without naming the other product.
  await open(page, "/d/globex/alarms?rule_method=Nothing%20like%20this");
  await expect(page.getByRole("heading", { name: "No alarms match" })).toBeVisible();
  await expect(page.getByTestId("did-you-mean")).toContainText("match whole names");
  await expect(page.getByRole("main").getByText(/USM Anywhere/)).toHaveCount(0);
});

test("an alarm of one event says 1 event", async ({ page, request }) => {
  const { alarms } = await alarmsFromApi(request, "size=100");
  const single = alarms.find((alarm) => alarm.eventsTotal === 1 && alarm.eventsShown === 1);
  expect(single, "an alarm of one event").toBeDefined();
  await open(page, `/d/acme/alarms/${single!.uuid}`);
  await expect(page.getByText("1 event.", { exact: true })).toBeVisible();
});

test("an alarm's user shows in the list and on its detail", async ({ page, request }) => {
  const { alarms } = await alarmsFromApi(request, "size=100");
  const withUser = alarms.find((alarm) => alarm.sourceUsername !== null);
  expect(withUser, "an alarm with a user").toBeDefined();
  const user = withUser!.sourceUsername!;
  await open(page, "/d/acme/alarms?size=100");
  await expect(page.getByRole("columnheader", { name: "User" })).toBeVisible();
  const row = rows(page).and(page.locator(`[data-alarm-row="${withUser!.uuid}"]`));
  await expect(row.getByRole("cell", { name: user }).first()).toBeVisible();
  await open(page, `/d/acme/alarms/${withUser!.uuid}`);
  const field = page.locator("dt", { hasText: /^User$/ }).locator("xpath=following-sibling::dd");
  await expect(field.getByRole("link", { name: user, exact: true })).toHaveAttribute(
    "href",
    `/d/acme/alarms?q=user%3A${encodeURIComponent(user)}&range=7d`,
  );
  await expect(page.getByRole("list", { name: "Highlighted fields" })).toBeVisible();
});

test("Enter in Strategy takes the highlighted suggestion, and Method narrows to that strategy's", async ({
  page,
  request,
}) => {
  const catalogue = alarmCatalogueSchema.parse(
    await (await request.get("/api/d/acme/alarms/catalogue")).json(),
  );
  await open(page, "/d/acme/alarms");
  const strategy = page.getByRole("combobox", { name: "Strategy" });
  await strategy.fill("Brute");
  const first = page.getByRole("listbox").getByRole("option").first();
  await expect(first).toHaveAttribute("aria-selected", "true");
  const chosen = (await first.textContent())!;
  expect(chosen).toMatch(/^Brute/);
  await strategy.press("Enter");
  await expect(page).toHaveURL(
    new RegExp(`rule_strategy=${encodeURIComponent(chosen).replace(/%20/g, "\\+")}`),
  );
  // The strategy's rows, not the page before it kept on screen meanwhile.
  await settled(page);

  const method = page.getByRole("combobox", { name: "Method" });
  await method.focus();
  const options = page.getByRole("listbox").getByRole("option");
  // The strategy's methods, most seen with it first, once the box has the deployment's catalogue
  // (until then it offers what the page shows); any other is one the page itself shows.
  const seen = new Map(catalogue.methodsByStrategy).get(chosen) ?? [];
  expect(seen.length).toBeGreaterThan(0);
  await expect
    .poll(async () => (await options.allTextContents()).slice(0, Math.min(seen.length, 8)))
    .toEqual(seen.slice(0, 8));
  const offered = await options.allTextContents();
  const onPage = await rows(page).evaluateAll((trs) =>
    trs.map((tr) =>
      /\/ (.+)$/
        .exec(tr.querySelector("[data-row-link]")?.parentElement?.textContent ?? "")?.[1]
        ?.trim(),
    ),
  );
  for (const one of offered) expect([...seen, ...onPage]).toContain(one);
  expect(catalogue.methods.length).toBeGreaterThan(seen.length); // it did narrow
});

test("a parameter's name is read in any case, and one the list does not take is named", async ({
  page,
}) => {
  // The indicator a new analyst pastes is searched for (q), not dropped.
  await open(page, "/d/acme/alarms?Status=open&Q=188.1.32.78&query=x");
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?q=188\.1\.32\.78&status=open$/);
  await expect(multiFilter(page, "USM status")).toHaveAccessibleName("USM status Open");
  await expect(page.getByRole("combobox", { name: "Search the index" })).toHaveValue("188.1.32.78");
  const notice = page.getByRole("status").filter({ hasText: "could not be used" });
  await expect(notice).toContainText("query: is not a parameter of this page, so it was left out");
  await expect(notice).not.toContainText("default");
});

test("off the first page the live queue says it is paused, with no Pause beside it", async ({
  page,
}) => {
  await open(page, "/d/acme/alarms?page=1");
  await expect(liveStatus(page)).toHaveText(/paused off the first page/);
  await expect(page.getByRole("button", { name: "Pause" })).toHaveCount(0);
  await open(page, "/d/acme/alarms");
  await expect(page.getByRole("button", { name: "Pause" })).toBeVisible();
});

test("the keyboard help's keys and what they do line up, section to section", async ({ page }) => {
  await open(page, "/d/acme/alarms");
  await page.keyboard.press("?");
  const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(help).toBeVisible();
  const starts = await help
    .locator("dd")
    .evaluateAll((all) => all.map((dd) => Math.round(dd.getBoundingClientRect().left)));
  expect(starts.length).toBeGreaterThan(8);
  expect(new Set(starts).size).toBe(1);
});
