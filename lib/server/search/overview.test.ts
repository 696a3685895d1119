import { expect, it } from "vitest";
import {
  DEFAULT_QUERY,
  type AlarmFilters,
  type AlarmListQuery,
  type MultiKey,
} from "@/lib/shared/alarms/query";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { DIMENSION_FILTER, OVERVIEW_PARTS, type OverviewPart } from "@/lib/shared/overview/plan";
import type { OverviewSection } from "@/lib/shared/overview/types";
import { readOverviewPart } from "@/lib/server/overview/read";
import { describeEachEngine } from "@/test/index-db";
import { listGets, syncWhole, truthWorld, upstreamCall } from "@/test/truth-world";
import { indexedOverviewPart } from "@/lib/server/search/overview";

// The overview from the index against the upstream's own counts: for a deployment the index
// holds whole, every section (priority, status, intent, the histogram at an hour's, a day's and
// a month's range, with and without filters) says exactly what the upstream's size=1 counts
// say, on both engines, and costs the upstream nothing (the simulator's stats count its GETs).

const world = truthWorld({ alarms: 2_000, seed: 31 });

const VIEWS: { name: string; filters: AlarmFilters }[] = [
  { name: "everything", filters: {} },
  { name: "the last day, open", filters: { range: "24h", status: ["open"] } },
  { name: "the last 30 days, high", filters: { range: "30d", priority_label: ["high"] } },
  { name: "the last hour", filters: { range: "1h" } },
  { name: "an intent, suppressed or not", filters: { rule_intent: ["Delivery & Attack"] } },
];

/**
 * A section without when it was read, or where from: what both sources must agree on. Intents
 * come from the index as the view's own, most alarms first; upstream as the catalogue's, in its
 * order, with zeros: the same intents and counts, zeros aside.
 */
function figures(section: OverviewSection) {
  const { readAt: _readAt, source: _source, ...rest } = section;
  void _readAt;
  void _source;
  if (rest.part !== "intent") return rest;
  const counts = rest.counts.filter((entry) => entry.count !== 0);
  return { ...rest, counts: counts.sort((a, b) => (a.value < b.value ? -1 : 1)) };
}

/**
 * Acme synced whole into `db`, and its sections from there as of one moment, each checked to
 * cost the upstream nothing; `call` reads the upstream's own counts as of the same moment.
 */
async function synced(db: Kysely<Database>) {
  await syncWhole(world, db);
  const now = world.clock.now();
  const source = { kind: "index" as const, indexedUpTo: now };
  return {
    call: upstreamCall(world, () => now),
    fromIndex: async (part: OverviewPart, query: AlarmListQuery, what: string) => {
      const gets = listGets(world);
      const indexed = await indexedOverviewPart(db, ["acme"], part, query, now, source);
      expect(listGets(world), `${what} ${part}: no upstream call`).toBe(gets);
      expect(indexed.source).toEqual(source);
      return indexed;
    },
  };
}

describeEachEngine("The overview from the index", ({ database }) => {
  it("says what the upstream's counts say, at no upstream cost", { timeout: 240_000 }, async () => {
    const { call, fromIndex } = await synced(database().db);
    for (const { name, filters } of VIEWS) {
      const query: AlarmListQuery = { ...DEFAULT_QUERY, filters };
      for (const part of OVERVIEW_PARTS) {
        const indexed = await fromIndex(part, query, name);
        const upstream = await readOverviewPart(part, query, call);
        expect(figures(indexed), `${name} ${part}`).toEqual(figures(upstream));
      }
    }
  });
});

/** Sections of one part added up: each count, bar and rest the sum of theirs. */
function summed(sections: OverviewSection[]): OverviewSection {
  const add = (counts: (number | null)[]) =>
    counts.some((count) => count === null)
      ? null
      : counts.reduce<number>((sum, count) => sum + count!, 0);
  const first = sections[0]!;
  if (first.part === "histogram") {
    const bars = sections.map((section) => (section.part === "histogram" ? section.bars : []));
    return {
      ...first,
      bars: first.bars.map((bar, at) => ({ ...bar, count: add(bars.map((b) => b[at]!.count)) })),
    };
  }
  const dimensions = sections.flatMap((section) => (section.part === "histogram" ? [] : [section]));
  const values = [...new Set(dimensions.flatMap((section) => section.counts.map((c) => c.value)))];
  const countOf = (section: (typeof dimensions)[number], value: string) =>
    section.counts.find((c) => c.value === value)?.count ?? 0;
  const rests = dimensions.map((section) => section.rest);
  return {
    ...first,
    counts: values.map((value) => ({
      value,
      count: add(dimensions.map((section) => countOf(section, value))),
    })),
    rest: rests.every((rest) => rest === null)
      ? null
      : { count: add(rests.map((rest) => rest?.count ?? 0)) },
  };
}

describeEachEngine("The overview of several values of a filter", ({ database }) => {
  it(
    "counts any of the values: the sum of the upstream's counts of each, at no upstream cost",
    { timeout: 240_000 },
    async () => {
      const { call, fromIndex } = await synced(database().db);
      const several: [MultiKey, string[]][] = [
        ["status", ["open", "in_review"]],
        ["priority_label", ["high", "low"]],
        ["rule_intent", ["Delivery & Attack", "Reconnaissance & Probing"]],
      ];
      for (const [key, values] of several) {
        // A range, so that every view's histogram has the same bars.
        const filters: AlarmFilters = { range: "30d", [key]: values };
        const query: AlarmListQuery = { ...DEFAULT_QUERY, filters };
        for (const part of OVERVIEW_PARTS) {
          const indexed = await fromIndex(part, query, key);
          const own = part !== "histogram" && DIMENSION_FILTER[part] === key;
          // A dimension leaves its own filter out: its counts are the view's without it.
          const upstream = own
            ? await readOverviewPart(part, { ...query, filters: { range: "30d" } }, call)
            : summed(
                await Promise.all(
                  values.map((value) =>
                    readOverviewPart(
                      part,
                      { ...query, filters: { range: "30d", [key]: [value] } },
                      call,
                    ),
                  ),
                ),
              );
          expect(figures(indexed), `${key} ${part}`).toEqual(figures(upstream));
        }
      }
    },
  );
});
