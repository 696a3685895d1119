import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { readIndexStatuses } from "@/lib/server/mirror/sync/status";
import { MemoryStore } from "@/lib/server/store/memory";
import { parseAlarmListQuery } from "@/lib/shared/alarms/query";
import type {
  DimensionOverview,
  HistogramOverview,
  OverviewSection,
} from "@/lib/shared/overview/types";
import type { Alarm } from "@/simulator/test-support";
import { describeEachEngine, emptyIndex } from "@/test/index-db";
import { INTERVAL_MS } from "@/test/index-sync";
import { listGets, syncWhole, truthWorld, upstreamCall } from "@/test/truth-world";
import { alarmOverview, allOverview } from "./overview-routes";
import { respond } from "./route";
import { searchList } from "./search-routes";

// A view's overview against the simulator's own alarms, on both engines: every alarm is in one
// status (those the upstream gave none are "none"), so the statuses add up to the view's alarms,
// from the index and from the upstream's counts alike; and a view with a search (`q`) has the
// overview of its matches, from the index, as its list finds them, at no upstream cost.

const world = truthWorld({ alarms: 1_000, seed: 36 });

afterEach(() => vi.restoreAllMocks());

const now = () => world.clock.now();
const STATUS_VALUES = ["open", "in_review", "closed", "none"] as const;

/** The vendor's alarms by status, those without one as "none", in the overview's order. */
function byStatus(alarms: readonly Alarm[]) {
  return STATUS_VALUES.map((value) => ({
    value,
    count: alarms.filter((alarm) => (alarm.status ?? "none") === value).length,
  }));
}

describeEachEngine("A view's overview", ({ database }) => {
  // Each test's index is emptied first (describeEachEngine): acme synced whole again.
  beforeEach(async () => {
    await syncWhole(world, database().db);
  }, 120_000);

  const index = () => ({
    database: database(),
    now: now(),
    statuses: (keys: readonly string[]) =>
      readIndexStatuses(database().db, keys, now(), INTERVAL_MS),
    store: new MemoryStore(),
  });
  /** A section of acme's view, as the queue of every deployment reads it (always the index). */
  const fromIndex = async (search: string) =>
    (await allOverview(
      new URL(`http://app.test/api/d/all/alarms/overview?deployments=acme&${search}`),
      ["acme"],
      index(),
    )) as OverviewSection;
  const call = () => upstreamCall(world, now);
  /** A section of acme's own view (the upstream's counts, this process's index being off). */
  const ofDeployment = (search: string) =>
    respond("GET /api/d/[deployment]/alarms/overview", () =>
      alarmOverview(
        new URL(`http://app.test/api/d/acme/alarms/overview?${search}`),
        call(),
        undefined,
        "acme",
        index(),
      ),
    );

  it("puts every alarm in one status, those without one as none: the counts add up to all", async () => {
    const expected = byStatus(world.vendor);
    expect(expected.at(-1)!.count).toBeGreaterThan(0);
    const indexed = (await fromIndex("part=status")) as DimensionOverview;
    expect(indexed.counts).toEqual(expected);
    expect(indexed.rest).toBeNull();
    const upstream = (await (await ofDeployment("part=status")).json()) as DimensionOverview;
    expect(upstream.counts).toEqual(expected);
    expect(upstream.problem).toBeNull();
    expect(upstream.rest).toBeNull();

    // Filtered by none, the other sections count those alarms: from the index only.
    const priority = (await fromIndex("part=priority&status=none")) as DimensionOverview;
    const counted = priority.counts.reduce((sum, entry) => sum + entry.count!, 0);
    expect(counted + (priority.rest?.count ?? 0)).toBe(expected.at(-1)!.count);
    vi.spyOn(console, "warn").mockImplementation(() => undefined); // the 503's log line
    const refused = await ofDeployment("part=priority&status=none");
    expect(refused.status).toBe(503);
    expect(await refused.json()).toMatchObject({
      error: { code: "index_unavailable", param: "status" },
    });
  });

  it("counts a search's matches from the index, as its list finds them, at no upstream cost", async () => {
    const strategy = world.vendor.find((alarm) => alarm.status === undefined)!.rule_strategy;
    const q = `rule_strategy:"${strategy}" AND priority >= 40`;
    const matches = world.vendor.filter(
      (alarm) => alarm.rule_strategy === strategy && alarm.priority >= 40,
    );
    expect(matches.length).toBeGreaterThan(1);
    const search = `q=${encodeURIComponent(q)}`;
    const gets = listGets(world);

    const { query } = parseAlarmListQuery(new URLSearchParams(search));
    const list = await searchList(
      query,
      { allowed: ["acme"], deployments: ["acme"], analyst: null },
      { database: database(), now: now() },
    );
    expect(list.page.totalElements).toBe(matches.length);

    for (const read of [
      fromIndex,
      async (s: string) => (await (await ofDeployment(s)).json()) as OverviewSection,
    ]) {
      const status = (await read(`part=status&${search}`)) as DimensionOverview;
      expect(status.counts).toEqual(byStatus(matches));
      expect(status.source).toMatchObject({ kind: "index" });
      expect(status.source?.partial).toBeUndefined(); // acme held whole: exact
      const intent = (await read(`part=intent&${search}`)) as DimensionOverview;
      const intents = intent.counts.reduce((sum, entry) => sum + entry.count!, 0);
      expect(intents + (intent.rest?.count ?? 0)).toBe(matches.length);
      const histogram = (await read(`part=histogram&${search}`)) as HistogramOverview;
      expect(histogram.bars.reduce((sum, bar) => sum + bar.count!, 0)).toBe(matches.length);
      // The search and a filter together: the search's matches the filter keeps.
      const open = (await read(`part=priority&status=open&${search}`)) as DimensionOverview;
      const openCount = open.counts.reduce((sum, entry) => sum + entry.count!, 0);
      expect(openCount + (open.rest?.count ?? 0)).toBe(
        matches.filter((alarm) => alarm.status === "open").length,
      );
    }
    expect(listGets(world)).toBe(gets);

    // Before the index holds acme, a search's overview says its counts are at least these.
    await emptyIndex(database());
    const early = (await (await ofDeployment(`part=status&${search}`)).json()) as OverviewSection;
    expect(early.source).toMatchObject({ kind: "index", indexedUpTo: null, partial: true });

    const wrong = await ofDeployment("part=status&q=colour%3Ared");
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ error: { param: "q" } });
  });
});
