// eslint-disable-next-line no-restricted-imports -- signs in as live.analyst itself
import { expect, test, type Page } from "@playwright/test";
import { e2e } from "./support/env";
import { MERGED_QUEUE, liveStatus, newAlarmsBanner, open, rowIds, rows } from "./support/list";
import { interval, openLive, umbrella, withinAPoll } from "./support/live";
import { signIn } from "./support/sign-in";

// The live queue against a real simulator (Umbrella's: only live.analyst sees it, so the alarms
// added here move nobody else's counts). The e2e app polls a watched view every few seconds
// (E2E_LIVE_INTERVAL_SECONDS); alarms and status changes go in through the simulator's admin API.

test.describe.configure({ mode: "serial" });
test.use({ storageState: { cookies: [], origins: [] } });

test.beforeEach(async ({ page }) => {
  await signIn(page, "live.analyst", e2e.localPassword);
});

test("an alarm that matches the view raises the banner and the title's count; one that does not, nothing", async ({
  page,
}) => {
  await openLive(page, "?status=open");
  const before = await rowIds(page);
  await umbrella.addAlarm({ status: "closed", priority: 90 }); // not in this view
  await umbrella.addAlarm({ status: "open", priority: 90 });
  // Both were in the poll that found the open one: the closed one was not counted.
  await expect(newAlarmsBanner(page)).toHaveText(/^1 new alarm since \d\d:\d\d UTC/, withinAPoll());
  await expect(page).toHaveTitle(/^\(1\) .*Umbrella/);
  expect(await rowIds(page)).toEqual(before); // nothing inserted by itself
});

test("Show puts the new alarm on top, keeps the scroll position and the focused row, and marks it", async ({
  page,
}) => {
  await openLive(page);
  await page.evaluate(() => window.scrollTo(0, 300));
  const focused = rows(page).nth(8);
  await focused.locator("a[data-row-link]").focus();
  const focusedUuid = await focused.getAttribute("data-alarm-row");
  const topBefore = (await focused.boundingBox())!.y;

  const uuid = await umbrella.addAlarm({ status: "open", priority: 70 });
  await expect(newAlarmsBanner(page)).toBeVisible(withinAPoll());
  // The banner came in its reserved row: nothing on the page moved.
  expect(Math.abs((await focused.boundingBox())!.y - topBefore)).toBeLessThanOrEqual(1);
  await page.keyboard.press(".");

  await expect(rows(page).first()).toHaveAttribute("data-alarm-row", uuid);
  await expect(rows(page).first()).toHaveAttribute("data-live-mark", "new");
  await expect(newAlarmsBanner(page)).toHaveCount(0);
  await expect(page).not.toHaveTitle(/^\(/);
  // The focused row is still focused, and still where the analyst's eyes were.
  const stillFocused = await page.evaluate(
    () =>
      (document.activeElement?.closest("[data-alarm-row]") as HTMLElement | null)?.dataset.alarmRow,
  );
  expect(stillFocused).toBe(focusedUuid);
  const row = page.locator(`tr[data-alarm-row="${focusedUuid}"]`);
  expect(Math.abs((await row.boundingBox())!.y - topBefore)).toBeLessThanOrEqual(2);
});

test("a late alarm, received minutes after it occurred, is caught below newer ones", async ({
  page,
}) => {
  await openLive(page);
  const newer = await umbrella.addAlarm({ status: "open" });
  await expect(newAlarmsBanner(page)).toHaveText(/^1 new alarm/, withinAPoll());
  const now = Date.now();
  const late = await umbrella.addAlarm({ status: "open", timestamp_occured: now - 8 * 60_000 });
  await expect(newAlarmsBanner(page)).toHaveText(/^2 new alarms/, withinAPoll());
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(rows(page).nth(0)).toHaveAttribute("data-alarm-row", newer);
  // Below the alarms that occurred after it (the earlier tests' too), and marked as new.
  const lateRow = page.locator(`tr[data-alarm-row="${late}"]`);
  await expect(lateRow).toHaveAttribute("data-live-mark", "new");
  expect((await rowIds(page)).indexOf(late)).toBeGreaterThan(0);
});

test("a status change shows in place: the same rows in the same order, the new status marked", async ({
  page,
}) => {
  await openLive(page, "?status=open");
  const order = await rowIds(page);
  const target = order[2]!;
  await umbrella.setStatus(target, "closed"); // it leaves this view upstream
  const row = page.locator(`tr[data-alarm-row="${target}"]`);
  await expect(row.locator('[data-column="status"]')).toHaveText("Closed", withinAPoll());
  await expect(row).toHaveAttribute("data-live-mark", "changed");
  expect(await rowIds(page)).toEqual(order);
});

test("pausing stops the announcements until resumed; off the first page the queue pauses by itself", async ({
  page,
}) => {
  await openLive(page);
  await page.keyboard.press("l");
  await expect(liveStatus(page)).toHaveText("Live updates paused");
  await expect(page.getByRole("button", { name: "Resume" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await umbrella.addAlarm({ status: "open" });
  await page.waitForTimeout(2 * interval()); // two polls' worth: nothing may show meanwhile
  await expect(newAlarmsBanner(page)).toHaveCount(0);
  await page.keyboard.press("l");
  await expect(newAlarmsBanner(page)).toHaveText(/^1 new alarm/, withinAPoll());

  await page.keyboard.press("n"); // page 2
  await expect(page).toHaveURL(/[?&]p=2(&|$)/);
  await expect(liveStatus(page)).toHaveText("Live updates paused off the first page");
  await expect(newAlarmsBanner(page)).toHaveCount(0);
});

test("the tabs of one browser share one stream; another tab takes it over when the first closes", async ({
  page,
  context,
}) => {
  const streams = new Map<Page, number>();
  const count = (p: Page) =>
    p.on("request", (request) => {
      if (new URL(request.url()).pathname === "/api/live")
        streams.set(p, (streams.get(p) ?? 0) + 1);
    });
  count(page);
  await openLive(page, "?status=open");
  const second = await context.newPage();
  count(second);
  await openLive(second, "?priority_label=high");
  expect(streams.get(second) ?? 0).toBe(0); // the first tab's stream carries both views
  await umbrella.addAlarm({ status: "open", priority: 95 });
  await expect(newAlarmsBanner(page)).toBeVisible(withinAPoll());
  await expect(newAlarmsBanner(second)).toBeVisible(withinAPoll());

  await page.close(); // the leader goes: the second tab opens the stream itself
  const uuid = await umbrella.addAlarm({ status: "open", priority: 96 });
  await expect(newAlarmsBanner(second)).toHaveText(/^2 new alarms/, {
    timeout: 2 * interval() + 5_000,
  });
  expect(streams.get(second) ?? 0).toBeGreaterThan(0);
  await second.getByRole("button", { name: "Show", exact: true }).click();
  await expect(rows(second).first()).toHaveAttribute("data-alarm-row", uuid);
});

test("the stream is sent as events, unbuffered and uncompressed; bad views and other teams' deployments are refused", async ({
  page,
}) => {
  await openLive(page);
  const answer = await page.evaluate(async () => {
    const abort = new AbortController();
    const response = await fetch("/api/live?view=umbrella&view=initech", { signal: abort.signal });
    const reader = response.body!.getReader();
    let text = "";
    while (!text.includes("event: state")) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
    abort.abort();
    const headers = Object.fromEntries(response.headers);
    return { status: response.status, headers, text };
  });
  expect(answer.status).toBe(200);
  expect(answer.headers["content-type"]).toBe("text/event-stream; charset=utf-8");
  expect(answer.headers["content-encoding"]).toBeUndefined(); // the browser asked for gzip
  expect(answer.headers["x-accel-buffering"]).toBe("no");
  expect(answer.headers["cache-control"]).toContain("no-transform");
  expect(answer.text).toMatch(/^retry: \d+\n/);
  // Initech is not live.analyst's: refused like a deployment that does not exist.
  expect(answer.text).toContain(
    'event: refused\ndata: {"view":"initech","error":{"code":"not_found","message":"There is no such deployment."}}',
  );
  expect(answer.text).toMatch(/id: \S+\nevent: state\ndata: \{"view":"umbrella"/);

  const bad = await page.request.get("/api/live?view=umbrella%3Fpage%3D2");
  expect(bad.status()).toBe(400);
  expect(await bad.json()).toMatchObject({ error: { code: "invalid_request", param: "view" } });
  const anonymous = await fetch(`${e2e.appUrl}/api/live?view=umbrella`);
  expect(anonymous.status).toBe(401);
  expect(await anonymous.json()).toMatchObject({ error: { code: "unauthenticated" } });
});

test("the queue of every deployment is watched from the index: an arrival raises its banner, and Show brings it in", async ({
  page,
}) => {
  // A view of Umbrella's in the queue; the index follows Umbrella every 2 s and tells the watch.
  const view = "/d/all/alarms?deployments=umbrella&status=open";
  await open(page, view);
  await expect(rows(page, MERGED_QUEUE).first()).toBeVisible();
  await expect(liveStatus(page)).toHaveText(/^Updated/, { timeout: 15_000 });
  const before = await rowIds(page, MERGED_QUEUE);
  await umbrella.addAlarm({ status: "closed", priority: 90 }); // not in this view
  const uuid = await umbrella.addAlarm({ status: "open", priority: 90 });
  // The index reads it within its interval, then the watch within its coalescing.
  await expect(newAlarmsBanner(page)).toHaveText(/^1 new alarm since \d\d:\d\d UTC/, {
    timeout: 20_000,
  });
  await expect(page).toHaveTitle(/^\(1\) .*All deployments/);
  expect(await rowIds(page, MERGED_QUEUE)).toEqual(before); // nothing inserted by itself
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(rows(page, MERGED_QUEUE).first()).toHaveAttribute("data-alarm-row", uuid);
  await expect(rows(page, MERGED_QUEUE).first()).toHaveAttribute("data-live-mark", "new");
  await expect(newAlarmsBanner(page)).toHaveCount(0);
});
