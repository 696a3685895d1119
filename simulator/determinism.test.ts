// Conformance: the same seed and anchor give byte-identical responses; the anchor places the data.
import { describe, expect, it } from "vitest";
import { resolveConfig } from "./config";
import {
  ANCHOR,
  get,
  getToken,
  startTestSimulator,
  withSimulator,
  type AlarmPage,
} from "./test-support";

const a = await startTestSimulator({ alarms: 800, seed: 7 });
const b = await startTestSimulator({ alarms: 800, seed: 7 });
const c = await startTestSimulator({ alarms: 800, seed: 8 });
const tokens = new Map([a, b, c].map((s) => [s, ""]));
for (const s of tokens.keys()) tokens.set(s, await getToken(s));

/** The raw body, with the simulator's own origin (which differs by port) neutralised. */
async function text(sim: typeof a, path: string): Promise<string> {
  const res = await get(`${sim.url}${path}`, tokens.get(sim) ?? "");
  return (await res.text()).replaceAll(sim.url, "http://sim");
}

describe("determinism", () => {
  it.each([
    "/api/2.0/alarms",
    "/api/2.0/alarms?page=7&size=50&sort=priority,desc",
    "/api/2.0/alarms?status=closed&sort=rule_method,asc&size=100",
  ])("answers %s byte-identically for the same seed and anchor", async (path) => {
    const first = await text(a, path);
    expect(await text(b, path)).toBe(first);
    // ...and differently for another seed.
    expect(await text(c, path)).not.toBe(first);
  });

  it("answers a member byte-identically for the same seed and anchor", async () => {
    const page = JSON.parse(await text(a, "/api/2.0/alarms?size=1&page=123")) as {
      _embedded: { alarms: Array<{ uuid: string }> };
    };
    const path = `/api/2.0/alarms/${page._embedded.alarms[0]!.uuid}`;
    expect(await text(b, path)).toBe(await text(a, path));
    expect((await get(`${c.url}${path}`, tokens.get(c) ?? "")).status).toBe(404);
  });

  it("puts the newest alarm just before the anchor and spreads the rest over 30 days", async () => {
    const newest = JSON.parse(await text(a, "/api/2.0/alarms?size=1")) as {
      _embedded: { alarms: Array<{ timestamp_occured: string }> };
    };
    const oldest = JSON.parse(
      await text(a, "/api/2.0/alarms?size=1&sort=timestamp_occured,asc"),
    ) as typeof newest;
    const newestMs = Number(newest._embedded.alarms[0]!.timestamp_occured);
    const oldestMs = Number(oldest._embedded.alarms[0]!.timestamp_occured);
    expect(newestMs).toBeLessThanOrEqual(ANCHOR);
    expect(ANCHOR - newestMs).toBeLessThan(10 * 60_000);
    expect(newestMs - oldestMs).toBeGreaterThan(25 * 86_400_000);
    expect(ANCHOR - oldestMs).toBeLessThanOrEqual(30 * 86_400_000);
  });

  it("anchors the data to its start time when no anchor is given: the last hour is never empty", async () => {
    // Started just before the hour turns: an anchor rounded down to the hour would put the
    // newest alarm over an hour back, and "Last 1 hour" would show nothing.
    const startedAt = Date.UTC(2024, 2, 15, 12, 59, 59, 500);
    const options = { alarms: 800, seed: 7, anchor: undefined, now: () => startedAt };
    await withSimulator(options, async (sim) => {
      const token = await getToken(sim);
      const lastHour = `timestamp_occured_gte=${startedAt - 3_600_000}`;
      const res = await get(`${sim.url}/api/2.0/alarms?size=1&${lastHour}`, token);
      const body = (await res.json()) as AlarmPage;
      expect(body.page.totalElements).toBeGreaterThan(0);
      const newest = Number(body._embedded?.alarms[0]?.timestamp_occured);
      expect(newest).toBeLessThanOrEqual(startedAt);
      expect(startedAt - newest).toBeLessThan(5 * 60_000); // minutes old
    });
    // A given anchor still places the data, whenever the simulator starts.
    expect(resolveConfig({ anchor: ANCHOR, now: () => startedAt }).anchor).toBe(ANCHOR);
  });
});
