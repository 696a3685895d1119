import { expect, test } from "./support/fixtures";
import { alarmsFromApi } from "./support/alarms-api";
import { e2e } from "./support/env";
import { exportCsv } from "./support/export";
import { open } from "./support/list";

// An export carries the team's columns (issue 37): the worker's analyst takes an alarm, notes it
// and closes it as a false positive; the view's CSV, read from the upstream, names its owner,
// who acknowledged and closed it and when, its verdict and its notes, and links every alarm to
// its detail in the console.

const VIEW = "status=closed&priority_label=low";

test("an export's CSV carries the team's columns and a link to each alarm in the console", async ({
  page,
  analyst,
}) => {
  const { alarms, page: counts } = await alarmsFromApi(page.request, `${VIEW}&size=50`);
  const alarm = alarms.at(-1)!;
  const triage = `/api/d/acme/alarms/${alarm.uuid}/triage`;
  // A retry finds it closed already: reopened first, so the close is this run's.
  await page.request.delete(`${triage}/closed`);
  const owner = await page.request.put(`${triage}/owner`, { data: { owner: analyst } });
  expect(owner.status()).toBe(200);
  const note = await page.request.post(`${triage}/notes`, { data: { text: "INC-4711" } });
  expect(note.status()).toBe(200);
  const close = { verdict: "false_positive", reason: "a scanner of ours" };
  expect((await page.request.put(`${triage}/closed`, { data: close })).status()).toBe(200);

  await open(page, `/d/acme/alarms?${VIEW}`);
  const { rows } = await exportCsv<Record<string, string>>(page, counts.totalElements);
  const row = rows.find((one) => one.uuid === alarm.uuid)!;
  expect(row).toMatchObject({
    owner: analyst,
    acknowledged_by: analyst,
    verdict: "false_positive",
    closed_by: analyst,
    console_link: `${e2e.appUrl}/d/acme/alarms/${alarm.uuid}`,
  });
  expect(Number(row.note_count)).toBeGreaterThanOrEqual(1);
  expect(Date.parse(row.closed_at_utc ?? "")).not.toBeNaN();
  expect(Date.parse(row.acknowledged_at_utc ?? "")).not.toBeNaN();
  for (const one of rows) {
    expect(one.console_link).toBe(`${e2e.appUrl}/d/acme/alarms/${one.uuid}`);
  }
});
