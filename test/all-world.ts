// The queue of every deployment against the simulators' own truth, for
// lib/server/api/merged-routes*.test.ts: two deployments synced by the real sync over HTTP into a
// database of ./index-db.ts, every alarm of each read from its upstream and ordered by hand, and
// the queue as GET /api/d/all/alarms answers it.
import { beforeAll, beforeEach, expect } from "vitest";
import type { Kysely } from "kysely";
import type { ConsoleDatabase, Database } from "@/lib/server/db";
import { respond } from "@/lib/server/api/route";
import { allList } from "@/lib/server/api/search-routes";
import { DeploymentRegistry } from "@/lib/server/deployments/registry";
import { orderTerms } from "@/lib/server/search/search";
import { readIndexStatuses } from "@/lib/server/mirror/sync/status";
import { MemoryStore } from "@/lib/server/store/memory";
import { createUsmClient } from "@/lib/server/usm";
import type { AllListPage } from "@/lib/shared/alarms/list-pages";
import type { AlarmListQuery } from "@/lib/shared/alarms/query";
import { getToken, readAll, type Alarm } from "@/simulator/test-support";
import { simulatedDeployment } from "./deployment-config";
import {
  INTERVAL_MS,
  RETENTION_MS,
  SYNC_CLIENT,
  startSyncWorld,
  stepUntil,
  syncWorker,
  type SyncWorld,
} from "./index-sync";

export const KEYS = ["acme", "globex"] as const;
export type Key = (typeof KEYS)[number];
export const worlds = {} as Record<Key, SyncWorld>;
export const vendor = {} as Record<Key, Alarm[]>;
/** Both deployments, read with no cache (set by startAllWorld). */
export let registry: DeploymentRegistry;

/** Starts both simulators and reads every alarm of each (once per test file, at its top). */
export function startAllWorld(): void {
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
}

export const now = () => worlds.acme.clock.now();
export const upstreamGets = () =>
  KEYS.reduce((sum, key) => sum + worlds[key].sim.stats().byRoute.alarms, 0);

/** Steps `key`'s sync until its backfill is done, or for `steps` steps. */
export async function sync(key: Key, db: Kysely<Database>, steps?: number) {
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

/** A vendor alarm's value of an order's column (lib/server/search/search's COLUMN), by hand. */
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
export function truth(sort: AlarmListQuery["sort"], keep: (alarm: Alarm) => boolean = () => true) {
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
export function timeQueue(): string[] {
  return KEYS.flatMap((key) => vendor[key].map((alarm) => ({ key, alarm })))
    .sort(
      (a, b) =>
        Number(b.alarm.timestamp_occured) - Number(a.alarm.timestamp_occured) ||
        (a.key < b.key ? 1 : a.key > b.key ? -1 : a.alarm.uuid < b.alarm.uuid ? 1 : -1),
    )
    .map(({ key, alarm }) => `${key}/${alarm.uuid}`);
}

/** The queue as GET /api/d/all/alarms answers it from `database`; each test's upstreams anew. */
export function allQueue(database: () => ConsoleDatabase) {
  const statuses = (keys: readonly string[]) =>
    readIndexStatuses(database().db, keys, now(), INTERVAL_MS);
  const queue = async (search: string, allowed: readonly string[] = KEYS) => {
    const visible = registry.all().filter((deployment) => allowed.includes(deployment.key));
    return respond("GET /api/d/all/alarms", () =>
      allList(new URLSearchParams(search), visible, "tester", {
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
    return (await response.json()) as AllListPage;
  };
  const keysOf = (answer: AllListPage) =>
    answer.alarms.map((alarm) => `${alarm.deployment}/${alarm.uuid}`);

  beforeEach(() => {
    for (const key of KEYS) worlds[key].sim.reset();
  });
  return { statuses, queue, page, keysOf };
}
