import type { APIRequestContext } from "@playwright/test";
import type { LabelStatus } from "@/lib/shared/triage/types";
import { expect, test } from "./support/fixtures";
import { e2e } from "./support/env";
import { simulatorAdmin, simulatorLabelsOf } from "./support/simulator-api";

// A verdict's USM label written back on a deployment that maps it (Globex, playwright.config.ts):
// a close puts it on the alarm in the simulator, a reopen takes it off; a write the upstream
// fails shows as pending with why, and is written once the upstream answers again.

// One after the other: the second breaks Globex's label writes for a while.
test.describe.configure({ mode: "serial", timeout: 90_000 });

/**
 * How long a write may take to land: the worker is woken at once, but early in a run the index's
 * backfill holds the embedded database (one connection) for seconds at a time.
 */
const WRITTEN = { timeout: 30_000 };

const triagePath = (uuid: string) => `/api/d/globex/alarms/${uuid}/triage`;

async function labelState(request: APIRequestContext, uuid: string): Promise<LabelStatus> {
  const response = await request.get(triagePath(uuid));
  expect(response.status()).toBe(200);
  return ((await response.json()) as { label: LabelStatus }).label;
}

async function close(request: APIRequestContext, uuid: string): Promise<void> {
  const response = await request.put(`${triagePath(uuid)}/closed`, {
    data: { verdict: "false_positive", reason: "Checked with the owner: a scheduled scan" },
  });
  expect(response.status()).toBe(200);
}

/** A new Globex alarm without labels, and the id of the false positive's label. */
async function unlabelledAlarm() {
  const sim = simulatorAdmin(e2e.simulator2Url);
  const uuid = await sim.addAlarm({ alarm_labels: [] });
  return { sim, uuid, id: (await sim.label("False Positive")).id };
}

test("a close puts the verdict's label on the alarm in USM, a reopen takes it off", async ({
  page,
}) => {
  const { uuid, id } = await unlabelledAlarm();
  await close(page.request, uuid);
  await expect.poll(() => simulatorLabelsOf(e2e.simulator2Url, uuid), WRITTEN).toEqual([id]);
  await expect.poll(() => labelState(page.request, uuid), WRITTEN).toEqual({ state: "written" });

  const reopened = await page.request.delete(`${triagePath(uuid)}/closed`);
  expect(reopened.status()).toBe(200);
  await expect.poll(() => simulatorLabelsOf(e2e.simulator2Url, uuid), WRITTEN).toEqual([]);
  await expect.poll(() => labelState(page.request, uuid), WRITTEN).toEqual({ state: "written" });
});

test("a label USM fails to take shows as pending with why, and is written after a retry", async ({
  page,
}) => {
  const { sim, uuid, id } = await unlabelledAlarm();
  await sim.faults({ routes: ["labels"], failRate: 1, failStatus: 500 });
  try {
    await close(page.request, uuid);
    await expect
      .poll(() => labelState(page.request, uuid), WRITTEN)
      .toEqual({
        state: "pending",
        message: expect.stringMatching(/^USM failed to answer \(HTTP 500\); retrying in \d+ s$/),
      });
    // The verdict stands whatever USM does, and the detail says why its label waits.
    await page.goto(`/d/globex/alarms/${uuid}`);
    const closed = page.locator("[data-triage-closed=false_positive]");
    await expect(closed).toContainText("Closed · False positive");
    await expect(closed.locator("[data-label-state=pending]")).toContainText(
      /Label pending · USM failed to answer \(HTTP 500\); retrying in \d+ s/,
      WRITTEN,
    );
  } finally {
    await sim.faults({ failRate: 0 });
  }
  await expect.poll(() => labelState(page.request, uuid), WRITTEN).toEqual({ state: "written" });
  expect(await simulatorLabelsOf(e2e.simulator2Url, uuid)).toEqual([id]);
  // The open detail hears of it: no reload.
  await expect(page.locator("[data-label-state=written]")).toHaveText("Label written to USM");
});
