import { expect, test, type Locator, type Page } from "@playwright/test";
import type { Endpoint } from "@/lib/shared/alarms/types";
import { axeViolations } from "./support/a11y";
import { alarmsFromApi, fullestAlarm } from "./support/alarms-api";
import { expectNoSidewaysScroll, hydrationMark, open, reload, rows, table } from "./support/list";

/** The table's columns before an analyst changes anything. */
/** The default columns where there is room for them all (1440 px); the User column goes below xl. */
const DEFAULT_HEADERS = [
  "Priority",
  "Status",
  "Strategy",
  "Sources",
  "Destinations",
  "User",
  "Occurred",
  "Events",
];
const LAPTOP_HEADERS = DEFAULT_HEADERS.filter((header) => header !== "User");

// The list and the detail at the widths analysts use them: a phone (390 px) gets a card per
// alarm and folded filters, a small laptop (1024 px) the whole table without sideways
// scrolling; and the table's columns and density as each analyst keeps them in their browser.

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1024, height: 768 };

const cardList = (page: Page) => page.getByRole("list", { name: "Alarms" });
const cards = (page: Page) => cardList(page).getByRole("listitem");
const filterBar = (page: Page) => page.getByRole("search", { name: "Filter alarms" });
const chooserButton = (page: Page) => page.getByRole("button", { name: /^Columns/ });
const chooser = (page: Page) => page.getByRole("group", { name: "Columns" });

/** The visible column headers, by their first word ("Strategy / Method / Intent" is "Strategy"). */
async function headers(page: Page): Promise<string[]> {
  const texts = await table(page).getByRole("columnheader").allInnerTexts();
  expect(texts.length, "column headers").toBeGreaterThan(0);
  return texts.map((text) => /[A-Za-z]+/.exec(text)?.[0] ?? text);
}

/** The name the list shows for an endpoint (lib/shared/alarms/format.ts endpointLabel). */
const label = (endpoint: Endpoint | undefined) =>
  endpoint ? (endpoint.name ?? endpoint.hostname ?? endpoint.fqdn ?? endpoint.address) : null;

async function rowHeight(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, "the row is laid out").not.toBeNull();
  return box!.height;
}

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
    // "/" (the keyboard's way to the filters) unfolds them too.
    await page.keyboard.press("/");
    await expect(filterBar(page)).toBeVisible();
    await expect(filterBar(page).getByLabel("Strategy")).toBeFocused();

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
      header.getByRole("button", { name: "More sign-out options" }),
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

  test("the whole table fits: every default column, Occurred and Events included", async ({
    page,
  }) => {
    await open(page, "/d/acme/alarms?status=open");
    await expect(rows(page)).toHaveCount(20);
    expect(await headers(page)).toEqual(LAPTOP_HEADERS);
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
      await expect(cells).toHaveCount(7);
      // Occurred: the time itself is whole, inside its cell; Events: the count.
      await expectWithinWidth(cells.nth(5).locator("time"), LAPTOP.width);
      const cell = (await cells.nth(5).boundingBox())!;
      const time = (await cells.nth(5).locator("time").boundingBox())!;
      expect(time.x + time.width, "the time inside its cell").toBeLessThanOrEqual(
        cell.x + cell.width,
      );
      await expectWithinWidth(cells.nth(6), LAPTOP.width);
      await expect(cells.nth(6)).toHaveText(/^[\d,]+$/);
    }
  });
});

test.describe("columns and density", () => {
  test("the column chooser hides and moves columns, kept in this browser and not in the URL", async ({
    page,
  }) => {
    await open(page, "/d/acme/alarms?status=open");
    const link = page.url();
    const defaults = await headers(page);
    expect(defaults).toEqual(DEFAULT_HEADERS);

    await chooserButton(page).click();
    await expect(chooserButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(chooser(page).getByRole("checkbox", { name: "Rule" })).toBeDisabled();
    await chooser(page).getByRole("checkbox", { name: "Sources" }).uncheck();
    await expect(table(page).getByRole("columnheader", { name: "Sources" })).toHaveCount(0);
    await expect(rows(page).first().getByRole("cell")).toHaveCount(7);

    // Events before Occurred, then before User: by mouse, then by keyboard (the focus stays on
    // the button, so Enter moves it again).
    const moveEventsUp = chooser(page).getByRole("button", { name: "Move Events up" });
    await moveEventsUp.click();
    await expect(moveEventsUp).toBeFocused();
    await page.keyboard.press("Enter");
    const chosen = ["Priority", "Status", "Strategy", "Destinations", "Events", "User", "Occurred"];
    await expect.poll(() => headers(page)).toEqual(chosen);
    // The rows follow their headers: the fifth cell holds the events count now.
    await expect(rows(page).first().getByRole("cell").nth(4)).toHaveText(/^[\d,]+$/);

    await page.keyboard.press("Escape");
    await expect(chooser(page)).toBeHidden();
    await expect(chooserButton(page)).toBeFocused();
    expect(page.url(), "the URL is about alarms, not layout").toBe(link);

    // The server renders the defaults and the browser its stored layout: without a mismatch.
    const errors: string[] = [];
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await reload(page);
    expect(page.url()).toBe(link);
    await expect.poll(() => headers(page)).toEqual(chosen);
    expect(errors).toEqual([]);
    await expect(chooserButton(page)).toHaveText(/1 hidden/);

    // Reset brings the defaults back.
    await chooserButton(page).click();
    await chooser(page).getByRole("button", { name: "Reset columns" }).click();
    await expect.poll(() => headers(page)).toEqual(defaults);
  });

  test("compact density makes rows shorter and is kept in this browser", async ({ page }) => {
    await open(page, "/d/acme/alarms?status=open");
    const firstRow = rows(page).first();
    const comfortable = await rowHeight(firstRow);
    await expect(page.getByRole("radio", { name: "Comfortable" })).toBeChecked();

    await page.getByRole("radio", { name: "Compact" }).check();
    await expect.poll(() => rowHeight(firstRow)).toBeLessThan(comfortable - 6);
    const compact = await rowHeight(firstRow);
    const link = page.url();

    await reload(page);
    expect(page.url()).toBe(link);
    await expect(page.getByRole("radio", { name: "Compact" })).toBeChecked();
    expect(await rowHeight(rows(page).first())).toBeCloseTo(compact, 0);

    // Keyboard: the two densities are a radio group.
    await page.getByRole("radio", { name: "Compact" }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(page.getByRole("radio", { name: "Comfortable" })).toBeChecked();
    await expect.poll(() => rowHeight(rows(page).first())).toBeCloseTo(comfortable, 0);
  });

  test("compact rows are one line each: at 1440 x 900 with the overview folded, 18 and more rows show whole", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, "/d/acme/alarms?size=50");
    await page.getByRole("radio", { name: "Compact" }).check();
    const overview = page.getByRole("region", { name: "Overview" });
    await overview.getByRole("button", { name: "Hide" }).click();
    await expect(overview.getByRole("button", { name: "Show" })).toBeVisible();
    await expect(rows(page)).toHaveCount(50);
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const shown = await rows(page).evaluateAll((trs) =>
      trs.map((tr) => {
        const box = tr.getBoundingClientRect();
        const line = parseFloat(getComputedStyle(tr.querySelector("td")!).lineHeight);
        return {
          whole: box.top >= 0 && box.bottom <= window.innerHeight,
          lines: box.height / line,
        };
      }),
    );
    expect(
      shown.filter((row) => row.whole).length,
      "rows wholly on the first screen",
    ).toBeGreaterThanOrEqual(18);
    // Rule and intent, status and suppressed, time and delay: each row one line, no second one.
    for (const row of shown) expect(row.lines).toBeLessThan(1.6);
    await expectNoSidewaysScroll(page);
  });

  test("a stored layout shows from the first paint, before the page's scripts run", async ({
    page,
    context,
  }) => {
    await open(page, "/d/acme/alarms?status=open");
    const comfortable = await rowHeight(rows(page).first());
    await chooserButton(page).click();
    await chooser(page).getByRole("checkbox", { name: "Destinations" }).uncheck();
    await page.getByRole("radio", { name: "Compact" }).check();
    await expect(table(page).getByRole("columnheader", { name: "Destinations" })).toHaveCount(0);
    const compact = await rowHeight(rows(page).first());
    expect(compact).toBeLessThan(comfortable - 6);

    // The same browser, with the page's scripts held back: only the server's HTML and the
    // inline script run (and React would render the defaults first if it did run).
    const unhydrated = await context.newPage();
    await unhydrated.route(/\/_next\/static\/.*\.js(\?|$)/, (route) => route.abort());
    await unhydrated.goto("/d/acme/alarms?status=open");
    await expect(rows(unhydrated)).toHaveCount(20);
    await expect(hydrationMark(unhydrated)).toHaveCount(0);
    await expect(
      table(unhydrated).getByRole("columnheader", { name: "Destinations" }),
    ).toBeHidden();
    await expect(table(unhydrated).getByRole("columnheader", { name: "Sources" })).toBeVisible();
    expect(await rowHeight(rows(unhydrated).first())).toBeCloseTo(compact, 0);
  });

  test("no accessibility violations with the column chooser open", async ({ page }) => {
    await open(page, "/d/acme/alarms?status=open");
    await chooserButton(page).click();
    await expect(chooser(page)).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
  });
});

test("the server sends only the form a browser will show when it says whether it is a phone", async ({
  page,
}) => {
  const html = async (hint?: string) =>
    (
      await page.request.get("/d/acme/alarms?size=10", {
        headers: hint ? { "sec-ch-ua-mobile": hint } : {},
      })
    ).text();
  const count = (text: string, attribute: string) =>
    (text.match(new RegExp(`${attribute}="`, "g")) ?? []).length;
  const phone = await html("?1");
  expect([count(phone, "data-alarm-card"), count(phone, "data-alarm-row")]).toEqual([10, 0]);
  const desktop = await html("?0");
  expect([count(desktop, "data-alarm-card"), count(desktop, "data-alarm-row")]).toEqual([0, 10]);
  const unknown = await html();
  expect([count(unknown, "data-alarm-card"), count(unknown, "data-alarm-row")]).toEqual([10, 10]);
});
