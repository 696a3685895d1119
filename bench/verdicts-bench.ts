// Verdicts (issue 37): how many closes a second the database holds, one at a time (one writer and
// eight at once, each close its own transaction with its audit rows and its USM label queued) and
// in bulk (2,000 alarms closed as the bulk route closes them: batches of 100, each one
// transaction in the actor's turn at the index), on PGlite in a directory and on a real
// PostgreSQL. The deployment maps every verdict to a label, so each close queues one.
// Run standalone with `npx tsx --conditions=react-server bench/verdicts-bench.ts`.
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openDatabase, type ConsoleDatabase } from "../lib/server/db";
import type { Deployment } from "../lib/server/deployments/registry";
import { apply, type Outcome } from "../lib/server/triage/bulk-apply";
import { closeAlarmRow, type Closing } from "../lib/server/triage/verdicts";
import { VERDICTS, type VerdictLabels } from "../lib/shared/triage/types";
import { alice, seed } from "./triage-bench";

const CLOSES = 2_000;
const WRITERS = 8;

const LABELS: VerdictLabels = Object.fromEntries(
  VERDICTS.map((verdict, n) => [verdict, `0b9f3a52-6c1e-4d7a-9a55-2f0c8e1d4b1${n}`]),
);
const acme = { key: "acme", config: { analysts: [], groups: [], labels: LABELS } };
const actor = { id: alice.id, handle: "alice", name: "Alice" };

/** The `n`th close: verdicts in turn, each with a reason. */
function closing(n: number): Closing {
  const verdict = VERDICTS[n % 3]!; // not "duplicate": it names another alarm
  return { verdict, reason: `Bench close ${n}`, duplicateOf: null };
}

/** `CLOSES` single closes by `writers` at once, each its own transaction. */
async function closesPerSecond(database: ConsoleDatabase, writers: number): Promise<number> {
  const alarms = await seed(database);
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      while (next < CLOSES) {
        const n = next++;
        const alarm = alarms[n % alarms.length]!;
        await closeAlarmRow(database.db, alarm, actor, closing(n), LABELS, Date.now());
      }
    }),
  );
  return CLOSES / ((performance.now() - started) / 1000);
}

/** One bulk close of `CLOSES` alarms, as the bulk route applies it: its time in seconds. */
async function bulkCloseSeconds(database: ConsoleDatabase): Promise<number> {
  const alarms = (await seed(database)).slice(0, CLOSES);
  const deployment = acme as unknown as Deployment;
  const scope = { analyst: alice, deployment, visible: [deployment] };
  const outcomes: Outcome[] = [];
  const action = { type: "close" as const, closing: closing(1) };
  const started = performance.now();
  await apply(database.db, alarms, scope, actor, action, Date.now(), outcomes);
  const seconds = (performance.now() - started) / 1000;
  const done = outcomes.filter((outcome) => outcome === "done").length;
  if (done !== CLOSES) throw new Error(`the bulk close did ${done} of ${CLOSES}`);
  return seconds;
}

function report(engine: string, single: number[], bulk: number): void {
  const [one, many] = single as [number, number];
  console.log(`${engine}, 1 writer:  ${one.toFixed(0)} closes/s`);
  console.log(`${engine}, ${WRITERS} writers: ${many.toFixed(0)} closes/s`);
  console.log(
    `${engine}, bulk close of ${CLOSES.toLocaleString("en")}: ${bulk.toFixed(2)} s (${(CLOSES / bulk).toFixed(0)} closes/s)`,
  );
}

async function onPglite(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "alarm-console-verdicts-bench-"));
  try {
    const database = await openDatabase({ dir });
    const single = [await closesPerSecond(database, 1), await closesPerSecond(database, WRITERS)];
    const bulk = await bulkCloseSeconds(database);
    await database.close();
    report("PGlite (a directory)", single, bulk);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function onPostgres(): Promise<void> {
  const { startPostgresServer } = await import("../test/postgres-server");
  const server = await startPostgresServer();
  try {
    const single: number[] = [];
    for (const writers of [1, WRITERS]) {
      const database = await openDatabase({ databaseUrl: await server.createDatabase() });
      single.push(await closesPerSecond(database, writers));
      await database.close();
    }
    const database = await openDatabase({ databaseUrl: await server.createDatabase() });
    const bulk = await bulkCloseSeconds(database);
    await database.close();
    report("PostgreSQL", single, bulk);
  } finally {
    await server.close();
  }
}

export async function benchVerdicts(): Promise<void> {
  console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  await onPglite();
  await onPostgres();
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  await benchVerdicts();
}
