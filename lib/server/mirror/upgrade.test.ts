import { CompiledQuery, sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { SORT_FIELDS } from "@/lib/shared/alarms/query";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { expandPrefixes } from "@/lib/server/mirror/words";
import { ordered, orderTerms } from "@/lib/server/search/search-order";

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
    await sql`delete from kysely_migration where name >= '0005-search-narrow'`.execute(db);
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

  it("migration 0006 keeps in the trigram index only the documents with a character outside ASCII", async () => {
    const { db } = database();
    const ascii = indexedAlarm({}, { rawText: "Administrator logon" });
    const tokyo = indexedAlarm({}, { rawText: "logon from 東京" });
    await ingestAlarms(db, "acme", [ascii, tokyo], 1);
    // Back to 0005's index of every document's trigrams, as a console upgraded would have it.
    await sql`drop index alarm_docs_text`.execute(db);
    await sql`create index alarm_docs_text on alarm_docs using gin (search_text gin_trgm_ops)`.execute(
      db,
    );
    await sql`delete from kysely_migration where name >= '0006-search-ingest'`.execute(db);
    const { migrateToLatest } = await import("@/lib/server/db/migrations");
    await migrateToLatest(db);
    const { rows } = await sql<{ uuid: string }>`
      select uuid from alarm_docs
      where octet_length(search_text) <> char_length(search_text) and search_text like '%東京%'`.execute(
      db,
    );
    expect(rows.map((row) => row.uuid)).toEqual([tokyo.summary.uuid]);
    const { rows: plan } = await db.transaction().execute(async (tx) => {
      await sql`set local enable_seqscan = off`.execute(tx);
      return sql<Record<string, string>>`
        explain select uuid from alarm_docs
        where octet_length(search_text) <> char_length(search_text) and search_text like '%東京%'`.execute(
        tx,
      );
    });
    expect(plan.map((row) => Object.values(row).join(" ")).join("\n")).toContain("alarm_docs_text");
    const { rows: index } = await sql<{ indexdef: string }>`
      select indexdef from pg_indexes where indexname = 'alarm_docs_text'`.execute(db);
    expect(index[0]!.indexdef).toMatch(/WHERE .*octet_length\(search_text\) <> char_length/);
  });

  it("migration 0007 gives every order of a list its index: a page in any order reads it, sorting no alarm", async () => {
    const { db } = database();
    await ingestAlarms(db, "acme", [indexedAlarm({}), indexedAlarm({ status: "open" })], 1);
    for (const field of SORT_FIELDS) {
      for (const direction of ["asc", "desc"] as const) {
        const page = ordered(
          db
            .selectFrom("alarms as a")
            .select(["a.deployment", "a.uuid"])
            .where("a.deployment", "=", "acme"),
          "a",
          orderTerms({ field, direction }),
        ).limit(20);
        const { sql: text, parameters } = page.compile();
        const { rows } = await db.transaction().execute(async (tx) => {
          // What the planner does with a million alarms, asked of two: no reading the table
          // whole, and no sort where an index holds the order.
          await sql`set local enable_seqscan = off`.execute(tx);
          await sql`set local enable_sort = off`.execute(tx);
          return tx.executeQuery<Record<string, string>>(
            CompiledQuery.raw(`explain ${text}`, [...parameters]),
          );
        });
        const plan = rows.map((row) => Object.values(row).join(" ")).join("\n");
        // An incremental sort orders each run of equal values the index gives (received time's,
        // about one alarm each; status's by uuid): never every alarm in range.
        expect(plan, `${field} ${direction}`).not.toMatch(/(^|->\s+)Sort\s+\(/m);
      }
    }
  });
});
