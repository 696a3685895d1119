import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import type { Endpoint } from "@/lib/shared/alarms/types";
import { axeViolations } from "./support/a11y";
import { alarmsFromApi, fullestAlarm } from "./support/alarms-api";
import {
  DEFAULT_HEADERS,
  columnHeaders,
  expectNoSidewaysScroll,
  open,
  rows,
  table,
} from "./support/list";

// The list and the detail at the widths analysts use them: a phone (390 px) gets a card per
// alarm and folded filters, a small laptop (1024 px) the whole table without sideways
// scrolling. The table's columns and density: layout-columns.spec.ts.

const LAPTOP_HEADERS = DEFAULT_HEADERS.filter((header) => header !== "User" && header !== "Age");
const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1024, height: 768 };

const cardList = (page: Page) => page.getByRole("list", { name: "Alarms" });
const cards = (page: Page) => cardList(page).getByRole("listitem");
const filterBar = (page: Page) => page.getByRole("search", { name: "Filter alarms" });

/** The name the list shows for an endpoint (lib/shared/alarms/format.ts endpointLabel). */
const label = (endpoint: Endpoint | undefined) =>
  endpoint ? (endpoint.name ?? endpoint.hostname ?? endpoint.fqdn ?? endpoint.address) : null;

/** Everything inside the viewport horizontally, and really shown (not cut by its box). */
async function expectWithinWidth(locator: Locator, width: number) {
  await expect(locator).toBeVisible();
  const box = await locator.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x, "left edge").toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, "right edge").toBeLessThanOrEqual(width);
}

test.describe("on a phone (390 px)", () => {
  test.use({ viewport: PHONE });

  test("the list is a card per alarm with priority, status, rule, endpoints and time, each a link to its detail", async ({
    page,
  }) => {
    // The list shows our API's alarms, in the same order.
    const { alarms } = await alarmsFromApi(page.request, "status=open");
    await open(page, "/d/acme/alarms?status=open");
    await expect(table(page)).toBeHidden();
    await expect(cards(page)).toHaveCount(alarms.length);

    for (const [index, alarm] of alarms.slice(0, 5).entries()) {
      const card = cards(page).nth(index);
      await expect(card).toBeVisible();
      await expect(card).toContainText(String(alarm.priority));
      await expect(card).toContainText(/High|Medium|Low/);
      await expect(card).toContainText("Open");
      await expect(card).toContainText(alarm.rule.strategy!);
      const source = label(alarm.sources[0]);
      const destination = label(alarm.destinations[0]);
      if (source) await expect(card).toContainText(source);
      if (destination) await expect(card).toContainText(destination);
      await expect(card.locator("time")).toHaveAttribute(
        "datetime",
        new Date(alarm.occurredAt!).toISOString(),
      );
    }

    // Each card is a link, to the same place as the (hidden) table's row for that alarm.
    const cardHrefs = await cards(page)
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    const rowHrefs = await page
      .locator("#alarm-table a[data-row-link]")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    expect(cardHrefs).toHaveLength(alarms.length);
    expect(cardHrefs).toEqual(rowHrefs);
    cardHrefs.forEach((href, index) =>
      expect(href).toMatch(new RegExp(`^/d/acme/alarms/${alarms[index]!.uuid}(\\?|$)`)),
    );

    await cards(page).nth(2).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`/d/acme/alarms/${alarms[2]!.uuid}`));
    await expect(page.locator("#alarm-title")).toContainText(alarms[2]!.rule.strategy!);
  });

  test("j and k move between cards and Enter opens one", async ({ page }) => {
    await open(page, "/d/acme/alarms");
    const links = cards(page).getByRole("link");
    await page.keyboard.press("j");
    await expect(links.nth(0)).toBeFocused();
    await page.keyboard.press("j");
    await page.keyboard.press("j");
    await expect(links.nth(2)).toBeFocused();
    await page.keyboard.press("k");
    await expect(links.nth(1)).toBeFocused();
    const href = await links.nth(1).getAttribute("href");
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`${href!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`));
  });

  test("the filters fold behind one button that shows how many are active", async ({ page }) => {
    await open(page, "/d/acme/alarms?status=open&priority_label=high");
    const button = page.getByRole("button", { name: "Filters (2)" });
    await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(filterBar(page)).toBeHidden();
    // Folded, the first screen shows alarms, not filters.
    await expect(cards(page).first()).toBeInViewport();

    await button.click();
    await expect(filterBar(page)).toBeVisible();
    await expect(button).toHaveAttribute("aria-expanded", "true");
    await filterBar(page).getByLabel("Suppressed").selectOption("false");
    await expect(page).toHaveURL(/suppressed=false/);
    await expect(page.getByRole("button", { name: "Filters (3)" })).toBeVisible();

    await page.getByRole("button", { name: "Filters (3)" }).click();
    await expect(filterBar(page)).toBeHidden();
    // "/" goes to the search box, which is never folded; the filters stay as they are.
    await page.keyboard.press("/");
    await expect(page.getByRole("combobox", { name: "Search the index" })).toBeFocused();
    await expect(filterBar(page)).toBeHidden();

    // From md up there is nothing to unfold.
    await page.setViewportSize({ width: 1024, height: 768 });
    await expect(page.getByRole("button", { name: /^Filters/ })).toBeHidden();
    await expect(filterBar(page)).toBeVisible();
  });

  test("neither the list nor the detail scrolls sideways, and the header stays on one line", async ({
    page,
  }) => {
    await open(page, "/d/acme/alarms?status=open");
    await expect(cards(page).first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    const header = page.locator("header").first();
    const headerBox = (await header.boundingBox())!;
    for (const item of [
      header.getByRole("link", { name: "Alarm Console" }),
      header.getByRole("navigation", { name: "Main" }),
      header.getByRole("button", { name: "Sign out", exact: true }),
      header.getByRole("button", { name: "Account menu" }),
    ]) {
      await expectWithinWidth(item, PHONE.width);
      const box = (await item.boundingBox())!;
      expect(box.y, "inside the header bar").toBeGreaterThanOrEqual(headerBox.y);
      expect(box.y + box.height, "inside the header bar").toBeLessThanOrEqual(
        headerBox.y + headerBox.height,
      );
    }
    expect(headerBox.height, "one line").toBeLessThan(50);

    // The fullest detail: most endpoints, then most events, with a raw log and the JSON open.
    await open(page, `/d/acme/alarms/${(await fullestAlarm(page.request)).uuid}`);
    const events = page.getByRole("region", { name: "Events" });
    await events.locator("summary").filter({ visible: true }).first().click();
    await expect(events.locator("pre").filter({ visible: true })).toBeVisible();
    await page
      .getByRole("region", { name: /^Raw JSON/ })
      .locator("summary")
      .click();
    await expect(page.getByRole("button", { name: "Copy JSON" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    // And nothing is read by scrolling a box sideways either: each section fits the phone.
    for (const section of await page.locator("main section").all()) {
      const fits = await section.evaluate((element) => element.scrollWidth <= element.clientWidth);
      expect(fits, (await section.getAttribute("aria-labelledby")) ?? "a section").toBe(true);
    }
  });

  test("no accessibility violations on the cards and the unfolded filters", async ({ page }) => {
    await open(page, "/d/acme/alarms?status=open");
    await expect(cards(page).first()).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: /^Filters/ }).click();
    await expect(filterBar(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test.describe("on a small laptop (1024 px)", () => {
  test.use({ viewport: LAPTOP });

  test("the whole table fits: every default column but User and Age, Occurred, Events and Team included", async ({
    page,
  }) => {
    await open(page, "/d/acme/alarms?status=open");
    await expect(rows(page)).toHaveCount(20);
    expect(await columnHeaders(page)).toEqual(LAPTOP_HEADERS);
    await expectNoSidewaysScroll(page);
    // Nor does the table scroll inside its own box.
    expect(
      await table(page).evaluate((element) => {
        const box = element.parentElement!;
        return box.scrollWidth <= box.clientWidth;
      }),
    ).toBe(true);
    for (const header of await table(page).getByRole("columnheader").all()) {
      await expectWithinWidth(header, LAPTOP.width);
    }
    for (const row of (await rows(page).all()).slice(0, 5)) {
      const cells = row.getByRole("cell");
      await expect(cells).toHaveCount(LAPTOP_HEADERS.length);
      // Occurred: the time itself is whole, inside its cell; Events: the count.
      await expectWithinWidth(cells.nth(5).locator("time"), LAPTOP.width);
      const cell = (await cells.nth(5).boundingBox())!;
      const time = (await cells.nth(5).locator("time").boundingBox())!;
      expect(time.x + time.width, "the time inside its cell").toBeLessThanOrEqual(
        cell.x + cell.width,
      );
      // The events count, and the team's state with who has the alarm.
      await expectWithinWidth(cells.nth(6), LAPTOP.width);
      await expect(cells.nth(6)).toHaveText(/^[\d,]+$/);
      await expectWithinWidth(cells.nth(7).locator("[data-triage]"), LAPTOP.width);
      await expect(cells.nth(7)).toContainText(/^(Open|Closed)/);
    }
  });
});
