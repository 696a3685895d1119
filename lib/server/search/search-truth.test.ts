import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "@/lib/server/db";
import { DEFAULT_QUERY, type AlarmFilters, type AlarmListQuery } from "@/lib/shared/alarms/query";
import type { SearchNode } from "@/lib/shared/search/ast";
import { describeEachEngine } from "@/test/index-db";
import { DEPLOYMENTS, STATUS, T, corpus, filters, query, rng } from "@/test/search-random";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { compileSearch, type SearchScope } from "@/lib/server/search/query-language/compile";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { orderTerms, searchAlarmPage } from "@/lib/server/search/search";
import { searchAllPage, type SearchCursor } from "@/lib/server/search/search-all";
import { readable } from "@/lib/server/search/search-where";

// A random corpus and random queries, on both engines: each page, count and merged walk of the
// search (prefixes expanded, filters on the document, pages walked) equals what the exact
// semantics find (compileSearch without a context, the filters on the alarm), before and after
// a third of the alarms change status, priority and time upstream. REVIEW_SEED, REVIEW_N and
// REVIEW_Q run it wider.

type Db = Kysely<Database>;

function exactWhere(
  eb: SearchScope,
  deployments: string[],
  f: AlarmFilters,
  search: SearchNode,
): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [eb("a.deployment", "in", deployments)];
  if (f.status !== undefined) parts.push(eb("a.status", "in", f.status));
  if (f.priority_label !== undefined) parts.push(eb("a.priority_label", "in", f.priority_label));
  if (f.timestamp_occured_gte !== undefined)
    parts.push(eb("a.occurred_at", ">=", f.timestamp_occured_gte));
  if (f.timestamp_occured_lte !== undefined)
    parts.push(eb("a.occurred_at", "<=", f.timestamp_occured_lte));
  parts.push(compileSearch(search, eb));
  return eb.and(parts);
}

async function truth(
  db: Db,
  deployments: string[],
  f: AlarmFilters,
  search: SearchNode,
  sort: AlarmListQuery["sort"],
): Promise<string[]> {
  let q = db
    .selectFrom("alarms as a")
    .select(["a.deployment", "a.uuid"])
    .where((eb) => exactWhere(eb, deployments, f, search));
  for (const t of orderTerms(sort)) {
    q = q.orderBy(sql.ref(`a.${t.column}`), (ob) => {
      const way = t.desc ? ob.desc() : ob.asc();
      return t.nullsLast ? way.nullsLast() : way;
    });
  }
  return (await q.execute()).map((row) => `${row.deployment}/${row.uuid}`);
}

async function allTruth(db: Db, deployments: string[], f: AlarmFilters, search: SearchNode) {
  const rows = await db
    .selectFrom("alarms as a")
    .select(["a.deployment", "a.uuid"])
    .where((eb) => exactWhere(eb, deployments, f, search))
    .orderBy("a.occurred_at", "desc")
    .orderBy(sql`a.deployment collate "C"`, "desc")
    .orderBy("a.uuid", "desc")
    .execute();
  return rows.map((row) => `${row.deployment}/${row.uuid}`);
}

const SORTS: AlarmListQuery["sort"][] = [
  { field: "timestamp_occured", direction: "desc" },
  { field: "timestamp_occured", direction: "asc" },
  { field: "priority", direction: "desc" },
  { field: "priority", direction: "asc" },
  { field: "status", direction: "asc" },
];

describeEachEngine("Search against its exact semantics", ({ database }) => {
  it("agrees with the exact semantics on random queries", async () => {
    const db = database().db;
    const r = rng(Number(process.env.REVIEW_SEED ?? 7));
    const alarms = corpus(r, Number(process.env.REVIEW_N ?? 600));
    for (const key of DEPLOYMENTS) {
      const mine = alarms.filter((a) => a.summary.deployment === key);
      for (let at = 0; at < mine.length; at += 200)
        await ingestAlarms(db, key, mine.slice(at, at + 200), 1);
    }
    await sql`analyze`.execute(db);
    const failures: string[] = [];
    const stats = { parsed: 0, unparsed: 0, nonEmpty: 0, overCap: 0 };
    const rounds = Number(process.env.REVIEW_Q ?? 60);
    for (let round = 0; round < 2; round++) {
      if (round === 1) {
        // Status, priority and time changed upstream for a third of them: re-ingested.
        for (const key of DEPLOYMENTS) {
          const changed = alarms
            .filter((a) => a.summary.deployment === key && r() < 0.33)
            .map((a) => {
              a.summary = {
                ...a.summary,
                status: STATUS[Math.floor(r() * 4)]!,
                priority: Math.floor(r() * 101),
                occurredAt: T - Math.floor(r() * 300) * 1000,
              };
              return a;
            });
          if (changed.length > 0) await ingestAlarms(db, key, changed, 2);
        }
      }
      for (let i = 0; i < rounds; i++) {
        const q = query(r);
        const parsed = parseSearch(q);
        if (!parsed.ok) {
          stats.unparsed++;
          continue;
        }
        stats.parsed++;
        const f = filters(r);
        const allowed = r() < 0.2 ? ["acme"] : ["acme", "beta"];
        const deployments = r() < 0.5 ? [DEPLOYMENTS[Math.floor(r() * 3)]!] : DEPLOYMENTS;
        const keys = readable({ allowed, deployments });
        if (keys.length === 0) continue;
        const sort = SORTS[Math.floor(r() * SORTS.length)]!;
        const size = [1, 3, 10][Math.floor(r() * 3)]!;
        const cap = [4, 20, 2000][Math.floor(r() * 3)]!;
        const want = await truth(db, keys, f, parsed.query, sort);
        if (want.length > 0) stats.nonEmpty++;
        if (want.length > cap) stats.overCap++;
        for (const page of [0, 1, 3]) {
          if (page * size >= cap) continue;
          const got = await searchAlarmPage(
            db,
            {
              allowed,
              deployments,
              search: parsed.query,
              query: { ...DEFAULT_QUERY, filters: f, sort, page, size: size as 20 },
            },
            T + 60_000,
            { cap },
          );
          const gotKeys = got.alarms.map((a) => `${a.deployment}/${a.uuid}`);
          const wantKeys = want.slice(page * size, page * size + size);
          const total = Math.min(want.length, cap);
          const label = JSON.stringify({
            round,
            q,
            f,
            allowed,
            deployments,
            sort,
            size,
            cap,
            page,
          });
          if (got.page.totalElements !== total)
            failures.push(`${label} count ${got.page.totalElements} want ${total}`);
          if (JSON.stringify(gotKeys) !== JSON.stringify(wantKeys))
            failures.push(`${label} page ${gotKeys.join(",")} want ${wantKeys.join(",")}`);
        }
        // Merged, paged to the end by cursor.
        const allWant = await allTruth(db, keys, f, parsed.query);
        const seen: string[] = [];
        let cursor: SearchCursor | null = null;
        for (let hop = 0; hop < 5000; hop++) {
          const got = await searchAllPage(
            db,
            { allowed, deployments, search: parsed.query, filters: f },
            { size: size * 7, cursor },
            { cap },
          );
          seen.push(...got.alarms.map((a) => `${a.deployment}/${a.uuid}`));
          if (hop === 0 && got.matches.count !== Math.min(allWant.length, cap))
            failures.push(`merged ${q} ${JSON.stringify(f)} count ${got.matches.count}`);
          if (!got.older) break;
          cursor = got.older;
        }
        if (JSON.stringify(seen) !== JSON.stringify(allWant))
          failures.push(
            `merged ${JSON.stringify({ round, q, f, allowed, deployments, size, cap })} got ${seen.length} want ${allWant.length}`,
          );
      }
    }
    // The corpus reached both plans: pages gathered and pages walked past the cap.
    expect(stats.unparsed).toBe(0);
    expect(stats.overCap).toBeGreaterThan(0);
    expect(stats.nonEmpty).toBeLessThan(stats.parsed);
    expect(failures.slice(0, 30)).toEqual([]);
  }, 900_000);
});
