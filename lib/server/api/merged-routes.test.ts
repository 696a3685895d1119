import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { orderTerms } from "@/lib/server/index/search";
import { readIndexStatuses } from "@/lib/server/index/sync/status";
import { MemoryStore } from "@/lib/server/store/memory";
import { createUsmClient } from "@/lib/server/usm";
import type { MergedQueuePage } from "@/lib/shared/alarms/merged-types";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { parseErrorBody } from "@/lib/shared/core/errors";
import type { OverviewSection, DimensionOverview } from "@/lib/shared/overview/types";
import { getToken, readAll, type Alarm } from "@/simulator/test-support";
import { simulatedDeployment } from "@/test/deployment-config";
import { describeEachEngine } from "@/test/index-db";
import {
  INTERVAL_MS,
  RETENTION_MS,
  SYNC_CLIENT,
  startSyncWorld,
  stepUntil,
  syncWorker,
  type SyncWorld,
} from "@/test/index-sync";
import { mergedOverview } from "./overview-routes";
import { respond } from "./route";
import { mergedList } from "./search-routes";

// The queue of every deployment from the index, against the simulators' own truth on both
// engines: two deployments synced by the real sync over HTTP, every alarm of each read from its
// upstream and ordered by hand. Numbered pages in any order (deep ones too) are the hand-sorted
// ones, counts exact, at no upstream cost; a deployment still backfilling is named with what is
// missing (never silently); with nothing indexed yet, or without the index, the plain queue reads
// each upstream by time as before, and what only the index answers says so.

const KEYS = ["acme", "globex"] as const;
type Key = (typeof KEYS)[number];
const worlds = {} as Record<Key, SyncWorld>;
const vendor = {} as Record<Key, Alarm[]>;
let registry: DeploymentRegistry;

beforeAll(async () => {
  [worlds.acme, worlds.globex] = await Promise.all([
    startSyncWorld({ alarms: 500, seed: 61 }),
    startSyncWorld({ alarms: 300, seed: 62 }),
  ]);
  for (const key of KEYS) {
    vendor[key] = await readAll(
      worlds[key].sim,
      await getToken(worlds[key].sim, SYNC_CLIENT),
      "?size=1000",
    );
  }
  const store = new MemoryStore();
  registry = new DeploymentRegistry(
    KEYS.map((key) => simulatedDeployment(key, worlds[key].sim, SYNC_CLIENT)),
    (config) => createUsmClient({ ...config, deployment: config.key, cacheTtlMs: 0, store }),
  );
}, 60_000);

const now = () => worlds.acme.clock.now();
const upstreamGets = () =>
  KEYS.reduce((sum, key) => sum + worlds[key].sim.stats().byRoute.alarms, 0);

/** Steps `key`'s sync until its backfill is done, or for `steps` steps. */
async function sync(key: Key, db: Kysely<Database>, steps?: number) {
  const running = syncWorker(worlds[key], db, { deployment: key, pageSize: 100 });
  if (steps !== undefined) {
    for (let n = 0; n < steps; n++) await running.step();
    return;
  }
  await stepUntil(running, async () => {
    const row = await db
      .selectFrom("index_sync")
      .select("state")
      .where("deployment", "=", key)
      .executeTakeFirst();
    return (row?.state as { backfill?: unknown } | undefined)?.backfill === null;
  });
}

type Row = { key: string; alarm: Alarm };

/** A vendor alarm's value of an order's column (lib/server/index/search's COLUMN), by hand. */
function valueOf({ key, alarm }: Row, column: string): number | string | null {
  switch (column) {
    case "occurred_at":
      return Number(alarm.timestamp_occured);
    case "received_at":
      return alarm.timestamp_received === undefined ? null : Number(alarm.timestamp_received);
    case "priority":
      return Number(alarm.priority);
    case "status":
      return (alarm.status as string | undefined) ?? null;
    case "rule_intent":
    case "rule_method":
      return (alarm[column] as string | undefined) ?? null;
    case "deployment":
      return key;
    case "uuid":
      return alarm.uuid;
    default:
      throw new Error(`no column ${column} in this test`);
  }
}

/** Every alarm of both upstreams that `keep` keeps, in the list's order for `sort`, by hand. */
function truth(sort: AlarmListQuery["sort"], keep: (alarm: Alarm) => boolean = () => true) {
  const rows: Row[] = KEYS.flatMap((key) =>
    vendor[key].filter(keep).map((alarm) => ({ key, alarm })),
  );
  const terms = orderTerms(sort);
  rows.sort((a, b) => {
    for (const term of terms) {
      const [x, y] = [valueOf(a, term.column), valueOf(b, term.column)];
      if (x === y) continue;
      if (x === null) return term.nullsLast ? 1 : -1;
      if (y === null) return term.nullsLast ? -1 : 1;
      return (x < y ? -1 : 1) * (term.desc ? -1 : 1);
    }
    return 0;
  });
  return rows.map(({ key, alarm }) => `${key}/${alarm.uuid}`);
}

/** Both upstreams in the time-paged queue's order: newest first, then deployment and uuid, down. */
function timeQueue(): string[] {
  return KEYS.flatMap((key) => vendor[key].map((alarm) => ({ key, alarm })))
    .sort(
      (a, b) =>
        Number(b.alarm.timestamp_occured) - Number(a.alarm.timestamp_occured) ||
        (a.key < b.key ? 1 : a.key > b.key ? -1 : a.alarm.uuid < b.alarm.uuid ? 1 : -1),
    )
    .map(({ key, alarm }) => `${key}/${alarm.uuid}`);
}

describeEachEngine("GET /api/d/all/alarms from the index", ({ engine, database, server }) => {
  const statuses = (keys: readonly string[]) =>
    readIndexStatuses(database().db, keys, now(), INTERVAL_MS);
  const queue = async (search: string, allowed: readonly string[] = KEYS) => {
    const visible = registry.all().filter((deployment) => allowed.includes(deployment.key));
    return respond("GET /api/d/all/alarms", () =>
      mergedList(new URLSearchParams(search), visible, "tester", {
        database: database(),
        now: now(),
        statuses,
        retentionMs: RETENTION_MS,
      }),
    );
  };
  const page = async (search: string) => {
    const response = await queue(search);
    expect(response.status, search).toBe(200);
    return (await response.json()) as MergedQueuePage;
  };
  const keysOf = (answer: MergedQueuePage) =>
    answer.alarms.map((alarm) => `${alarm.deployment}/${alarm.uuid}`);

  beforeEach(() => {
    for (const key of KEYS) worlds[key].sim.reset();
  });

  it("pages every deployment in the list's order, any order, deep pages too, exactly counted, at no upstream cost", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const total = vendor.acme.length + vendor.globex.length;
    const gets = upstreamGets();
    for (const sort of [
      "timestamp_occured,desc",
      "timestamp_occured,asc",
      "priority,desc",
      "priority,asc",
      "status,asc",
      "status,desc",
      "timestamp_received,desc",
      "rule_method,asc",
      "rule_intent,desc",
    ]) {
      const [field, direction] = sort.split(",") as [
        AlarmListQuery["sort"]["field"],
        "asc" | "desc",
      ];
      const expected = truth({ field, direction });
      for (const number of [0, 1, 17, 39]) {
        const answer = await page(`sort=${sort}&size=20&page=${number}`);
        if (answer.paging !== "pages") throw new Error("numbered pages from the index");
        expect(answer.page).toMatchObject({ number, totalElements: total, totalPages: 40 });
        expect(answer.page.totalIsLowerBound).toBeUndefined();
        expect(answer.gaps).toEqual([]);
        expect(keysOf(answer), `${sort} page ${number}`).toEqual(
          expected.slice(number * 20, number * 20 + 20),
        );
      }
    }
    expect(upstreamGets(), "the index answered: no upstream read").toBe(gets);
    // Both deployments take part, each row tagged with its own.
    const first = await page("size=100");
    expect(new Set(first.alarms.map((alarm) => alarm.deployment))).toEqual(new Set(KEYS));
  });

  it("filters with several values across deployments, and reads only the deployments named", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const keep = (alarm: Alarm) =>
      (alarm.status === "open" || alarm.status === "in_review") && alarm.priority_label === "high";
    const expected = truth({ field: "timestamp_occured", direction: "desc" }, keep);
    const answer = await page("status=open&status=in_review&priority_label=high&size=50");
    if (answer.paging !== "pages") throw new Error("numbered pages from the index");
    expect(answer.page.totalElements).toBe(expected.length);
    expect(keysOf(answer)).toEqual(expected.slice(0, 50));

    const globex = await page("deployments=globex&size=100");
    if (globex.paging !== "pages") throw new Error("numbered pages from the index");
    expect(globex.deployments).toEqual(["globex"]);
    expect(globex.page.totalElements).toBe(vendor.globex.length);
    expect(globex.alarms.every((alarm) => alarm.deployment === "globex")).toBe(true);

    // A deployment the analyst may not see is refused by name, never read.
    const refused = await queue("deployments=globex", ["acme"]);
    expect(refused.status).toBe(400);
    expect(parseErrorBody(await refused.json())?.error.param).toBe("deployments");
    const mine = await (await queue("size=100", ["acme"])).json();
    expect((mine as MergedQueuePage).alarms.every((alarm) => alarm.deployment === "acme")).toBe(
      true,
    );
  });

  it("names a deployment whose backfill still reads the past, with what is missing, and not where the view lies within what it holds", async () => {
    await sync("acme", database().db);
    await sync("globex", database().db, 2); // its newest 200 of 300
    const answer = await page("size=20");
    if (answer.paging !== "pages") throw new Error("numbered pages from the index");
    expect(answer.gaps).toHaveLength(1);
    const [gap] = answer.gaps;
    expect(gap).toMatchObject({
      deployment: "globex",
      state: "backfilling",
      whole: false,
      newerThan: null,
    });
    const heldFrom = gap!.olderThan!;
    const globexHeld = vendor.globex.filter((a) => Number(a.timestamp_occured) >= heldFrom).length;
    expect(globexHeld).toBeLessThan(vendor.globex.length);
    // The count is what the index holds, said as "or more"; the newest rows are all there.
    expect(answer.page.totalIsLowerBound).toBe(true);
    expect(answer.page.totalElements).toBeGreaterThanOrEqual(vendor.acme.length + globexHeld - 1);
    expect(answer.page.totalElements).toBeLessThan(vendor.acme.length + vendor.globex.length);
    expect(keysOf(answer)).toEqual(
      truth({ field: "timestamp_occured", direction: "desc" }).slice(0, 20),
    );

    // A range within what it holds: complete, no gap, exact.
    const gte = heldFrom + 1;
    const within = await page(`timestamp_occured_gte=${gte}&size=100`);
    if (within.paging !== "pages") throw new Error("numbered pages from the index");
    expect(within.gaps).toEqual([]);
    const expected = truth(
      { field: "timestamp_occured", direction: "desc" },
      (alarm) => Number(alarm.timestamp_occured) >= gte,
    );
    expect(within.page).toMatchObject({ totalElements: expected.length });
    expect(within.page.totalIsLowerBound).toBeUndefined();
    expect(keysOf(within)).toEqual(expected.slice(0, 100));
  });

  it("reads each upstream by time while nothing is indexed yet, but answers an order from the index, saying what it lacks", async () => {
    const gets = upstreamGets();
    const plain = await page("size=20");
    expect(plain.paging).toBe("cursor");
    expect(upstreamGets()).toBeGreaterThan(gets);
    expect(keysOf(plain)).toEqual(timeQueue().slice(0, 20));
    expect(plain.paging === "cursor" && plain.indexUnavailable).toBe(
      "Nothing of these deployments is indexed yet.",
    );
    // Its Older link reads each upstream too, never the empty index.
    if (plain.paging !== "cursor" || !plain.older) throw new Error("a place in the time queue");
    const older = await page(`size=20&cursor=${plain.older}`);
    expect(older.paging === "cursor" && older.source).toBeUndefined();
    expect(keysOf(older)).toEqual(timeQueue().slice(20, 40));
    const sorted = await page("sort=priority,desc");
    if (sorted.paging !== "pages") throw new Error("an order is the index's to answer");
    expect(sorted.gaps.map((gap) => [gap.deployment, gap.whole])).toEqual([
      ["acme", true],
      ["globex", true],
    ]);
    expect(sorted.page.totalIsLowerBound).toBe(true);
  });

  it("walks a link's place by cursor from the index once it holds the deployments", async () => {
    const before = await page("size=20"); // nothing indexed yet: each upstream, by time
    if (before.paging !== "cursor" || !before.older) throw new Error("a place in the time queue");
    for (const key of KEYS) await sync(key, database().db);
    const gets = upstreamGets();
    const older = await page(`size=20&cursor=${before.older}`);
    if (older.paging !== "cursor") throw new Error("a cursor pages by time");
    expect(older.source?.kind).toBe("index");
    expect(keysOf(older)).toEqual(timeQueue().slice(20, 40));
    const back = await page(`size=20&cursor=${older.newer}`);
    expect(keysOf(back)).toEqual(timeQueue().slice(0, 20));
    expect(upstreamGets()).toBe(gets);
  });

  it("names by cursor too a deployment whose backfill still reads the past", async () => {
    const before = await page("size=20");
    if (before.paging !== "cursor" || !before.older) throw new Error("a place in the time queue");
    await sync("acme", database().db);
    await sync("globex", database().db, 1);
    const older = await page(`size=20&cursor=${before.older}`);
    if (older.paging !== "cursor") throw new Error("a cursor pages by time");
    expect(older.source?.kind).toBe("index");
    expect(older.gaps?.map((gap) => [gap.deployment, gap.state])).toEqual([
      ["globex", "backfilling"],
    ]);
  });

  it("says how far back the index keeps alarms when the view reaches further", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const visible = registry.all();
    const kept = (search: string) =>
      mergedList(new URLSearchParams(search), visible, "tester", {
        database: database(),
        now: now(),
        statuses,
        retentionMs: 86_400_000,
      });
    const all = await kept("size=20");
    expect(all.paging === "pages" && all.keptFrom).toBe(now() - 86_400_000);
    const lastHour = await kept(`timestamp_occured_gte=${now() - 3_600_000}`);
    expect(lastHour.paging === "pages" && lastHour.keptFrom).toBeNull();
  });

  it("counts the overview of every deployment in the index, as their alarms add up by hand, at no upstream cost", async () => {
    for (const key of KEYS) await sync(key, database().db);
    const gets = upstreamGets();
    const url = (search: string) => new URL(`http://app.test/api/d/all/alarms/overview?${search}`);
    const section = async (search: string, allowed: readonly string[] = KEYS) =>
      (await mergedOverview(url(search), allowed, {
        database: database(),
        now: now(),
        statuses,
        store: new MemoryStore(),
      })) as OverviewSection;
    const status = (await section("part=status")) as DimensionOverview;
    const count = (key: Key | null, value: string) =>
      (key ? vendor[key] : [...vendor.acme, ...vendor.globex]).filter(
        (a) => (a.status ?? "none") === value,
      ).length;
    expect(status.counts).toEqual(
      ["open", "in_review", "closed", "none"].map((value) => ({
        value,
        count: count(null, value),
      })),
    );
    expect(status.source).toMatchObject({ kind: "index" });
    expect(status.source?.partial).toBeUndefined();
    const acme = (await section("part=status&deployments=acme")) as DimensionOverview;
    expect(acme.counts.map((c) => c.count)).toEqual(
      ["open", "in_review", "closed", "none"].map((value) => count("acme", value)),
    );
    await expect(section("part=status&deployments=globex", ["acme"])).rejects.toMatchObject({
      code: "invalid_request",
      param: "deployments",
    });
    expect(upstreamGets()).toBe(gets);
  });

  it.runIf(engine === "postgres")(
    "reads each upstream by time while the index's server is down, and refuses what only the index answers",
    async () => {
      for (const key of KEYS) await sync(key, database().db);
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await server()!.stop();
      try {
        const plain = await page("size=20");
        expect(plain.paging).toBe("cursor");
        expect(plain.paging === "cursor" && plain.indexUnavailable).toMatch(/cannot be reached/);
        const sorted = await queue("sort=priority,desc");
        expect(sorted.status).toBe(503);
        expect(parseErrorBody(await sorted.json())?.error.code).toBe("index_unavailable");
      } finally {
        await server()!.start();
        vi.restoreAllMocks();
      }
    },
  );
});
