import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type ConsoleDatabase } from "@/lib/server/db";
import { indexedAlarm } from "@/test/indexed-alarm";
import {
  postgresTestsEnabled,
  startPostgresServer,
  type PostgresServer,
} from "@/test/postgres-server";
import { ingestAlarms } from "@/lib/server/mirror/ingest";

// Two processes (two pools) ingest overlapping new words into one PostgreSQL at once: the known
// words are recorded in one order, so neither deadlocks, and every document's word is known.

let server: PostgresServer;
let one: ConsoleDatabase;
let two: ConsoleDatabase;
beforeAll(async () => {
  server = await startPostgresServer();
  const url = await server.createDatabase();
  one = await openDatabase({ databaseUrl: url });
  two = await openDatabase({ databaseUrl: url });
});
afterAll(async () => {
  await one?.close();
  await two?.close();
  await server?.close();
});

it.runIf(postgresTestsEnabled())(
  "neither deadlocks nor loses a word",
  async () => {
    let n = 0;
    const batch = (deployment: string, round: number) =>
      Array.from({ length: 50 }, (_, i) =>
        indexedAlarm(
          { deployment },
          {
            rawText: Array.from(
              { length: 40 },
              (_, j) =>
                `w${round}x${(i * 7 + j * 13 + (deployment === "b" ? 5 : 0)) % 97}z${n++ % 3}`,
            ).join(" "),
          },
        ),
      );
    const errors: unknown[] = [];
    for (let round = 0; round < 30; round++) {
      const results = await Promise.allSettled([
        ingestAlarms(one.db, "a", batch("a", round), 1),
        ingestAlarms(two.db, "b", batch("b", round), 1),
        ingestAlarms(one.db, "c", batch("c", round), 1),
        ingestAlarms(two.db, "d", batch("d", round), 1),
      ]);
      for (const r of results) if (r.status === "rejected") errors.push(String(r.reason));
    }
    expect(errors).toEqual([]);
    const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from alarm_docs d,
      unnest(tsvector_to_array(alarm_words(d.search_text))) as w(word)
    where not exists (select 1 from alarm_words_known k where k.word = w.word)`.execute(one.db);
    expect(rows[0]!.n).toBe(0);
  },
  300_000,
);
