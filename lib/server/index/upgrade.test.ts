import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { ingestAlarms } from "./ingest";
import { parseSearch } from "./query-language/parse";
import { expandPrefixes } from "./query-language/words";

// An index written before a migration, upgraded in place: its rows answer as if written after.

describeEachEngine("The index upgraded", ({ database }) => {
  it("migration 0005 fills the known words and the documents' status, priority and time from an index written before it", async () => {
    const { db } = database();
    const alarm = indexedAlarm(
      { status: "in_review", priority: 72, occurredAt: 1_764_000_123_000 },
      { rawText: "Administrator logon" },
    );
    await ingestAlarms(db, "acme", [alarm], 1);
    // Back to the shape before 0005, the rows kept, as a console upgraded with an index would be.
    await sql`drop table alarm_words_known`.execute(db);
    await sql`alter table alarm_docs drop column status, drop column priority, drop column occurred_at`.execute(
      db,
    );
    await sql`delete from kysely_migration where name = '0005-search-narrow'`.execute(db);
    const { migrateToLatest } = await import("@/lib/server/db/migrations");
    await migrateToLatest(db);
    const doc = await db
      .selectFrom("alarm_docs")
      .select(["status", "priority", "occurred_at"])
      .executeTakeFirstOrThrow();
    expect(doc).toEqual({ status: "in_review", priority: 72, occurred_at: 1_764_000_123_000 });
    const parsed = parseSearch("administ log");
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const words = await expandPrefixes(db, parsed.query);
    expect(Object.fromEntries(words)).toEqual({ administ: ["administrator"], log: ["logon"] });
  });
});
