import { isIP } from "node:net";
import { expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import {
  GROUP_FIELDS,
  groupTerm,
  narrowSearch,
  type AlarmGroup,
  type GroupField,
} from "@/lib/shared/alarms/groups";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { describeEachEngine } from "@/test/index-db";
import { syncWhole, truthWorld } from "@/test/truth-world";
import type { Alarm } from "@/simulator/test-support";
import { groupAlarms } from "@/lib/server/search/groups";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { searchAlarmPage } from "@/lib/server/search/search";

// Groups against the simulator's own truth: every alarm read from the upstream over HTTP and
// counted by hand per field (multi-valued fields once per value, alarms without one in the
// "none" group), on both engines, after the real sync indexed them. And each group opens
// exactly its alarms: the search its values make (groupTerm) finds as many as it counts.

const world = truthWorld({ alarms: 800, seed: 22 });

const lower = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : null;
const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];

type Endpoint = Record<string, unknown>;
const endpoints = (value: unknown): Endpoint[] =>
  Array.isArray(value) ? (value as Endpoint[]) : [];

/** An alarm's values of one field, as the groups read them: the upstream's JSON by hand. */
function valuesOf(alarm: Alarm, field: GroupField): (string | null)[] {
  const one = (value: string | null) => [value];
  const many = (values: (string | null)[]) => {
    const set = [...new Set(values.filter((v): v is string => v !== null))];
    return set.length > 0 ? set : [null];
  };
  switch (field) {
    case "strategy":
      return one(lower(alarm.rule_strategy));
    case "method":
      return one(lower(alarm.rule_method));
    case "intent":
      return one(lower(alarm.rule_intent));
    case "technique":
      return one(lower(alarm.rule_attack_id));
    case "priority":
      return one(lower(alarm.priority_label));
    case "status":
      return one(lower(alarm.status) ?? "none");
    case "sensor":
      return one(lower(alarm.sensor_uuid));
    case "deployment":
      return one("acme");
    case "src_ip":
      return many(strings(alarm.alarm_sources).filter((a) => isIP(a) !== 0));
    case "dst_ip":
      return many(strings(alarm.alarm_destinations).filter((a) => isIP(a) !== 0));
    case "user":
      return many([lower(alarm.source_username), lower(alarm.destination_username)]);
    case "host":
      return many(
        [...endpoints(alarm.sources), ...endpoints(alarm.destinations)].flatMap((e) =>
          ["name", "hostname", "fqdn", "canonical"]
            .map((key) => lower(e[key]))
            .filter((v): v is string => v !== null && isIP(v) === 0),
        ),
      );
  }
}

/** Counts by hand: each combination of the fields' values, an alarm once in each of its own. */
function truth(alarms: readonly Alarm[], fields: readonly GroupField[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const alarm of alarms) {
    let combos: (string | null)[][] = [[]];
    for (const field of fields) {
      combos = combos.flatMap((combo) => valuesOf(alarm, field).map((v) => [...combo, v]));
    }
    for (const combo of combos) {
      const key = JSON.stringify(combo);
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

const SCOPE = { allowed: ["acme"], deployments: ["acme"] };
const query = (over: Partial<AlarmListQuery> = {}): AlarmListQuery => ({
  ...DEFAULT_QUERY,
  size: 100,
  ...over,
});

/** Every group of a view, page by page, as value combination -> count. */
async function allGroups(db: Kysely<Database>, fields: GroupField[], q?: string) {
  const found = new Map<string, AlarmGroup>();
  const search = q === undefined ? null : parse(q);
  for (let page = 0; ; page++) {
    const result = await groupAlarms(
      db,
      { ...SCOPE, search, query: query({ page, q }), group: fields },
      world.clock.now(),
    );
    for (const group of result.groups) found.set(JSON.stringify(group.values), group);
    if (page + 1 >= result.page.totalPages) return { found, result };
  }
}

function parse(q: string) {
  const parsed = parseSearch(q);
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
  return parsed.query;
}

const counts = (groups: Map<string, AlarmGroup>) =>
  new Map([...groups].map(([key, group]) => [key, group.count]));

describeEachEngine("Groups against the simulator's truth", ({ database }) => {
  it(
    "counts every field's groups as the upstream's alarms say, multi-valued ones once per value",
    { timeout: 180_000 },
    async () => {
      const { db } = database();
      await syncWhole(world, db);
      // The corpus has what the test is about: alarms with several values, and with none.
      expect(world.vendor.some((a) => valuesOf(a, "host").length > 1)).toBe(true);
      expect(world.vendor.some((a) => valuesOf(a, "user")[0] === null)).toBe(true);
      expect(world.vendor.some((a) => a.status === undefined)).toBe(true);

      for (const field of GROUP_FIELDS) {
        const { found, result } = await allGroups(db, [field]);
        expect(counts(found), field).toEqual(truth(world.vendor, [field]));
        expect(result.alarms, field).toBe(world.vendor.length);
      }
      const fields: GroupField[] = ["strategy", "user", "status"];
      const { found } = await allGroups(db, fields);
      expect(counts(found)).toEqual(truth(world.vendor, fields));
    },
  );

  it(
    "opens each group with a search that finds exactly its alarms, and says each group's figures",
    { timeout: 180_000 },
    async () => {
      const { db } = database();
      await syncWhole(world, db);
      for (const field of GROUP_FIELDS) {
        if (field === "deployment") continue;
        const { found } = await allGroups(db, [field]);
        // The largest group, the smallest, and the one without a value where there is one.
        const groups = [...found.values()].sort((a, b) => b.count - a.count);
        const picked = new Set([groups[0]!, groups.at(-1)!]);
        const none = groups.find(
          (group) => group.values[0] === (field === "status" ? "none" : null),
        );
        if (none) picked.add(none);
        for (const group of picked) {
          const term = groupTerm(field, group.values[0]!);
          expect(term, `${field} ${group.values[0]}`).not.toBeNull();
          const page = await searchAlarmPage(
            db,
            { ...SCOPE, search: parse(term!), query: query({ q: term! }) },
            world.clock.now(),
          );
          expect(page.page.totalElements, term!).toBe(group.count);
        }
      }

      // A group's figures, by hand: the most common strategy's.
      const { found } = await allGroups(db, ["strategy"]);
      const top = [...found.values()].sort((a, b) => b.count - a.count)[0]!;
      const mine = world.vendor.filter((a) => lower(a.rule_strategy) === top.values[0]);
      const times = mine.map((a) => Number(a.timestamp_occured));
      expect(top).toMatchObject({
        count: mine.length,
        priority: Math.max(...mine.map((a) => a.priority)),
        first: Math.min(...times),
        last: Math.max(...times),
        statuses: {
          open: mine.filter((a) => a.status === "open").length,
          in_review: mine.filter((a) => a.status === "in_review").length,
          closed: mine.filter((a) => a.status === "closed").length,
          none: mine.filter((a) => !a.status).length,
        },
      });
      expect(top.labels[0]).toBe(mine[0]!.rule_strategy);
    },
  );

  it(
    "groups only the view: its search and filters, within the analyst's deployments, paged",
    { timeout: 180_000 },
    async () => {
      const { db } = database();
      await syncWhole(world, db);
      const now = world.clock.now();
      // A search and a filter narrow the alarms grouped.
      const q = narrowSearch("priority >= 50", ["status:open"])!;
      const { found, result } = await allGroups(db, ["src_ip"], q);
      const view = world.vendor.filter((a) => a.priority >= 50 && a.status === "open");
      expect(counts(found)).toEqual(truth(view, ["src_ip"]));
      expect(result.alarms).toBe(view.length);

      // Paged: most alarms first, the pages adding up to every group once.
      const first = await groupAlarms(
        db,
        { ...SCOPE, search: null, query: query({ size: 10 }), group: ["src_ip"] },
        now,
      );
      const counted = first.groups.map((g) => g.count);
      expect(counted).toEqual([...counted].sort((a, b) => b - a));
      const all = truth(world.vendor, ["src_ip"]);
      expect(first.page.totalElements).toBe(all.size);
      expect(Math.max(...all.values())).toBe(counted[0]);
      const past = await groupAlarms(
        db,
        { ...SCOPE, search: null, query: query({ size: 10, page: 9_999 }), group: ["src_ip"] },
        now,
      );
      expect(past.groups).toEqual([]);
      expect(past.page.totalElements).toBe(all.size);

      // Another deployment asked for, or one the analyst may not see: nothing.
      for (const scope of [
        { allowed: ["acme"], deployments: ["globex"] },
        { allowed: ["globex"], deployments: ["acme"] },
      ]) {
        const none = await groupAlarms(
          db,
          { ...scope, search: null, query: query(), group: ["strategy"] },
          now,
        );
        expect(none.groups).toEqual([]);
        expect(none.alarms).toBe(0);
      }
    },
  );
});
