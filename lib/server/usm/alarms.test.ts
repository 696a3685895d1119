import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { alarmDetailSchema, alarmPageSchema } from "@/lib/server/core/shapes";
import { ApiError } from "@/lib/shared/core/errors";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { fetchAlarm, fetchAlarmPage } from "./alarms";
import { fetchHealth } from "./health";
import type { UsmClient } from "./client";
import { usmHealthSchema } from "@/lib/server/core/shapes";
import { asTester, testClient } from "@/test/usm-client";

// The typed operations the pages call, against the real simulator.

const CREDS = { id: "ops-client", secret: "ops-secret-93d1" };
let sim: RunningSimulator;
let client: UsmClient;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 1000, seed: 7, clients: [CREDS] });
});
afterAll(() => sim.close());
beforeEach(() => {
  sim.reset();
  client = testClient(sim, CREDS);
});

describe("fetchAlarmPage", () => {
  it("returns one page in our own strict shape", async () => {
    const page = await fetchAlarmPage({ ...DEFAULT_QUERY, page: 2, size: 50 }, asTester(client));
    expect(alarmPageSchema.parse(page)).toEqual(page);
    expect(page.page).toEqual({ number: 2, size: 50, totalElements: 1000, totalPages: 20 });
    expect(page.alarms).toHaveLength(50);
    const times = page.alarms.map((alarm) => alarm.occurredAt ?? 0);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it("sends the filters and sort upstream", async () => {
    const page = await fetchAlarmPage(
      {
        ...DEFAULT_QUERY,
        sort: { field: "priority", direction: "asc" },
        filters: { status: ["closed"], priority_label: ["high"] },
      },
      asTester(client),
    );
    expect(page.alarms.length).toBeGreaterThan(0);
    expect(page.page.totalElements).toBeLessThan(1000);
    for (const alarm of page.alarms) {
      expect(alarm).toMatchObject({ status: "closed", priorityLabel: "high" });
    }
    const priorities = page.alarms.map((alarm) => alarm.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
  });

  it("answers a page past the end with no alarms", async () => {
    const page = await fetchAlarmPage({ ...DEFAULT_QUERY, page: 999 }, asTester(client));
    expect(page.alarms).toEqual([]);
    expect(page.page.totalElements).toBe(1000);
  });
});

describe("fetchAlarm", () => {
  it("returns the alarm with its events, and a raw JSON without the upstream's address", async () => {
    const [first] = (await fetchAlarmPage(DEFAULT_QUERY, asTester(client))).alarms;
    const detail = await fetchAlarm(first!.uuid, asTester(client));
    expect(alarmDetailSchema.parse(detail)).toEqual(detail);
    expect(detail.uuid).toBe(first!.uuid);
    expect(detail.events.length).toBe(detail.eventsShown);
    expect(detail.events.length).toBeGreaterThan(0);
    expect(detail.eventsTotal).toBeGreaterThanOrEqual(detail.eventsShown);
    const raw = JSON.stringify(detail.raw);
    expect(raw).toContain(first!.uuid);
    expect(raw).toContain('"href":"/api/2.0/alarms/');
    expect(raw).not.toContain(new URL(sim.url).host);
    expect(raw).not.toMatch(/https?:\/\//);
  });

  it("finds an alarm by its uuid in upper case too", async () => {
    const [first] = (await fetchAlarmPage(DEFAULT_QUERY, asTester(client))).alarms;
    const detail = await fetchAlarm(first!.uuid.toUpperCase(), asTester(client));
    expect(detail.uuid).toBe(first!.uuid);
  });

  it("answers not_found for an unknown uuid", async () => {
    const error = await fetchAlarm("00000000-0000-4000-8000-000000000000", asTester(client)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("not_found");
    expect(sim.stats().byRoute.alarm).toBe(1);
  });

  it("answers not_found for anything that is not a uuid, without calling upstream", async () => {
    for (const id of ["../../oauth/token", "abc", "", "0b3e0c5e-7a4f-4e0e-9d8e-2f1c3b4a5d6e?x=1"]) {
      const error = await fetchAlarm(id, asTester(client)).catch((e: unknown) => e);
      expect((error as ApiError).code).toBe("not_found");
    }
    expect(sim.stats().byRoute).toEqual({ token: 0, alarms: 0, alarm: 0, labels: 0 });
  });
});

describe("fetchHealth", () => {
  it("reports reachability, the token's expiry and the budget, and nothing secret", async () => {
    const health = await fetchHealth(asTester(client));
    expect(usmHealthSchema.parse(health)).toEqual(health);
    expect(health.upstream.totalAlarms).toBe(1000);
    expect(health.token.valid).toBe(true);
    expect(health.token.expiresAt).toBeGreaterThan(Date.now());
    expect(health.token.expiresInSeconds).toBeGreaterThan(800);
    expect(health.budget.get).toMatchObject({ limitPerSecond: 100, sustainedPerSecond: 85 });
    expect(health.budget.get.recentPerSecond).toBeGreaterThan(0); // the health read itself
    expect(health.yourQueuedCalls).toBe(0);
    const text = JSON.stringify(health);
    expect(text).not.toContain(new URL(sim.url).host);
    expect(text).not.toContain(CREDS.secret);
  });

  it("throws the analyst's error when the upstream refuses the credentials", async () => {
    const bad = testClient(sim, { ...CREDS, secret: "not-it" }, { cacheTtlMs: 0 });
    const error = await fetchHealth(asTester(bad)).catch((e: unknown) => e);
    expect((error as ApiError).code).toBe("upstream_auth_failed");
  });
});
