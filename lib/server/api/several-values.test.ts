import { expect, it } from "vitest";
import { alarmPageSchema } from "@/lib/server/core/shapes";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import { MAX_FILTER_VALUES } from "@/lib/shared/alarms/query";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { Alarm } from "@/simulator/test-support";
import { indexOnlyRegistry } from "@/test/deployment-config";
import { describeEachEngine } from "@/test/index-db";
import { readIndexStatuses } from "@/lib/server/mirror/sync/status";
import { INTERVAL_MS, RETENTION_MS } from "@/test/index-sync";
import { listGets, syncWhole, truthWorld, upstreamCall } from "@/test/truth-world";
import { MATCH_CAP } from "@/lib/server/search/search";
import { alarmList } from "./alarm-routes";
import { respond } from "./route";
import { allList } from "./search-routes";

// Several values of a filter (status=open&status=in_review: any of them), against the
// simulator's own truth on both engines: the upstream filters by one value, so the index answers,
// with every alarm of the view read from the upstream over HTTP and picked by hand. Its count is
// exact past the search's cap, its pages are the hand-sorted ones (deep pages too), and it costs
// the upstream nothing; one value still reads the upstream as before.

const world = truthWorld({ alarms: 3_000, seed: 47 });

const registry = indexOnlyRegistry(["acme"]);

/** The alarms a filter of several values keeps, newest first (then by uuid), by hand. */
function picked(keep: (alarm: Alarm) => boolean): string[] {
  return world.vendor
    .filter(keep)
    .sort(
      (a, b) =>
        Number(b.timestamp_occured) - Number(a.timestamp_occured) ||
        (a.uuid < b.uuid ? -1 : a.uuid > b.uuid ? 1 : 0),
    )
    .map((alarm) => alarm.uuid);
}

/** The most frequent values of a field, most first. */
function mostSeen(field: keyof Alarm, n: number): string[] {
  const counts = new Map<string, number>();
  for (const alarm of world.vendor) {
    const value = alarm[field];
    if (typeof value === "string") counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([value]) => value);
}

describeEachEngine("Several values of a filter", ({ database }) => {
  const now = () => world.clock.now();
  const list = (search: string) =>
    respond("GET /api/d/[deployment]/alarms", () =>
      alarmList(
        new URL(`http://app.test/api/d/acme/alarms?${search}`),
        upstreamCall(world, now),
        false,
        {
          allowed: ["acme"],
          deployments: ["acme"],
          analyst: null,
          database: database(),
          now: now(),
        },
      ),
    );
  const pageOf = async (search: string) => {
    const response = await list(search);
    expect(response.status, search).toBe(200);
    return alarmPageSchema.parse(await response.json());
  };

  it(
    "answers any of the values from the index, exactly as the upstream's alarms picked by hand",
    { timeout: 240_000 },
    async () => {
      const { db } = database();
      await syncWhole(world, db);
      const [s1, s2] = mostSeen("rule_strategy", 2);
      const [m1, m2, m3] = mostSeen("rule_method", 3);
      const sensors = mostSeen("sensor_uuid", 2);
      const views: [string, (alarm: Alarm) => boolean][] = [
        ["status=in_review&status=open", (a) => a.status === "open" || a.status === "in_review"],
        [
          `priority_label=high&priority_label=low&${new URLSearchParams([
            ["rule_strategy", s1!],
            ["rule_strategy", s2!],
          ])}`,
          (a) =>
            (a.priority_label === "high" || a.priority_label === "low") &&
            (a.rule_strategy === s1 || a.rule_strategy === s2),
        ],
        [
          `${new URLSearchParams([
            ["rule_method", m1!],
            ["rule_method", m2!],
            ["rule_method", m3!],
          ])}&status=closed`,
          (a) => [m1, m2, m3].includes(a.rule_method) && a.status === "closed",
        ],
        [
          sensors.map((sensor) => `alarm_sensor_sources=${sensor.toUpperCase()}`).join("&"),
          (a) => sensors.includes(a.sensor_uuid),
        ],
      ];
      const gets = listGets(world);
      for (const [search, keep] of views) {
        const truth = picked(keep);
        expect(truth.length, search).toBeGreaterThan(20);
        const first = await pageOf(search);
        expect(first.source?.kind, search).toBe("index");
        expect(first.page.totalElements, search).toBe(truth.length);
        expect(first.page.totalIsLowerBound, search).toBeUndefined();
        expect(
          first.alarms.map((alarm) => alarm.uuid),
          search,
        ).toEqual(truth.slice(0, 20));
        const last = Math.ceil(truth.length / 50) - 1;
        const deep = await pageOf(`${search}&size=50&page=${last}`);
        expect(
          deep.alarms.map((alarm) => alarm.uuid),
          search,
        ).toEqual(truth.slice(last * 50));
      }
      expect(listGets(world), "no upstream call").toBe(gets);

      // Past the search's cap the count stays exact, and every page is there.
      const search =
        "status=open&status=in_review&status=closed&priority_label=high&priority_label=medium";
      // Every status named: an alarm without one (the upstream may leave it out) is not among them.
      const mostly = picked(
        (a) =>
          a.status !== undefined && (a.priority_label === "high" || a.priority_label === "medium"),
      );
      const page = await pageOf(`${search}&size=100&page=${Math.floor(MATCH_CAP / 100) + 1}`);
      expect(page.page.totalElements).toBe(mostly.length);
      expect(mostly.length).toBeGreaterThan(MATCH_CAP + 200);
      const at = (Math.floor(MATCH_CAP / 100) + 1) * 100;
      expect(page.alarms.map((alarm) => alarm.uuid)).toEqual(mostly.slice(at, at + 100));

      // The list of every deployment reads the same from the index, its count as exact.
      const merged = await respond("GET /api/d/all/alarms", () =>
        allList(new URLSearchParams(search), registry.all(), "tester", {
          database: database(),
          now: now(),
          statuses: (keys) => readIndexStatuses(database().db, keys, now(), INTERVAL_MS),
          retentionMs: RETENTION_MS,
        }),
      );
      const queue = (await merged.json()) as AllListPage;
      expect(queue.source?.kind).toBe("index");
      if (queue.paging !== "pages") throw new Error("the queue answers numbered pages here");
      expect(queue.gaps).toEqual([]);
      expect(queue.page).toMatchObject({ totalElements: mostly.length, number: 0 });
      expect(queue.page.totalIsLowerBound).toBeUndefined();
      expect(queue.alarms.map((alarm) => alarm.uuid)).toEqual(mostly.slice(0, 20));
    },
  );

  it("reads one value from the upstream as before, and refuses wrong values by name", async () => {
    const gets = listGets(world);
    const one = await pageOf("status=open");
    expect(one.source).toBeUndefined();
    expect(listGets(world)).toBe(gets + 1);
    expect(one.page.totalElements).toBe(picked((a) => a.status === "open").length);

    for (const [search, param] of [
      ["status=open&status=shut", "status"],
      [
        Array.from({ length: MAX_FILTER_VALUES + 1 }, (_, i) => `rule_method=m${i}`).join("&"),
        "rule_method",
      ],
      ["suppressed=true&suppressed=false", "suppressed"],
    ] as const) {
      const refused = await list(search);
      expect(refused.status, search).toBe(400);
      expect(parseErrorBody(await refused.json())?.error.param, search).toBe(param);
    }
  });
});
