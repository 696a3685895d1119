import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { exportCsv, exportDialog } from "./support/export";
import { open } from "./support/list";
import { simulatorAlarms } from "./support/simulator-api";

// "Export" on the real app and the real simulator (Acme: 5000 alarms, seed 42, still): the
// dialog counts the view, the download is the browser's own, and its rows are the simulator's
// alarms of the same view, in the same order.

const VIEW = "status=in_review&priority_label=high";

/** The view's alarms read straight from the simulator, newest first. */
async function simulatorUuids(query: string): Promise<string[]> {
  const filters = Object.fromEntries(new URLSearchParams(query));
  const uuids: string[] = [];
  for (let page = 0; ; page++) {
    const { alarms } = await simulatorAlarms(e2e.simulatorUrl, {
      ...filters,
      page,
      size: 1000,
      sort: "timestamp_occured,desc",
    });
    uuids.push(...alarms.map((alarm) => alarm.uuid));
    if (alarms.length < 1000) return uuids;
  }
}

test("exports the view as a CSV file whose rows are the simulator's alarms of that view", async ({
  page,
}) => {
  const expected = await simulatorUuids(VIEW);
  expect(expected.length).toBeGreaterThan(10);
  expect(expected.length).toBeLessThan(1000);

  await open(page, `/d/acme/alarms?${VIEW}`);
  const button = page.getByRole("button", { name: "Export" });
  const { fileName, rows } = await exportCsv<{
    uuid: string;
    status: string;
    priority_label: string;
  }>(page, expected.length);
  expect(fileName).toMatch(
    /^acme-alarms-status-in-review-priority-high-\d{4}-\d{2}-\d{2}T\d{4}Z\.csv$/,
  );
  const dialog = exportDialog(page);
  expect(rows.map((row) => row.uuid)).toEqual(expected);
  expect(rows.every((row) => row.status === "in_review" && row.priority_label === "high")).toBe(
    true,
  );
  await expect(dialog.getByRole("status")).toHaveText(`Done: ${expected.length} alarms exported.`);

  // Escape closes it and gives focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

test("the dialog fits a phone and offers every format", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await open(page, `/d/acme/alarms?${VIEW}`);
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog", { name: "Export this view" });
  await expect(dialog).toContainText("(cap 100,000)");
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await dialog.getByRole("radio", { name: /NDJSON/ }).check();
  await expect(dialog.getByRole("link", { name: "Download NDJSON" })).toHaveAttribute(
    "href",
    /format=ndjson/,
  );
  await dialog.getByRole("radio", { name: /^JSON/ }).check();
  await expect(dialog.getByRole("link", { name: "Download JSON" })).toHaveAttribute(
    "href",
    /timestamp_occured_lte=\d+/,
  );
});
