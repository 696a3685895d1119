import { expect, test } from "./support/fixtures";
import { exportCsv, exportDialog } from "./support/export";
import { open } from "./support/list";
import {
  filters,
  held,
  holdWhenIndexed,
  highestFirst,
  newestFirst,
  queue,
  QUEUE,
  shown,
  summary,
  type Held,
} from "./support/all-deployments";

// The queue of every deployment (/d/all/alarms), narrowed and taken elsewhere: the overview's
// counts and the filters narrow it across deployments, the export and Copy link carry its view.
// What the analyst sees and how the queue reads: ./merged-queue.spec.ts and ./support/merged-queue.ts.

test.beforeAll(({ request }) => holdWhenIndexed(request));

test("the overview counts every deployment from the index, and a count filters the queue", async ({
  page,
}) => {
  await open(page, QUEUE);
  await shown(page);
  const overview = page.getByRole("region", { name: "Overview" });
  await expect(overview).toContainText("exact, from the index");
  for (const status of ["open", "in_review", "closed"]) {
    await expect(overview.locator(`[data-overview-count="${status}"]`), status).toHaveAttribute(
      "data-count",
      String(held.filter((alarm) => alarm.status === status).length),
    );
  }
  const open_ = held.filter((alarm) => alarm.status === "open").length;
  await overview.locator('[data-overview-count="open"]').click();
  await expect(page).toHaveURL(`${QUEUE}?status=open`);
  await expect(summary(page)).toContainText(`${open_.toLocaleString("en")} alarms`);
  expect(await shown(page)).toEqual(
    newestFirst(held.filter((alarm) => alarm.status === "open")).slice(0, 20),
  );
});

test("exports the queue's view from the index: the file's rows are both simulators' alarms of the view, in its order", async ({
  page,
}) => {
  const keep = (alarm: Held) => alarm.status === "in_review" && alarm.priority_label === "high";
  const expected = highestFirst(held.filter(keep));
  expect(new Set(expected.map((key) => key.split("/")[0]))).toEqual(new Set(["acme", "globex"]));
  await open(page, `${QUEUE}?sort=priority%2Cdesc&status=in_review&priority_label=high`);
  await shown(page);
  const { fileName, rows } = await exportCsv<{ deployment: string; uuid: string }>(
    page,
    expected.length,
  );
  expect(fileName).toMatch(
    /^all-deployments-alarms-status-in-review-priority-high-by-priority-desc-\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/,
  );
  expect(rows.map((row) => `${row.deployment}/${row.uuid}`)).toEqual(expected);
  await expect(exportDialog(page).getByRole("status")).toHaveText(
    `Done: ${expected.length} alarms exported.`,
  );
});

test("the Deployment filter narrows the queue to one deployment, and All widens it again", async ({
  page,
}) => {
  await open(page, QUEUE);
  const all = await shown(page);
  const deployment = filters(page).getByLabel("Deployment");
  await expect(deployment.locator("option")).toHaveText(["All", "Acme", "Globex"]);
  await deployment.selectOption({ label: "Globex" });
  await expect(page).toHaveURL(`${QUEUE}?deployments=globex`);
  await expect(summary(page)).toContainText("1,800 alarms · page 1 of 90 across Globex");
  await expect(queue(page).locator('tbody tr:not([data-deployment="globex"])')).toHaveCount(0);
  expect(await shown(page)).toEqual(
    newestFirst(held.filter((alarm) => alarm.deployment === "globex")).slice(0, 20),
  );
  await deployment.selectOption({ label: "All" });
  await expect(page).toHaveURL(QUEUE);
  expect(await shown(page)).toEqual(all);
});

test("a text filter applies to every deployment, and the chip takes it off again", async ({
  page,
}) => {
  await open(page, QUEUE);
  const all = await shown(page);
  const strategy = filters(page).getByLabel("Strategy", { exact: true });
  await strategy.fill("Brute Force Authentication");
  await strategy.press("Enter");
  await expect(page).toHaveURL(`${QUEUE}?rule_strategy=Brute+Force+Authentication`);
  const brute = held.filter((alarm) => alarm.rule_strategy === "Brute Force Authentication");
  await expect(summary(page)).toContainText(`${brute.length.toLocaleString("en")} alarms`);
  expect(await shown(page)).toEqual(newestFirst(brute).slice(0, 20));

  const chips = page.getByRole("group", { name: "Active filters" });
  await chips
    .getByRole("button", { name: "Remove filter Strategy: Brute Force Authentication" })
    .click();
  await expect(page).toHaveURL(QUEUE);
  expect(await shown(page)).toEqual(all);
});

test("Copy link copies the queue's view, and with a rolling range also the exact alarms shown", async ({
  page,
  context,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const clipboard = async () => new URL(await page.evaluate(() => navigator.clipboard.readText()));
  await open(page, `${QUEUE}?sort=priority%2Cdesc&deployments=globex`);
  await shown(page);
  const copy = page.getByRole("button", { name: /^Copy link/ });
  await copy.click();
  await expect(copy).toContainText("Copied");
  const plain = await clipboard();
  expect(`${plain.pathname}${plain.search}`).toBe(
    `${QUEUE}?sort=priority%2Cdesc&deployments=globex`,
  );

  await filters(page).getByRole("button", { name: /^24h/ }).click();
  await expect(page).toHaveURL(/[?&]range=24h(&|$)/);
  const rolling = await shown(page);
  await copy.click();
  await page.getByRole("button", { name: /These exact alarms/ }).click();
  const exact = await clipboard();
  expect(exact.searchParams.get("range")).toBeNull();
  const gte = Date.parse(exact.searchParams.get("timestamp_occured_gte") ?? "");
  const lte = Date.parse(exact.searchParams.get("timestamp_occured_lte") ?? "");
  expect(lte - gte).toBe(24 * 3600_000);
  // The frozen link shows the recipient the same alarms, in the same order.
  await open(page, `${exact.pathname}${exact.search}`);
  expect(await shown(page)).toEqual(rolling);
});
