// The team's triage: how many writes a second the database holds (acknowledgements and notes, one
// writer and eight at once, on PGlite in a directory and on a real PostgreSQL), and the time from
// one analyst's write on one replica to the notice on another analyst's live stream on another
// replica (two replicas on PostgreSQL and Redis), p50/p99 (goal: within 2 s).
// Run standalone with `npx tsx --conditions=react-server bench/triage-bench.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openDatabase, type ConsoleDatabase } from "../lib/server/db";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { analystByHandle, handleOf, recordAnalyst } from "../lib/server/triage/analysts";
import { addNote, setAcknowledged, setOwner } from "../lib/server/triage/triage";
import { testAnalyst } from "../test/analyst";
import { indexedAlarm } from "../test/indexed-alarm";
import { startPostgresServer } from "../test/postgres-server";
import { startRedisServer } from "../test/redis-server";
import { signIn, startBenchApp } from "./bench-app";
import { readLiveStream } from "./live-stream-reader";
import { percentile } from "./stats";

const ALARMS = 2_000;
const WRITES = 2_000;
const WRITERS = 8;
const NOTICES = 60;

export const alice = testAnalyst("local:alice", { name: "Alice" });
const actor = { id: alice.id, handle: handleOf(alice), name: "Alice" };

export async function seed(database: ConsoleDatabase) {
  const alarms = Array.from({ length: ALARMS }, () => indexedAlarm());
  await ingestAlarms(database.db, "acme", alarms, 1);
  await recordAnalyst(database.db, alice, Date.now());
  return alarms.map((alarm) => ({ deployment: "acme", uuid: alarm.summary.uuid }));
}

/** `WRITES` writes by `writers` at once: acknowledgements and notes, each its own transaction. */
async function writesPerSecond(database: ConsoleDatabase, writers: number): Promise<number> {
  const alarms = await seed(database);
  const owner = await analystByHandle(database.db, "alice");
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < WRITES) {
        const n = next++;
        const alarm = alarms[n % alarms.length]!;
        const now = Date.now();
        if (n % 4 === 0) await addNote(database.db, alarm, actor, `note ${n}`, now);
        else if (n % 4 === 1) await setOwner(database.db, alarm, actor, owner, now);
        else await setAcknowledged(database.db, alarm, actor, n % 4 === 2, now);
      }
    }),
  );
  return WRITES / ((performance.now() - started) / 1000);
}

async function benchWrites(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "alarm-console-triage-bench-"));
  try {
    const pglite = await openDatabase({ dir });
    const one = await writesPerSecond(pglite, 1);
    console.log(`PGlite (a directory), 1 writer:      ${one.toFixed(0)} writes/s`);
    const many = await writesPerSecond(pglite, WRITERS);
    console.log(`PGlite (a directory), ${WRITERS} writers:     ${many.toFixed(0)} writes/s`);
    await pglite.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const server = await startPostgresServer();
  try {
    for (const writers of [1, WRITERS]) {
      const postgres = await openDatabase({ databaseUrl: await server.createDatabase() });
      const rate = await writesPerSecond(postgres, writers);
      console.log(
        `PostgreSQL, ${writers} writer${writers > 1 ? "s" : " "}:${" ".repeat(writers > 1 ? 14 : 15)}${rate.toFixed(0)} writes/s`,
      );
      await postgres.close();
    }
  } finally {
    await server.close();
  }
}

/** The triage notices on `cookie`'s stream: `next()` resolves with when the next came in. */
async function triageStream(url: string, cookie: string) {
  const waiting: Array<(at: number) => void> = [];
  const stream = await readLiveStream(url, cookie, ["triage"], (name) => {
    if (name === "triage") waiting.shift()?.(performance.now());
  });
  return {
    next: () => new Promise<number>((done) => waiting.push(done)),
    close: () => stream.close(),
  };
}

async function benchNotices(): Promise<void> {
  const redis = await startRedisServer();
  const postgres = await startPostgresServer();
  const app = await startBenchApp({
    alarms: 500,
    latencyMs: 20,
    replicas: 2,
    localUsers: ["alice", "bob"],
    env: { REDIS_URL: redis.url, DATABASE_URL: await postgres.createDatabase() },
  });
  try {
    const [a, b] = app.urls as [string, string];
    const aliceCookie = await signIn(a, "alice", app.localPassword);
    const bobCookie = await signIn(b, "bob", app.localPassword);
    const list = await fetch(`${a}/api/d/default/alarms?size=20`, {
      headers: { cookie: aliceCookie },
    });
    if (!list.ok) throw new Error(`the list answered HTTP ${list.status}: ${await list.text()}`);
    const uuid = ((await list.json()) as { alarms: { uuid: string }[] }).alarms[0]!.uuid;
    const stream = await triageStream(b, bobCookie);
    await new Promise((done) => setTimeout(done, 500)); // the stream's subscription holds
    const times: number[] = [];
    for (let n = 0; n < NOTICES; n += 1) {
      const heard = stream.next();
      const sent = performance.now();
      const response = await fetch(`${a}/api/d/default/alarms/${uuid}/triage/acknowledged`, {
        method: "PUT",
        headers: { cookie: aliceCookie, "content-type": "application/json" },
        body: JSON.stringify({ acknowledged: n % 2 === 0 }),
      });
      if (!response.ok) throw new Error(`the write answered HTTP ${response.status}`);
      times.push((await heard) - sent);
      await new Promise((done) => setTimeout(done, 150)); // within the per-analyst write rate
    }
    stream.close();
    console.log(
      `write on replica A -> notice on bob's stream on replica B (PostgreSQL + Redis), ${NOTICES} writes: ` +
        `p50 ${percentile(times, 50).toFixed(0)} ms, p99 ${percentile(times, 99).toFixed(0)} ms (goal: 2,000 ms)`,
    );
  } finally {
    await app.stop();
    await postgres.close();
    await redis.close();
  }
}

export async function benchTriage(): Promise<void> {
  console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  await benchWrites();
  await benchNotices();
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  await benchTriage();
}
