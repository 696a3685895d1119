import { isIP } from "node:net";
import { expect, it } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { chosenGroupsView } from "@/lib/shared/alarms/chosen-groups";
import { type AlarmGroup, type GroupField } from "@/lib/shared/alarms/groups";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { viewOf } from "@/lib/shared/alarms/view";
import { describeEachEngine } from "@/test/index-db";
import { syncWhole, truthWorld } from "@/test/truth-world";
import type { Alarm } from "@/simulator/test-support";
import { groupAlarms } from "@/lib/server/search/groups";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { searchAlarmPage } from "@/lib/server/search/search";

// The groups an analyst ticks on a grouped list, narrowed to one view for a bulk action
// (lib/shared/alarms/chosen-groups.ts): on both engines, after the real sync, that view finds
// exactly the alarms of those groups, within the list's own search, counted by hand from the
// upstream's JSON: the sum of their counts where an alarm holds one value, each alarm once
// where it holds several.

const world = truthWorld({ alarms: 400, seed: 37 });
const SCOPE = { allowed: ["acme"], deployments: ["acme"] };
const query = (over: Partial<AlarmListQuery> = {}): AlarmListQuery => ({
  ...DEFAULT_QUERY,
  size: 100,
  ...over,
});

function parse(q: string) {
  const parsed = parseSearch(q);
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
  return parsed.query;
}

const lower = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim().toLowerCase() : null;

/** The first page of a view's groups of `field`, most alarms first. */
async function groupsOf(db: Kysely<Database>, field: GroupField, q?: string) {
  const search = q === undefined ? null : parse(q);
  const page = await groupAlarms(
    db,
    { ...SCOPE, search, query: query({ q }), group: [field] },
    world.clock.now(),
  );
  return page.groups;
}

/** How many alarms the view narrowed to `groups` finds. */
async function countChosen(
  db: Kysely<Database>,
  field: GroupField,
  groups: readonly Pick<AlarmGroup, "values">[],
  q?: string,
) {
  const view = chosenGroupsView(
    viewOf(query({ q })),
    field,
    groups.map((group) => group.values[0]!),
  );
  expect(view, field).not.toBeNull();
  const narrowed = view!.query.q!;
  const page = await searchAlarmPage(
    db,
    { ...SCOPE, search: parse(narrowed), query: query({ q: narrowed }) },
    world.clock.now(),
  );
  return page.page.totalElements;
}

type Endpoint = Record<string, unknown>;
const endpoints = (value: unknown): Endpoint[] =>
  Array.isArray(value) ? (value as Endpoint[]) : [];

/** An alarm's hosts, as the groups read them (lib/server/search/groups.test.ts says so too). */
const hosts = (alarm: Alarm): Set<string> =>
  new Set(
    [...endpoints(alarm.sources), ...endpoints(alarm.destinations)].flatMap((e) =>
      ["name", "hostname", "fqdn", "canonical"]
        .map((key) => lower(e[key]))
        .filter((v): v is string => v !== null && isIP(v) === 0),
    ),
  );

describeEachEngine("A bulk action's view of the groups ticked", ({ database }) => {
  it(
    "finds exactly the alarms of the groups ticked, within the view's own search",
    { timeout: 180_000 },
    async () => {
      const { db } = database();
      await syncWhole(world, db);

      // One value an alarm: the ticked groups' counts add up, the group without one included.
      const strategies = await groupsOf(db, "strategy");
      const two = [strategies[0]!, strategies.at(-1)!];
      expect(await countChosen(db, "strategy", two)).toBe(two[0]!.count + two[1]!.count);
      const statuses = await groupsOf(db, "status");
      expect(statuses.length).toBeGreaterThan(2);
      expect(await countChosen(db, "status", statuses)).toBe(world.vendor.length);

      // Several values an alarm (its hosts): each alarm once, by hand.
      const both = world.vendor.find((a) => hosts(a).size >= 2);
      expect(both, "an alarm with several hosts").toBeDefined();
      const names = new Set([...hosts(both!)].slice(0, 2));
      const holding = (name: string) => world.vendor.filter((a) => hosts(a).has(name));
      const truth = world.vendor.filter((a) => [...hosts(a)].some((h) => names.has(h))).length;
      const sum = [...names].reduce((total, name) => total + holding(name).length, 0);
      expect(truth).toBeLessThan(sum);
      const ticked = [...names].map((name) => ({ values: [name] }));
      expect(await countChosen(db, "host", ticked)).toBe(truth);

      // Within a view that searches with an OR of its own.
      const q = "status:open OR status:in_review";
      const within = await groupsOf(db, "strategy", q);
      const pair = within.slice(0, 2);
      expect(await countChosen(db, "strategy", pair, q)).toBe(pair[0]!.count + pair[1]!.count);
      const open = world.vendor.filter(
        (a) =>
          (a.status === "open" || a.status === "in_review") &&
          pair.some((group) => group.values[0] === lower(a.rule_strategy)),
      );
      expect(pair[0]!.count + pair[1]!.count).toBe(open.length);
    },
  );
});
