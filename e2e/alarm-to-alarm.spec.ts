import type { Page } from "@playwright/test";
import { expect, test } from "./support/fixtures";
import { axeViolations } from "./support/a11y";
import { alarmsFromApi } from "./support/alarms-api";
import { open, pager, rows, table } from "./support/list";

// From alarm to alarm: a detail opened from a list knows its place in it ("20 of 5,000"),
// steps to its neighbours with j / k or Previous / Next across page boundaries, and Back to
// alarms lands on the page of the alarm last shown with its row focused. A detail opened from a
// bare link has no place and no steps. Acme only, read-only.

const position = (page: Page) => page.locator("[data-list-position]");
const stepper = (page: Page) => page.getByRole("navigation", { name: "Alarms of the list" });

/** The uuids of one page of Acme's default list, as the list itself reads them. */
async function pageIds(page: Page, number: number): Promise<string[]> {
  const { alarms } = await alarmsFromApi(page.request, `page=${number}`);
  return alarms.map((alarm) => alarm.uuid);
}

/** Where the browser is: the detail's uuid and the list view its `from` names (null: none). */
function detailAt(page: Page): { uuid: string | undefined; from: string | null } {
  const url = new URL(page.url());
  return { uuid: url.pathname.split("/").at(-1), from: url.searchParams.get("from") };
}

/**
 * Presses a key and says whether the page took it (a handler called preventDefault): a listener
 * on window hears the key after every handler on the document.
 */
async function keyTaken(page: Page, key: string): Promise<boolean> {
  await page.evaluate((wanted) => {
    const probe = window as unknown as { keyTaken?: boolean };
    delete probe.keyTaken;
    window.addEventListener(
      "keydown",
      (event) => {
        if (event.key === wanted) probe.keyTaken = event.defaultPrevented;
      },
      { once: true },
    );
  }, key);
  await page.keyboard.press(key);
  return page.evaluate(() => (window as unknown as { keyTaken?: boolean }).keyTaken === true);
}

test("j and k step across a page boundary, and Back lands on the page of the last alarm shown", async ({
  page,
}) => {
  await open(page, "/d/acme/alarms");
  const firstPage = await pageIds(page, 0);
  const secondPage = await pageIds(page, 1);
  expect(firstPage).toHaveLength(20);
  await expect(rows(page)).toHaveCount(20);
  expect(await rows(page).last().getAttribute("data-alarm-row")).toBe(firstPage[19]);
  // The total the list shows ("5,000 alarms · page 1 of 250").
  const total = /^([\d,]+) alarms/.exec(
    (await page.getByText(/^[\d,]+ alarms · page/).textContent()) ?? "",
  )?.[1];
  expect(total).toBeTruthy();

  // The last alarm of page 1, opened from the list.
  await rows(page).last().getByRole("link").click();
  await expect(page.locator("#alarm-title")).toBeVisible();
  expect(detailAt(page)).toEqual({ uuid: firstPage[19], from: "default" });
  await expect(position(page)).toHaveText(`Alarm 20 of ${total}`);

  // j: the first alarm of page 2, whose `from` is page 2.
  expect(await keyTaken(page, "j")).toBe(true);
  await expect.poll(() => detailAt(page)).toEqual({ uuid: secondPage[0], from: "p=2" });
  await expect(position(page)).toHaveText(`Alarm 21 of ${total}`);
  await expect(page.locator("#alarm-title")).toBeVisible();

  // k: back to the last of page 1.
  await page.keyboard.press("k");
  await expect.poll(() => detailAt(page)).toEqual({ uuid: firstPage[19], from: "default" });
  await expect(position(page)).toHaveText(`Alarm 20 of ${total}`);

  // The buttons do the same.
  await stepper(page).getByRole("button", { name: "Next" }).click();
  await expect.poll(() => detailAt(page)).toEqual({ uuid: secondPage[0], from: "p=2" });
  await stepper(page).getByRole("button", { name: "Next" }).click();
  await expect.poll(() => detailAt(page)).toEqual({ uuid: secondPage[1], from: "p=2" });
  await expect(position(page)).toHaveText(`Alarm 22 of ${total}`);
  await stepper(page).getByRole("button", { name: "Previous" }).click();
  await expect.poll(() => detailAt(page)).toEqual({ uuid: secondPage[0], from: "p=2" });
  await expect(position(page)).toHaveText(`Alarm 21 of ${total}`);
  await expect(stepper(page).getByRole("button", { name: "Previous" })).toBeFocused();

  // The entry before this one is another alarm, not the list: Back to alarms goes to page 2.
  await page.getByRole("link", { name: "Back to alarms" }).click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms\?p=2$/);
  await expect(pager(page)).toContainText("Page 2 of");
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.closest("[data-alarm-row]")?.getAttribute("data-alarm-row"),
      ),
    )
    .toBe(secondPage[0]);
  await expect(table(page).locator(`[data-alarm-row="${secondPage[0]}"] a`)).toBeInViewport();
});

test("the list's ends have no step beyond them", async ({ page }) => {
  const firstPage = await pageIds(page, 0);
  await open(page, "/d/acme/alarms");
  await rows(page).first().getByRole("link").click();
  await expect(position(page)).toHaveText(/^Alarm 1 of [\d,]+$/);
  expect(detailAt(page)).toEqual({ uuid: firstPage[0], from: "default" });
  await expect(stepper(page).getByRole("button", { name: "Previous" })).toBeDisabled();
  await expect(stepper(page).getByRole("button", { name: "Next" })).toBeEnabled();
  expect(await keyTaken(page, "k"), "k on the first alarm of the list").toBe(true);
  // k went nowhere: the next j goes from the first alarm to the second.
  await page.keyboard.press("j");
  await expect(position(page)).toHaveText(/^Alarm 2 of [\d,]+$/);
  expect(detailAt(page)).toEqual({ uuid: firstPage[1], from: "default" });
  await page.keyboard.press("k");
  await expect(position(page)).toHaveText(/^Alarm 1 of [\d,]+$/);
  expect(await axeViolations(page, { include: "[data-list-stepper]" })).toEqual([]);

  // The last alarm of the list, opened from its last page.
  const { totalPages, totalElements } = (await alarmsFromApi(page.request, "size=100")).page;
  const lastPage = await alarmsFromApi(page.request, `page=${totalPages - 1}&size=100`);
  const last = lastPage.alarms.at(-1)!.uuid;
  await open(page, `/d/acme/alarms?page=${totalPages - 1}&size=100`);
  await table(page).locator(`[data-alarm-row="${last}"]`).getByRole("link").click();
  await expect(position(page)).toHaveText(
    `Alarm ${totalElements.toLocaleString("en-US")} of ${totalElements.toLocaleString("en-US")}`,
  );
  await expect(stepper(page).getByRole("button", { name: "Next" })).toBeDisabled();
  await expect(stepper(page).getByRole("button", { name: "Previous" })).toBeEnabled();
});

test("a detail opened in a new tab from a list link steps across the page edge at once", async ({
  page,
}) => {
  const secondPage = await pageIds(page, 1);
  const thirdPage = await pageIds(page, 2);
  // The last alarm of page 2, its list link pasted into a fresh tab: nothing of the list cached.
  await open(page, `/d/acme/alarms/${secondPage[19]}?from=page%3D1`);
  await page.keyboard.press("j");
  await expect.poll(() => detailAt(page)).toEqual({ uuid: thirdPage[0], from: "p=3" });
  await expect(position(page)).toHaveText(/^Alarm 41 of [\d,]+$/);
  await page.keyboard.press("k");
  await expect.poll(() => detailAt(page)).toEqual({ uuid: secondPage[19], from: "p=2" });
  await expect(position(page)).toHaveText(/^Alarm 40 of [\d,]+$/);
});

test("a detail opened from a bare link has no place in a list, and j does nothing", async ({
  page,
}) => {
  const [uuid] = await pageIds(page, 0);
  await open(page, `/d/acme/alarms/${uuid}`);
  await expect(page.locator("#alarm-title")).toBeVisible();
  await expect(stepper(page)).toHaveCount(0);
  await expect(page.getByText(/ of [\d,]+$/)).toHaveCount(0);
  expect(await keyTaken(page, "j")).toBe(false);
  expect(await keyTaken(page, "k")).toBe(false);
  expect(detailAt(page)).toEqual({ uuid, from: null });
  // Back to alarms still leads to the list.
  await page.getByRole("link", { name: "Back to alarms" }).click();
  await expect(page).toHaveURL(/\/d\/acme\/alarms$/);
});
