// USM label write-backs: how many a second the label worker writes to a deployment allowed the
// documented 50 POST/s (the token's POSTs share that budget), 2,000 closes each: one worker on
// PGlite, and two workers (two replicas: two clients sharing one budget store) on one PostgreSQL,
// claiming jobs with the lease. Reports writes/s, the simulator's busiest second of POSTs, its
// 429s and the tokens it issued. Expect about 42/s: the budget sustains 85% of the limit.
// Run standalone with `npx tsx --conditions=react-server bench/labels-bench.ts`.
import { cpus, loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { openDatabase, type ConsoleDatabase } from "../lib/server/db";
import { MemoryStore } from "../lib/server/store/memory";
import { recordAnalyst } from "../lib/server/triage/analysts";
import { LabelWorker } from "../lib/server/triage/label-worker";
import { closeAlarmRow } from "../lib/server/triage/verdicts";
import { startSimulator } from "../simulator";
import { testAnalyst } from "../test/analyst";
import { startPostgresServer } from "../test/postgres-server";
import { testClient } from "../test/usm-client";

const CLOSES = 2_000;
const CREDS = { id: "bench-labels", secret: "bench-labels-secret-4d1e" };
const alice = testAnalyst("local:alice", { name: "Alice" });

async function run(database: ConsoleDatabase, replicas: number, seed: number): Promise<void> {
  const sim = await startSimulator({ port: 0, alarms: 10, seed, clients: [CREDS] });
  try {
    const label = sim.addLabel("Confirmed Threat").id;
    const labels = { true_positive: label };
    await recordAnalyst(database.db, alice, Date.now());
    const actor = { id: alice.id, handle: "alice", name: "Alice" };
    const closing = { verdict: "true_positive" as const, reason: "", duplicateOf: null };
    for (let n = 0; n < CLOSES; n++) {
      const alarm = { deployment: "acme", uuid: sim.addAlarm({ alarm_labels: [] }).uuid };
      await closeAlarmRow(database.db, alarm, actor, closing, labels, Date.now());
    }
    const store = new MemoryStore(); // what replicas share: the token and the POST budget
    const workers = Array.from({ length: replicas }, (_, n) => {
      const client = testClient(sim, CREDS, { deployment: "acme", store, postPerSecond: 50 });
      return new LabelWorker({
        deployments: [{ key: "acme", name: "Acme", labels, client: () => client }],
        database: () => Promise.resolve(database.db),
        store,
        intervalMs: 5_000,
        retry: { firstDelayMs: 30_000 },
        owner: `replica-${n}`,
      });
    });
    const started = performance.now();
    const attempts = await Promise.all(workers.map((worker) => worker.round()));
    const seconds = (performance.now() - started) / 1000;
    const stats = sim.stats();
    const written = stats.byRoute.labels;
    console.log(
      `  ${replicas} worker(s): ${CLOSES} labels in ${seconds.toFixed(1)} s = ` +
        `${(written / seconds).toFixed(1)} writes/s (attempts ${attempts.join(" + ")}); ` +
        `busiest second ${stats.busiestSecond.post} POSTs, 429s ${stats.rateLimited}, ` +
        `tokens ${stats.tokensIssued}`,
    );
  } finally {
    await sim.close();
  }
}

export async function benchLabels(): Promise<void> {
  console.log(`machine: ${cpus().length} cores, load ${loadavg()[0]!.toFixed(2)}`);
  console.log("Label write-backs within the POST budget (50/s documented, 42/s sustained):");
  const pglite = await openDatabase({ dir: "memory://" });
  try {
    console.log(" PGlite:");
    await run(pglite, 1, 3);
  } finally {
    await pglite.close();
  }
  const postgres = await startPostgresServer();
  const database = await openDatabase({ databaseUrl: await postgres.createDatabase() });
  try {
    console.log(" PostgreSQL, two replicas:");
    await run(database, 2, 5);
  } finally {
    await database.close();
    await postgres.close();
  }
}

if (resolve(process.argv[1] ?? "") === fileURLToPath(import.meta.url)) {
  await benchLabels();
}
