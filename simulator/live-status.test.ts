// Live mode: scheduled status changes advance recent alarms open -> in_review -> closed over
// clock time, deterministically; filters and sort=status follow; reset replays only the schedule.
import { describe, expect, it } from "vitest";
import { alarmIndexOf } from "./alarm-id";
import { resolveConfig } from "./config";
import { ANCHOR, Alarm, get, getPage, getToken, readAll, startLive } from "./test-support";

const SEED = 9;
const ALARMS = 600;
const MINUTE = 60_000;
const live = { perMinute: 4, statusChangesPerMinute: 12 };
// Admin, for the reset test's POST /_sim/reset.
const options = { alarms: ALARMS, seed: SEED, live, admin: true };
const { sim, token, clock, twin, still } = await startLive(options);
const stillOrder = await readAll(still.sim, still.token, "?size=1000");
const stillStatus = new Map(stillOrder.map((a) => [a.uuid, a.status]));

const index = (a: Alarm) => alarmIndexOf(SEED, a.uuid);
const isLive = (a: Alarm) => index(a) >= ALARMS;
const RANK: Record<string, number> = { open: 0, in_review: 1, closed: 2 };

/** Generated alarms whose status is no longer the one they were built with. */
function changed(all: Alarm[]): Alarm[] {
  return all.filter((a) => !isLive(a) && a.status !== stillStatus.get(a.uuid));
}

/** The whole collection with origins neutralised, to compare two simulators. */
async function snapshot(s: typeof sim, t: string): Promise<string> {
  return JSON.stringify(await readAll(s, t, "?size=1000&sort=timestamp_received,desc")).replaceAll(
    s.url,
    "",
  );
}

describe("scheduled status changes", () => {
  it("advance recent alarms over time, only forward", async () => {
    clock.ms = ANCHOR;
    expect(changed(await readAll(sim, token, "?size=1000"))).toEqual([]);
    clock.ms = ANCHOR + 10 * MINUTE;
    const early = changed(await readAll(sim, token, "?size=1000"));
    clock.ms = ANCHOR + 30 * MINUTE;
    const all = await readAll(sim, token, "?size=1000");
    const late = changed(all);
    expect(early.length).toBeGreaterThan(20);
    expect(late.length).toBeGreaterThan(early.length + 40);
    for (const a of late) {
      // Among the newest 500 generated alarms, and always a step forward.
      expect(index(a)).toBeLessThan(500);
      expect(RANK[a.status!]).toBeGreaterThan(RANK[stillStatus.get(a.uuid)!]!);
    }
    const movedArrivals = all.filter((a) => isLive(a) && a.status !== "open" && a.status);
    expect(movedArrivals.length).toBeGreaterThan(0);
  });

  it("are the same for the same seed, anchor and clock reading", async () => {
    clock.ms = twin.clock.ms = ANCHOR + 30 * MINUTE;
    expect(await snapshot(twin.sim, twin.token)).toBe(await snapshot(sim, token));
  });

  it("show in status filters and their totals", async () => {
    clock.ms = ANCHOR + 30 * MINUTE;
    const all = await readAll(sim, token, "?size=1000");
    for (const status of ["open", "in_review", "closed"]) {
      const expected = all.filter((a) => a.status === status).map((a) => a.uuid);
      const { body } = await getPage(sim, token, `?size=1&status=${status}`);
      expect(body.page.totalElements).toBe(expected.length);
      const listed = await readAll(sim, token, `?size=100&status=${status}`);
      expect(listed.map((a) => a.uuid).sort()).toEqual([...expected].sort());
    }
    const closedNow = changed(all).filter((a) => a.status === "closed");
    expect(closedNow.length).toBeGreaterThan(0);
  });

  it.each(["asc", "desc"] as const)("keep sort=status,%s ordered and complete", async (dir) => {
    clock.ms = ANCHOR + 30 * MINUTE;
    const all = await readAll(sim, token, "?size=1000");
    const sign = dir === "asc" ? 1 : -1;
    // Ties: newest first in both directions: live alarms (higher index first), then generated
    // ones by their position in the set.
    const expected = [...all]
      .sort((a, b) => {
        const [sa, sb] = [a.status ?? "", b.status ?? ""];
        if (sa !== sb) return sign * (sa < sb ? -1 : 1);
        if (isLive(a) !== isLive(b)) return isLive(a) ? -1 : 1;
        return isLive(a) ? index(b) - index(a) : index(a) - index(b);
      })
      .map((a) => a.uuid);
    const walked = await readAll(sim, token, `?size=23&sort=status,${dir}`);
    expect(walked.map((a) => a.uuid)).toEqual(expected);
  });
});

describe("reset", () => {
  it("drops admin alarms and admin status changes; the schedule replays as on a fresh start", async () => {
    clock.ms = twin.clock.ms = ANCHOR + 30 * MINUTE;
    const all = await readAll(sim, token, "?size=1000");
    const generated = all.find((a) => !isLive(a) && a.status === "closed")!;
    const arrival = all.find((a) => isLive(a) && a.status === "open")!;
    sim.setAlarmStatus(generated.uuid, "open");
    sim.setAlarmStatus(arrival.uuid, "closed");
    const added = sim.addAlarm({ priority: 90 });
    expect(await snapshot(sim, token)).not.toBe(await snapshot(twin.sim, twin.token));

    expect((await fetch(`${sim.url}/_sim/reset`, { method: "POST" })).status).toBe(200);
    const fresh = await getToken(sim); // reset forgets tokens too
    expect(await snapshot(sim, fresh)).toBe(await snapshot(twin.sim, twin.token));
    expect((await get(`${sim.url}/api/2.0/alarms/${added.uuid}`, fresh)).status).toBe(404);

    // Time goes on after the reset exactly as it does for a simulator never touched.
    clock.ms = twin.clock.ms = ANCHOR + 45 * MINUTE;
    expect(await snapshot(sim, fresh)).toBe(await snapshot(twin.sim, twin.token));
    // An admin alarm's uuid is never given again.
    expect(sim.addAlarm({}).uuid).not.toBe(added.uuid);
  });
});

describe("live options", () => {
  it("are off unless asked for, and status changes follow the arrival rate by default", () => {
    expect(resolveConfig({}).live).toMatchObject({ perMinute: 0, statusChangesPerMinute: 0 });
    expect(resolveConfig({ live: { perMinute: 2.5 } }).live).toEqual({
      perMinute: 2.5,
      lateShare: 0.2,
      burstChance: 0.05,
      statusChangesPerMinute: 2.5,
    });
    expect(() => resolveConfig({ live: { perMinute: 1, lateShare: 1.5 } })).toThrow(
      "live.lateShare",
    );
    expect(() => resolveConfig({ live: { perMinute: -1 } })).toThrow("live.perMinute");
  });
});
