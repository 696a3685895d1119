import { expect, test } from "./support/fixtures";
import { expectNoSidewaysScroll, MERGED_QUEUE, open, pager } from "./support/list";
import {
  filters,
  held,
  holdWhenIndexed,
  highestFirst,
  newestFirst,
  position,
  queue,
  QUEUE,
  shown,
  summary,
} from "./support/all-deployments";

// The queue of every deployment (/d/all/alarms), answered from the console's index: numbered pages
// in any order with an exact count, and a detail that steps through it across pages and
// deployments. The analyst sees Acme (simulator seed 42, 5,000 alarms) and Globex (seed 7, 1,800);
// Initech (on Globex's simulator) is not theirs to see. Their data never changes in the `chromium`
// project, so the truth is what both simulators hold, ordered by hand (./support/merged-queue.ts).
// The overview, the filters, the export and Copy link: ./merged-queue-views.spec.ts.

test.beforeAll(({ request }) => holdWhenIndexed(request));

test("shows every deployment's alarms from the index, newest first, counted exactly", async ({
  page,
}) => {
  await open(page, QUEUE);
  await expect(page.getByRole("heading", { level: 1, name: "All deployments" })).toBeVisible();
  await expect(summary(page)).toContainText(
    "6,800 alarms · page 1 of 340 across Acme, Globex · Read from the index",
  );
  await expect(page).toHaveTitle("6,800 alarms · All deployments · Alarm Console");
  expect(await shown(page)).toEqual(newestFirst(held).slice(0, 20));
  // Each row names its deployment; nothing is said to be missing.
  await expect(queue(page).locator("tbody tr").first().locator("td").first()).toHaveText(
    /^(Acme|Globex)$/,
  );
  await expect(page.locator("[data-index-gap]")).toHaveCount(0);
  await expect(pager(page)).toContainText("1–20 of 6,800");
});

test("sorts by any column and pages by number; Back walks the same pages", async ({ page }) => {
  await open(page, QUEUE);
  await shown(page);
  await queue(page).getByRole("button", { name: "Priority" }).click();
  await expect(page).toHaveURL(`${QUEUE}?sort=priority%2Cdesc`);
  const expected = highestFirst(held);
  expect(await shown(page)).toEqual(expected.slice(0, 20));
  await pager(page).getByRole("button", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${QUEUE}?p=2&sort=priority%2Cdesc`);
  expect(await shown(page)).toEqual(expected.slice(20, 40));
  await page.goBack();
  await expect(page).toHaveURL(`${QUEUE}?sort=priority%2Cdesc`);
  expect(await shown(page)).toEqual(expected.slice(0, 20));
  // A deep page straight from a link.
  await open(page, `${QUEUE}?page=300&sort=priority%2Cdesc`);
  expect(await shown(page)).toEqual(expected.slice(6_000, 6_020));
  await expect(summary(page)).toContainText("page 301 of 340");
});

test("a detail knows its place in the queue, steps across pages and deployments, and Escape goes back to its page", async ({
  page,
}) => {
  const order = newestFirst(held);
  // A step across the queue's pages that also crosses deployments: a page whose last alarm and
  // the next page's first belong to two deployments.
  const at = [...Array(300).keys()].find(
    (n) => order[n * 20 + 19]!.split("/")[0] !== order[n * 20 + 20]!.split("/")[0],
  );
  expect(at, "a page edge between two deployments").toBeDefined();
  const last = order[at! * 20 + 19]!;
  const next = order[at! * 20 + 20]!;

  /** A detail of `key` ("acme/<uuid>") opened from the queue's page `number`. */
  const detail = (key: string, number: number) => {
    const [deployment, uuid] = key.split("/");
    const queueParam = number === 0 ? "default" : `p%3D${number + 1}`;
    return new RegExp(`/d/${deployment}/alarms/${uuid}\\?queue=${queueParam}$`);
  };
  await open(page, `${QUEUE}${at === 0 ? "" : `?page=${at}`}`);
  await shown(page);
  await queue(page).locator("tbody tr").last().locator("a[data-row-link]").click();
  await expect(page.locator("#alarm-title")).toBeVisible();
  await expect(page).toHaveURL(detail(last, at!));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 20} of 6,800`);

  await page.keyboard.press("j");
  await expect(page).toHaveURL(detail(next, at! + 1));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 21} of 6,800`);
  await page.keyboard.press("k");
  await expect(page).toHaveURL(detail(last, at!));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 20} of 6,800`);
  await page.keyboard.press("j");
  await expect(page).toHaveURL(detail(next, at! + 1));
  await expect(position(page)).toHaveText(`Alarm ${at! * 20 + 21} of 6,800`);

  // Escape: back to the queue at the page of the alarm shown, its row focused.
  await page.keyboard.press("Escape");
  await expect(page).toHaveURL(`${QUEUE}?p=${at! + 2}`);
  const [deployment, uuid] = next.split("/");
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.closest("[data-alarm-row]")?.getAttribute("data-alarm-row"),
      ),
    )
    .toBe(uuid);
  expect(await shown(page)).toContain(`${deployment}/${uuid}`);
});

test("a detail opened from a link without the queue has no place in it", async ({ page }) => {
  const [deployment, uuid] = newestFirst(held)[0]!.split("/");
  await open(page, `/d/${deployment}/alarms/${uuid}`);
  await expect(page.locator("#alarm-title")).toBeVisible();
  await expect(position(page)).toHaveCount(0);
});

test("Initech, which the analyst may not see, never appears", async ({ page }) => {
  await open(page, QUEUE);
  await shown(page);
  await expect(page.locator("main")).not.toContainText("Initech");
  const options = await filters(page).getByLabel("Deployment").locator("option").allTextContents();
  expect(options).not.toContain("Initech");
  await expect(page.locator('a[href^="/d/initech/"]')).toHaveCount(0);

  // Asked for by name: the API refuses, and the page says it left the name out.
  const api = await page.request.get("/api/d/all/alarms?deployments=initech");
  expect(api.status()).toBe(400);
  expect(await api.json()).toMatchObject({ error: { param: "deployments" } });
  await open(page, `${QUEUE}?deployments=initech`);
  await expect(page.getByRole("status").filter({ hasText: "initech" })).toBeVisible();
  await expect(page).toHaveURL(QUEUE);
  expect((await shown(page)).every((row) => !row.startsWith("initech/"))).toBe(true);
});

test("a place in the queue by cursor, from before the index, still opens; one that cannot be read says so", async ({
  page,
}) => {
  await open(page, `${QUEUE}?status=open&cursor=not-a-cursor`);
  const alert = page.getByRole("alert").filter({ hasText: "cannot be found" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("cursor");
  await alert.getByRole("link", { name: "Start from the newest" }).click();
  await expect(page).toHaveURL(`${QUEUE}?status=open`);
  expect((await shown(page)).length).toBe(20);
});

test("times are shown in the zone the link names", async ({ page }) => {
  await open(page, `${QUEUE}?tz=Asia/Tokyo`);
  await shown(page);
  await expect(queue(page).locator("tbody time").first()).toContainText("UTC+9");
  // The zone travels with the row's link to the detail.
  await expect(queue(page).locator("a[data-row-link]").first()).toHaveAttribute(
    "href",
    /&tz=Asia%2FTokyo$/,
  );
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 375, height: 740 } });

  test("shows cards with their place in the queue, nothing wider than the screen", async ({
    page,
  }) => {
    await open(page, QUEUE);
    const cards = page.getByRole("list", { name: MERGED_QUEUE });
    await expect(cards.getByRole("listitem")).toHaveCount(20);
    await expect(queue(page)).toBeHidden();
    await expect(pager(page).getByRole("button", { name: "Next page" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});
