// The index's sync against the real simulator over HTTP, for its tests: a simulator whose clock
// is the test's manual clock (so the alarms it stages are "now" for the worker too), workers on
// a database of test/index-db.ts, and what the upstream and the index hold, to compare.
import type { Kysely } from "kysely";
import { afterEach, beforeAll } from "vitest";
import type { ConsoleDatabase, Database } from "@/lib/server/db";
import { IndexSync } from "@/lib/server/mirror/sync/service";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import { SyncWorker, type WorkerOptions } from "@/lib/server/mirror/sync/worker";
import { loadState } from "@/lib/server/mirror/sync/state";
import type { SharedStore } from "@/lib/server/store";
import { MemoryStore } from "@/lib/server/store/memory";
import type { RunningSimulator, SimulatorOptions } from "@/simulator";
import { ANCHOR, getToken, readAll, startTestSimulator } from "@/simulator/test-support";
import { ManualClock } from "./manual-clock";
import { testClient } from "./usm-client";

export const SYNC_CLIENT = { id: "sync-client", secret: "sync-secret-9f2c" };
export const DEPLOYMENT = "acme";
export const INTERVAL_MS = 10_000;
export const RETENTION_MS = 90 * 86_400_000;

export interface SyncWorld {
  sim: RunningSimulator;
  clock: ManualClock;
}

/** A simulator of `alarms` on the test's clock (its tokens outlast any test's clock). */
export async function startSyncWorld(options: SimulatorOptions): Promise<SyncWorld> {
  const clock = new ManualClock(ANCHOR);
  const sim = await startTestSimulator({
    clients: [SYNC_CLIENT],
    tokenTtlSeconds: 86_400,
    ...options,
    now: clock.now,
  });
  return { sim, clock };
}

export interface FileSyncWorld extends SyncWorld {
  /** What a test started (workers, syncs): each stopped after the test. */
  running: { stop(): Promise<void> }[];
}

/**
 * A sync world for the whole test file, started before its tests. After each test, what it
 * started (`running`) stops, then the simulator forgets what the test staged and counted.
 */
export function syncWorldForFile(options: SimulatorOptions): FileSyncWorld {
  const world = { running: [] } as unknown as FileSyncWorld;
  beforeAll(async () => {
    Object.assign(world, await startSyncWorld(options));
  }, 60_000);
  afterEach(async () => {
    await Promise.all(world.running.splice(0).map((one) => one.stop()));
    world.sim.reset();
  });
  return world;
}

/**
 * A worker of deployment "acme" (or `options.deployment`: a client of its own on `store`,
 * unlimited on our side unless `getPerSecond` says otherwise), on the world's clock.
 */
export function syncWorker(
  world: SyncWorld,
  db: Kysely<Database>,
  options: Partial<WorkerOptions> & { getPerSecond?: number } = {},
  store: SharedStore = new MemoryStore({ now: world.clock.now }),
): SyncWorker {
  const { getPerSecond = 0, ...rest } = options;
  const deployment = options.deployment ?? DEPLOYMENT;
  const client = testClient(world.sim, SYNC_CLIENT, {
    store,
    deployment,
    cacheTtlMs: 0,
    getPerSecond,
  });
  return new SyncWorker({
    deployment,
    client,
    db,
    store,
    intervalMs: INTERVAL_MS,
    pageSize: 100,
    retentionMs: RETENTION_MS,
    clock: world.clock,
    ...rest,
  });
}

/**
 * This server's sync with its workers off, on an open database: what an alarm's read refreshes
 * in the index, or takes out of it, goes through it. Settled once ready.
 */
export async function readsOnlySync(
  database: ConsoleDatabase,
  store: SharedStore,
  clock: Clock = systemClock,
): Promise<IndexSync> {
  const sync = new IndexSync({
    deployments: [],
    store,
    index: { intervalMs: 0, pageSize: 100, retentionMs: RETENTION_MS },
    database: async () => ({ ok: true, database }),
    clock,
  });
  await sync.ready;
  return sync;
}

/** The deployment's stored sync state (null: none). */
export async function syncState(db: Kysely<Database>) {
  return (await loadState(db, DEPLOYMENT))?.state ?? null;
}

/** Steps `worker` (the clock standing still) until `done`; how many steps it took. */
export async function stepUntil(
  worker: SyncWorker,
  done: () => Promise<boolean>,
  limit = 1_000,
): Promise<number> {
  for (let steps = 1; steps <= limit; steps++) {
    await worker.step();
    if (await done()) return steps;
  }
  throw new Error(`not done within ${limit} steps`);
}

/** Steps until the backfill is done. */
export async function backfill(worker: SyncWorker, db: Kysely<Database>): Promise<number> {
  return stepUntil(worker, async () => (await syncState(db))?.backfill === null);
}

/** Moves the clock `ms` on in ticks, letting the workers finish what each tick set off. */
export async function runFor(
  clock: ManualClock,
  workers: readonly SyncWorker[],
  ms: number,
  tickMs = 1_000,
): Promise<void> {
  for (let moved = 0; moved < ms; moved += tickMs) {
    await clock.advance(Math.min(tickMs, ms - moved));
    await Promise.all(workers.map((worker) => worker.settled()));
  }
}

/**
 * Moves the clock on a chunk at a time until `check` holds (within `limitMs` of the clock);
 * resolves with how long that took.
 */
export async function runUntil(
  clock: ManualClock,
  workers: readonly SyncWorker[],
  check: () => Promise<boolean>,
  { limitMs = 600_000, chunkMs = 10_000 } = {},
): Promise<number> {
  let waited = 0;
  while (!(await check())) {
    if (waited >= limitMs) throw new Error(`not within ${limitMs / 1_000} s of the clock`);
    await runFor(clock, workers, chunkMs);
    waited += chunkMs;
  }
  return waited;
}

/** Every alarm uuid the upstream has, sorted. */
export async function upstreamUuids(world: SyncWorld): Promise<string[]> {
  const alarms = await readAll(world.sim, await getToken(world.sim, SYNC_CLIENT), "?size=1000");
  return alarms.map((alarm) => alarm.uuid).sort();
}

/** Every alarm uuid the index holds for the deployment, sorted (duplicates kept, if any). */
export async function indexedUuids(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom("alarms")
    .select("uuid")
    .where("deployment", "=", DEPLOYMENT)
    .execute();
  return rows.map((row) => row.uuid).sort();
}

/** GETs of the alarm routes the simulator has answered. */
export const upstreamGets = (world: SyncWorld) =>
  world.sim.stats().byRoute.alarms + world.sim.stats().byRoute.alarm;
