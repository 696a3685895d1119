import { expect, type APIRequestContext } from "@playwright/test";
import { alarmPageSchema } from "@/lib/server/core/shapes";
import type { AlarmPage, AlarmSummary } from "@/lib/shared/alarms/types";
import type { OverviewSection } from "@/lib/shared/overview/types";

// The console's own alarm API (/api/d/<deployment>/alarms), read as the list reads it: what a
// spec expects the page to show. Each answer is checked against the API's strict schema.

/** One page of a deployment's alarms for `query` (the list's URL parameters). Never empty. */
export async function alarmsFromApi(
  request: APIRequestContext,
  query = "",
  deployment = "acme",
): Promise<AlarmPage> {
  const path = `/api/d/${deployment}/alarms?${query}`;
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const page = alarmPageSchema.parse(await response.json());
  expect(page.alarms.length, `alarms in ${path}`).toBeGreaterThan(0);
  return page;
}

/** The fullest detail among Acme's 100 most urgent alarms: most endpoints, then most events. */
export async function fullestAlarm(request: APIRequestContext): Promise<AlarmSummary> {
  const { alarms } = await alarmsFromApi(request, "size=100&sort=priority,desc");
  const endpoints = (alarm: AlarmSummary) => alarm.sources.length + alarm.destinations.length;
  return [...alarms].sort(
    (a, b) => endpoints(b) - endpoints(a) || b.eventsTotal - a.eventsTotal,
  )[0]!;
}

/**
 * Waits until the index holds `deployment` whole (its backfill done, following the upstream):
 * its overview then says it was counted there.
 */
export async function indexHoldsWhole(
  request: APIRequestContext,
  deployment = "acme",
  timeout = 120_000,
): Promise<void> {
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/d/${deployment}/alarms/overview?part=status`);
        if (response.status() !== 200) return `status ${response.status()}`;
        return ((await response.json()) as OverviewSection).source?.kind ?? "upstream";
      },
      { timeout, intervals: [1_000] },
    )
    .toBe("index");
}
