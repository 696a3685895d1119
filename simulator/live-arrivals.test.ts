// Live mode: new alarms arrive over (injected) clock time, deterministically for a seed and an
// anchor, some of them late, each visible once its received time has come.
import { describe, expect, it } from "vitest";
import { alarmIndexOf } from "./alarm-id";
import {
  ANCHOR,
  Alarm,
  MemberAlarm,
  get,
  getPage,
  readAll,
  startClocked,
  startLive,
} from "./test-support";
import { RULES } from "./taxonomy";

const MINUTE = 60_000;
const SEED = 11;
const ALARMS = 400;
const live = { perMinute: 10, statusChangesPerMinute: 0 };
const { sim, token, clock, twin, still } = await startLive({ alarms: ALARMS, seed: SEED, live });

const isLive = (a: Alarm) => alarmIndexOf(SEED, a.uuid) >= ALARMS;
const delay = (a: { timestamp_occured: string; timestamp_received: string }) =>
  Number(a.timestamp_received) - Number(a.timestamp_occured);

describe("live arrivals", () => {
  it("adds nothing before the clock moves, then alarms arrive as it does", async () => {
    clock.ms = ANCHOR;
    expect((await getPage(sim, token, "?size=1")).body.page.totalElements).toBe(ALARMS);
    clock.ms = ANCHOR + 10 * MINUTE;
    const after10 = (await getPage(sim, token, "?size=1")).body.page.totalElements;
    clock.ms = ANCHOR + 40 * MINUTE;
    const after40 = (await getPage(sim, token, "?size=1")).body.page.totalElements;
    // About 10 a minute (Poisson, with bursts): far from none, far from too many.
    expect(after10 - ALARMS).toBeGreaterThan(40);
    expect(after10 - ALARMS).toBeLessThan(180);
    expect(after40 - after10).toBeGreaterThan(200);
    expect(after40 - after10).toBeLessThan(450);
    // The still simulator of the same seed never grows.
    expect((await getPage(still.sim, still.token, "?size=1")).body.page.totalElements).toBe(ALARMS);
  });

  it("gives the same alarms, byte for byte, for the same seed, anchor and clock reading", async () => {
    clock.ms = twin.clock.ms = ANCHOR + 25 * MINUTE;
    const path = "/api/2.0/alarms?size=1000&timestamp_occured_gte=" + String(ANCHOR);
    const a = await (await get(`${sim.url}${path}`, token)).text();
    const b = await (await get(`${twin.sim.url}${path}`, twin.token)).text();
    expect(a.replaceAll(sim.url, "")).toBe(b.replaceAll(twin.sim.url, ""));
    expect(JSON.parse(a).page.totalElements).toBeGreaterThan(150);
  });

  it("keeps the generated alarms as they were and numbers arrivals after them, in order", async () => {
    clock.ms = ANCHOR + 40 * MINUTE;
    const all = await readAll(sim, token, "?size=1000&sort=timestamp_occured,asc");
    const generated = await readAll(
      still.sim,
      still.token,
      "?size=1000&sort=timestamp_occured,asc",
    );
    const text = (list: Alarm[], url: string) => JSON.stringify(list).replaceAll(url, "");
    expect(
      text(
        all.filter((a) => !isLive(a)),
        sim.url,
      ),
    ).toBe(text(generated, still.sim.url));
    const arrivals = all.filter(isLive);
    expect(arrivals.every((a) => Number(a.timestamp_occured) > ANCHOR)).toBe(true);
    // Every arrival that occurred 15 minutes ago or more is in: indices ALARMS, ALARMS+1, ...
    const settled = arrivals.filter((a) => Number(a.timestamp_occured) <= clock.ms - 15 * MINUTE);
    expect(settled.map((a) => alarmIndexOf(SEED, a.uuid))).toEqual(
      settled.map((_, k) => ALARMS + k),
    );
  });

  it("delivers about a fifth late (2-15 min), the rest within 1.5-60 s, none before received", async () => {
    clock.ms = ANCHOR + 40 * MINUTE;
    const arrivals = (await readAll(sim, token, "?size=1000")).filter(isLive);
    const late = arrivals.filter((a) => delay(a) >= 2 * MINUTE);
    for (const a of late) expect(delay(a)).toBeLessThanOrEqual(15 * MINUTE);
    for (const a of arrivals.filter((x) => delay(x) < 2 * MINUTE)) {
      expect(delay(a)).toBeGreaterThanOrEqual(1500);
      expect(delay(a)).toBeLessThanOrEqual(60_000);
    }
    expect(late.length / arrivals.length).toBeGreaterThan(0.1);
    expect(late.length / arrivals.length).toBeLessThan(0.32);
    expect(arrivals.every((a) => Number(a.timestamp_received) <= clock.ms)).toBe(true);
  });

  it("shows an alarm in pages, totals and the member route exactly from its received time", async () => {
    clock.ms = ANCHOR + 40 * MINUTE;
    const lateOne = (await readAll(sim, token, "?size=1000"))
      .filter(isLive)
      .find((a) => delay(a) >= 2 * MINUTE)!;
    const received = Number(lateOne.timestamp_received);
    const member = `${sim.url}/api/2.0/alarms/${lateOne.uuid}`;

    clock.ms = received - 1;
    const before = await readAll(sim, token, "?size=1000");
    expect(before.map((a) => a.uuid)).not.toContain(lateOne.uuid);
    expect((await get(member, token)).status).toBe(404);
    // It occurred long before: a newer alarm that was received sooner is already listed.
    expect(
      before.some((a) => Number(a.timestamp_occured) > Number(lateOne.timestamp_occured)),
    ).toBe(true);

    clock.ms = received;
    const after = await getPage(sim, token, "?size=1");
    expect(after.body.page.totalElements).toBe(before.length + 1);
    const res = await get(member, token);
    expect(res.status).toBe(200);
    const alarm = (await res.json()) as MemberAlarm;
    expect(alarm.timestamp_received).toBe(lateOne.timestamp_received);
    expect(alarm.events.map((e) => e.uuid)).toEqual(lateOne.events.map((e) => e.message.uuid));
  });

  it("builds arrivals like generated alarms: same fields, coherent rule, priority and events", async () => {
    clock.ms = ANCHOR + 40 * MINUTE;
    const all = await readAll(sim, token, "?size=1000");
    const arrivals = all.filter(isLive);
    const generated = all.filter((a) => !isLive(a));
    const fieldsOf = (list: Alarm[]) => new Set(list.flatMap((a) => Object.keys(a)));
    expect(fieldsOf(arrivals)).toEqual(fieldsOf(generated));
    for (const a of arrivals) {
      const rule = RULES.find((r) => r.id === a.rule_id)!;
      expect([a.rule_intent, a.rule_strategy, a.rule_method]).toEqual([
        rule.intent,
        rule.strategy,
        rule.method,
      ]);
      expect(Math.abs(a.priority - rule.priority)).toBeLessThanOrEqual(33);
      expect(a.priority_label).toBe(
        a.priority >= 65 ? "high" : a.priority >= 35 ? "medium" : "low",
      );
      expect(a.events).toHaveLength(Math.min(10, a.alarm_events_count));
      expect(a.events.at(-1)!.timeStamp).toBeLessThanOrEqual(Number(a.timestamp_occured));
      // New alarms arrive open (or, like ~2% of all alarms, without a status).
      expect(a.status === "open" || a.status === undefined).toBe(true);
    }
    expect(new Set(arrivals.map((a) => a.rule_id)).size).toBeGreaterThan(10);
  });

  it("sends bursts: several alarms of one rule within seconds", async () => {
    const burstLive = { perMinute: 10, burstChance: 0.5, lateShare: 0, statusChangesPerMinute: 0 };
    const { sim: burstSim, token: burstToken } = await startClocked(
      { alarms: ALARMS, seed: SEED, live: burstLive },
      ANCHOR + 60 * MINUTE,
    );
    const arrivals = (
      await readAll(burstSim, burstToken, "?size=1000&sort=timestamp_occured,asc")
    ).filter(isLive);
    let bursts = 0;
    for (let i = 0; i + 2 < arrivals.length; i++) {
      const [a, , c] = arrivals.slice(i, i + 3) as [Alarm, Alarm, Alarm];
      const sameRule = arrivals.slice(i, i + 3).every((x) => x.rule_id === a.rule_id);
      const span = Number(c.timestamp_occured) - Number(a.timestamp_occured);
      if (sameRule && span <= 10_000) bursts++;
    }
    expect(bursts).toBeGreaterThan(150);
    // With the default burst chance (0.05) such runs are far rarer.
    const calm = (await readAll(sim, token, "?size=1000&sort=timestamp_occured,asc")).filter(
      isLive,
    );
    const calmRuns = calm.filter((a, i) => {
      const run = calm.slice(i, i + 3);
      return (
        run.length === 3 &&
        run.every((x) => x.rule_id === a.rule_id) &&
        Number(run[2]!.timestamp_occured) - Number(a.timestamp_occured) <= 10_000
      );
    });
    expect(calmRuns.length).toBeLessThan(bursts / 3);
  });
});
