import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { axeViolations } from "./support/a11y";
import {
  DEFAULT_HEADERS,
  columnHeaders,
  expectNoSidewaysScroll,
  hydrationMark,
  open,
  reload,
  rows,
  table,
} from "./support/list";

// The table's columns and density as each analyst keeps them in their browser, and the one form
// (cards or table) the server sends. A phone's cards and a laptop's table: layout.spec.ts.

const chooserButton = (page: Page) => page.getByRole("button", { name: /^Columns/ });
const chooser = (page: Page) => page.getByRole("group", { name: "Columns" });

async function rowHeight(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  expect(box, "the row is laid out").not.toBeNull();
  return box!.height;
}

test.describe("columns and density", () => {
  test("the column chooser hides and moves columns, kept in this browser and not in the URL", async ({
    page,
  }) => {
    await open(page, "/d/acme/alarms?status=open");
    const link = page.url();
    const defaults = await columnHeaders(page);
    expect(defaults).toEqual(DEFAULT_HEADERS);

    await chooserButton(page).click();
    await expect(chooserButton(page)).toHaveAttribute("aria-expanded", "true");
    await expect(chooser(page).getByRole("checkbox", { name: "Rule" })).toBeDisabled();
    await chooser(page).getByRole("checkbox", { name: "Sources" }).uncheck();
    await expect(table(page).getByRole("columnheader", { name: "Sources" })).toHaveCount(0);
    await expect(rows(page).first().getByRole("cell")).toHaveCount(DEFAULT_HEADERS.length - 1);

    // Events before Age, Occurred, then User: by mouse, then by keyboard (the focus stays on
    // the button, so Enter moves it again).
    const moveEventsUp = chooser(page).getByRole("button", { name: "Move Events up" });
    await moveEventsUp.click();
    await expect(moveEventsUp).toBeFocused();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Enter");
    const chosen = [
      "Priority",
      "USM",
      "Strategy",
      "Destinations",
      "Events",
      "User",
      "Occurred",
      "Age",
      "Team",
    ];
    await expect.poll(() => columnHeaders(page)).toEqual(chosen);
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
    await expect.poll(() => columnHeaders(page)).toEqual(chosen);
    expect(errors).toEqual([]);
    await expect(chooserButton(page)).toHaveText(/1 hidden/);

    // Reset brings the defaults back.
    await chooserButton(page).click();
    await chooser(page).getByRole("button", { name: "Reset columns" }).click();
    await expect.poll(() => columnHeaders(page)).toEqual(defaults);
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
    const hide = overview.getByRole("button", { name: "Hide" });
    // Pressable once the overview's code is there (its server HTML stands until then); a click's
    // own wait would scroll the page about on each retry.
    await expect(hide).toBeEnabled();
    await hide.click();
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
