import type { KyselyPlugin, PluginTransformResultArgs, QueryResult, UnknownRow } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { openDatabase, type ConsoleDatabase } from "@/lib/server/db";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { indexedAlarm } from "@/test/indexed-alarm";
import {
  postgresTestsEnabled,
  startPostgresServer,
  type PostgresServer,
} from "@/test/postgres-server";
import { ingestAlarms } from "./ingest";
import { parseSearch } from "./query-language/parse";
import { readIndex } from "./read-index";
import { searchAlarmPage } from "./search";

// An analyst's read of the index sees one snapshot on PostgreSQL: a sync's write between the
// prefixes' word lookup and the count does not hide an alarm that matches before and after it
// (read committed, the count saw the new text while the words were the old ones).

let server: PostgresServer;
let database: ConsoleDatabase;
beforeAll(async () => {
  server = await startPostgresServer();
  database = await openDatabase({ databaseUrl: await server.createDatabase() });
});
afterAll(async () => {
  await database?.close();
  await server?.close();
});

/** Runs `between` once, right after the statement that reads alarm_words_known. */
function after(between: () => Promise<void>): KyselyPlugin {
  let done = false;
  return {
    transformQuery: (args) => args.node,
    async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
      const rows = args.result.rows as { word?: unknown }[];
      if (!done && rows.some((row) => "word" in row)) {
        done = true;
        await between();
      }
      return args.result;
    },
  };
}

it.runIf(postgresTestsEnabled())("a sync's write between expansion and count", async () => {
  const alarm = indexedAlarm({ labels: ["one"] }, { rawText: "logonalpha" });
  await ingestAlarms(database.db, "acme", [alarm], 1);
  const parsed = parseSearch("logon");
  if (!parsed.ok) throw new Error(parsed.problem.message);
  const search = parsed.query;
  // The same alarm re-read upstream: a label changed, and its text now says logonbeta.
  const changed = {
    ...alarm,
    summary: { ...alarm.summary, labels: ["two"] },
    rawText: "logonbeta",
  };
  const page = await readIndex(database, (tx) =>
    searchAlarmPage(
      tx.withPlugin(
        after(async () => void (await ingestAlarms(database.db, "acme", [changed], 2))),
      ),
      { allowed: ["acme"], deployments: ["acme"], search, query: DEFAULT_QUERY },
      alarm.summary.occurredAt! + 1,
    ),
  );
  // Before the write and after it, the alarm matches "logon".
  expect(page.alarms.map((a) => a.uuid)).toEqual([alarm.summary.uuid]);
});
