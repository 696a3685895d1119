// Live mode: paging over the generated alarms and the live ones together keeps every rule of a
// still data set: one order per sort, ties broken the documented way (live alarms count as newer
// than every generated one), filters applied alike, every alarm exactly once.
import { describe, expect, it } from "vitest";
import { alarmIndexOf } from "./alarm-id";
import { SIM_SORT_FIELDS } from "./index";
import { ANCHOR, Alarm, getPage, readAll, startClocked, startWithToken } from "./test-support";

type Field = (typeof SIM_SORT_FIELDS)[number];
type Direction = "asc" | "desc";

const SEED = 5;
const ALARMS = 300;
const MINUTE = 60_000;
const options = { alarms: ALARMS, seed: SEED };
const live = { perMinute: 15, lateShare: 0.3, burstChance: 0.3, statusChangesPerMinute: 0 };
const { sim, token, clock } = await startClocked(
  { ...options, live, admin: true },
  ANCHOR + 30 * MINUTE,
);
const { sim: still, token: stillToken } = await startWithToken(options);

// Admin-added alarms that tie with generated ones on every sort key, two that tie with each
// other, and one not received yet (never listed).
const generatedByTime = await readAll(still, stillToken, "?size=1000");
for (const twin of [0, 1, 120, 299].map((i) => generatedByTime[i]!)) {
  for (let copies = 0; copies < 2; copies++) {
    sim.addAlarm({
      timestamp_occured: twin.timestamp_occured,
      timestamp_received: twin.timestamp_received,
      priority: twin.priority,
      status: (twin.status ?? "open") as "open",
      rule_method: twin.rule_method,
    });
  }
}
const unreceived = sim.addAlarm({ timestamp_received: clock.ms + MINUTE });

const isLive = (a: Alarm) => alarmIndexOf(SEED, a.uuid) >= ALARMS;
const index = (a: Alarm) => alarmIndexOf(SEED, a.uuid);

function key(a: Alarm, field: Field): number | string {
  if (field === "timestamp_occured" || field === "timestamp_received") return Number(a[field]);
  if (field === "priority") return a.priority;
  if (field === "status") return a.status ?? "";
  return a[field];
}

/** The documented order, built independently: generated alarms keep the still set's order. */
async function expectedOrder(field: Field, dir: Direction, all: Alarm[]): Promise<Alarm[]> {
  const stillOrder = await readAll(still, stillToken, `?size=1000&sort=${field},${dir}`);
  const position = new Map(stillOrder.map((a, i) => [a.uuid, i]));
  const sign = dir === "desc" ? -1 : 1;
  // Times reverse fully (the newer last in asc); other fields put the newer first both ways.
  const newerLast = field.startsWith("timestamp") && dir === "asc" ? 1 : -1;
  return [...all].sort((a, b) => {
    const [ka, kb] = [key(a, field), key(b, field)];
    if (ka !== kb) return sign * (ka < kb ? -1 : 1);
    if (isLive(a) && isLive(b)) return newerLast * (index(a) - index(b));
    if (isLive(a) !== isLive(b)) return (isLive(a) ? 1 : -1) * newerLast;
    return position.get(a.uuid)! - position.get(b.uuid)!;
  });
}

const everything = await readAll(sim, token, "?size=1000");
const liveCount = everything.filter(isLive).length;
const sample = everything.find((a) => isLive(a) && a.status === "open")!;

const cases = SIM_SORT_FIELDS.flatMap((field) =>
  (["asc", "desc"] as const).map((dir) => [field, dir] as [Field, Direction]),
);

describe("paging with live alarms", () => {
  it("holds generated, arrived and admin-added alarms, but nothing not yet received", () => {
    expect(everything.length).toBe(ALARMS + liveCount);
    expect(liveCount).toBeGreaterThan(300);
    expect(everything.filter((a) => index(a) >= 0x8000_0000)).toHaveLength(8);
    expect(everything.map((a) => a.uuid)).not.toContain(unreceived.uuid);
    expect(new Set(everything.map((a) => a.uuid)).size).toBe(everything.length);
  });

  it.each(cases)("walks every page of sort=%s,%s in the documented order", async (field, dir) => {
    const expected = (await expectedOrder(field, dir, everything)).map((a) => a.uuid);
    const walked = await readAll(sim, token, `?size=17&sort=${field},${dir}`);
    expect(walked.map((a) => a.uuid)).toEqual(expected);
    const { body } = await getPage(sim, token, `?size=17&page=3&sort=${field},${dir}`);
    expect(body.page).toEqual({
      size: 17,
      totalElements: expected.length,
      totalPages: Math.ceil(expected.length / 17),
      number: 3,
    });
  });

  const filters: Array<[string, Field, Direction, (a: Alarm) => boolean]> = [
    ["status=open", "priority", "desc", (a) => a.status === "open"],
    ["priority_label=high", "timestamp_received", "asc", (a) => a.priority >= 65],
    [
      "rule_intent=Delivery%20%26%20Attack",
      "rule_method",
      "desc",
      (a) => a.rule_intent === "Delivery & Attack",
    ],
    ["suppressed=false", "status", "desc", (a) => !a.suppressed],
    [
      `alarm_sensor_sources=${sample.sensor_uuid}`,
      "rule_strategy",
      "asc",
      (a) => a.sensor_uuid === sample.sensor_uuid,
    ],
    [
      `timestamp_occured_gte=${ANCHOR - 2 * 86_400_000}`,
      "timestamp_occured",
      "asc",
      (a) => Number(a.timestamp_occured) >= ANCHOR - 2 * 86_400_000,
    ],
    // After the anchor only live alarms exist: the generated set is not even walked.
    [
      `timestamp_occured_gte=${ANCHOR + 1}&status=open`,
      "status",
      "asc",
      (a) => Number(a.timestamp_occured) >= ANCHOR + 1 && a.status === "open",
    ],
    [
      `timestamp_occured_lte=${sample.timestamp_occured}&priority_label=medium`,
      "timestamp_occured",
      "desc",
      (a) =>
        Number(a.timestamp_occured) <= Number(sample.timestamp_occured) &&
        a.priority_label === "medium",
    ],
  ];

  it.each(filters)(
    "filters %s (sort %s,%s) over both kinds alike",
    async (query, field, dir, keep) => {
      const expected = (await expectedOrder(field, dir, everything))
        .filter(keep)
        .map((a) => a.uuid);
      expect(expected.some((uuid) => isLive(everything.find((a) => a.uuid === uuid)!))).toBe(true);
      const walked = await readAll(sim, token, `?size=9&sort=${field},${dir}&${query}`);
      expect(walked.map((a) => a.uuid)).toEqual(expected);
      const { body } = await getPage(sim, token, `?size=9&sort=${field},${dir}&${query}`);
      expect(body.page.totalElements).toBe(expected.length);
    },
  );

  it("answers a page past the end as a still set does", async () => {
    const total = everything.length;
    const { status, body } = await getPage(
      sim,
      token,
      `?size=50&page=${Math.ceil(total / 50) + 2}`,
    );
    expect(status).toBe(200);
    expect(body._embedded).toBeUndefined();
    expect(body.page.totalElements).toBe(total);
    expect(body._links.next).toBeUndefined();
  });
});
