import { beforeEach, expect, it } from "vitest";
import { DEFAULT_QUERY, type AlarmListQuery } from "@/lib/shared/alarms/query";
import { ApiError } from "@/lib/shared/core/errors";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { FILLER, NOW, T, seedCorpus, type Corpus } from "@/test/search-corpus";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import {
  orderTerms,
  pageKeys,
  searchAlarmPage,
  type SearchLimits,
} from "@/lib/server/search/search";
import { initialState, saveState } from "@/lib/server/mirror/sync/state";

// The search's read of one deployment, on both engines: what an analyst typing `q` (with the
// list's filters, sort and page) gets back, and that another deployment's rows never come.

describeEachEngine("Search, one deployment", ({ database }) => {
  let corpus: Corpus;
  beforeEach(async () => {
    corpus = await seedCorpus(database().db);
  });

  async function search(
    q: string,
    query: Partial<AlarmListQuery> = {},
    { allowed = ["acme"], deployments = ["acme"] } = {},
    limits?: SearchLimits,
  ) {
    const parsed = parseSearch(q);
    if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
    return searchAlarmPage(
      database().db,
      { allowed, deployments, search: parsed.query, query: { ...DEFAULT_QUERY, ...query } },
      NOW,
      limits,
    );
  }
  const uuids = async (...args: Parameters<typeof search>) =>
    (await search(...args)).alarms.map((alarm) => alarm.uuid);

  it.each([
    ["an address", "10.1.2.3", ["a1"]],
    ["an address by its field", "ip:10.200.0.9", ["a2"]],
    ["an IPv6 address", '"2001:db8::1"', ["a3"]],
    ["a CIDR range, either side", "ip:10.0.0.0/8", ["a1", "a2"]],
    ["a CIDR range, one side", "src_ip:10.0.0.0/8", ["a1"]],
    ["a user, either side, in any case", "user:ALICE", ["a1", "a3"]],
    ["a host by its hostname", "host:web-01", ["a1"]],
    ["a host by its FQDN", "host:db.example.com", ["a2"]],
    ["free text (raw fields and event names)", "powershell", ["a2", "a3"]],
    ["a phrase", '"suspicious powershell"', ["a3"]],
    ["a rule and a word", 'strategy:"malware infection" AND emotet', ["a2"]],
    ["NOT", "user:alice AND NOT 10.1.2.3", ["a3"]],
    ["a comparison", "priority >= 80", ["a1", "a3"]],
  ] as const)("finds %s, newest first, and nothing of another deployment", async (_, q, want) => {
    const page = await search(q);
    expect(page.alarms.map((alarm) => alarm.uuid)).toEqual(want.map((key) => corpus[key]));
    expect(page.alarms.every((alarm) => alarm.deployment === "acme")).toBe(true);
    expect(page.page).toEqual({
      number: 0,
      size: 20,
      totalElements: want.length,
      totalPages: 1,
    });
    expect(page.source).toEqual({ kind: "index", indexedUpTo: null });
    expect(page.readAt).toBe(NOW);
  });

  it("combines free text with the list's filters", async () => {
    expect(
      await uuids("powershell", { filters: { status: ["open"], priority_label: ["high"] } }),
    ).toEqual([corpus.a3]);
    expect(await uuids("ip:0.0.0.0/0", { filters: { suppressed: true } })).toEqual([corpus.a4]);
    const page = await search("user:alice", { filters: { range: "1h" } });
    expect(page.occurred).toEqual({ gte: NOW - 3_600_000, lte: NOW });
    expect(page.alarms).toHaveLength(2);
    const old = { timestamp_occured_lte: T - 2_500 };
    expect(await uuids("user:alice", { filters: old })).toEqual([corpus.a3]);
  });

  it("sorts by another column, ties newest first, and missing values last", async () => {
    const byPriority = (direction: "asc" | "desc") =>
      uuids("user:alice OR 10.200.0.9", { sort: { field: "priority", direction } });
    expect(await byPriority("asc")).toEqual([corpus.a2, corpus.a1, corpus.a3]);
    expect(await byPriority("desc")).toEqual([corpus.a3, corpus.a1, corpus.a2]);
    // Every alarm with an IPv4 address; a4 has no received time: last either way.
    const received = (direction: "asc" | "desc") =>
      uuids("ip:0.0.0.0/0", { sort: { field: "timestamp_received", direction } });
    expect(await received("desc")).toEqual([corpus.a1, corpus.a2, corpus.a3, corpus.a4]);
    expect(await received("asc")).toEqual([corpus.a3, corpus.a2, corpus.a1, corpus.a4]);
  });

  it.each([
    'strategy:"Filler Strategy"',
    // Free text with a filter of the tree's own: tested on the document when found, on the alarm
    // when walked.
    "filler priority >= 0",
  ])("pages through the matches of %s, and the plans give the same pages", async (q) => {
    const sorts = [
      { field: "timestamp_occured", direction: "desc" },
      { field: "timestamp_occured", direction: "asc" },
      { field: "priority", direction: "desc" },
      { field: "rule_method", direction: "asc" },
    ] as const;
    const parsed = parseSearch(q);
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const where = { allowed: ["acme"], deployments: ["acme"], search: parsed.query, filters: {} };
    for (const sort of sorts) {
      const pages = [];
      for (const page of [0, 1, 2]) {
        const place = { terms: orderTerms(sort), limit: 10, offset: page * 10 };
        const gathered = await pageKeys(database().db, where, place, false);
        const walked = await pageKeys(database().db, where, place, true);
        expect(walked).toEqual(gathered);
        const sorted = await search(q, { sort, page, size: 10 });
        expect(sorted.alarms.map((alarm) => alarm.uuid)).toEqual(gathered.map((key) => key.uuid));
        pages.push(...sorted.alarms.map((alarm) => alarm.uuid));
      }
      expect(new Set(pages).size).toBe(FILLER);
      expect([...pages].sort()).toEqual([...corpus.filler].sort());
    }
    const last = await search(q, { page: 2, size: 10 });
    expect(last.page).toEqual({ number: 2, size: 10, totalElements: FILLER, totalPages: 3 });
    expect(last.alarms).toHaveLength(5);
    expect((await search(q, { size: 10 })).alarms.map((a) => a.uuid)).toEqual(
      corpus.filler.slice(0, 10),
    );
  });

  it("gathers a page of many matches that lie beyond the walk's reach", async () => {
    const { db } = database();
    // 1,100 alarms newer than every match: a page of 10 walks at most 1,000 before gathering.
    const newer = Array.from({ length: 1_100 }, (_, i) =>
      indexedAlarm({ occurredAt: NOW - 1_000 + i }, { rawText: "quiet" }),
    );
    const far = Array.from({ length: 5 }, (_, i) =>
      indexedAlarm({ occurredAt: T - 86_400_000 - i }, { rawText: "zebra sighting" }),
    );
    await ingestAlarms(db, "acme", [...newer, ...far], 1);
    const page = await search("zebra", { size: 10 }, {}, { cap: 3 });
    expect(page.page.totalIsLowerBound).toBe(true);
    expect(page.alarms.map((alarm) => alarm.uuid)).toEqual(far.map((a) => a.summary.uuid));
  });

  it("counts up to the cap and says the total is a lower bound, paging no further", async () => {
    const page = await search('strategy:"Filler Strategy"', { size: 10 }, {}, { cap: 20 });
    expect(page.page).toEqual({
      number: 0,
      size: 10,
      totalElements: 20,
      totalPages: 2,
      totalIsLowerBound: true,
    });
    const exact = await search('strategy:"Filler Strategy"', { size: 10 }, {}, { cap: 25 });
    expect(exact.page.totalIsLowerBound).toBeUndefined();
    const tooDeep = search('strategy:"Filler Strategy"', { size: 10, page: 2 }, {}, { cap: 20 });
    await expect(tooDeep).rejects.toMatchObject({ code: "invalid_request", param: "page" });
    await expect(tooDeep).rejects.toBeInstanceOf(ApiError);
  });

  it("never reads a deployment the analyst may not see", async () => {
    expect(
      await uuids("10.1.2.3", {}, { allowed: ["acme"], deployments: ["acme", "other"] }),
    ).toEqual([corpus.a1]);
    const hidden = await search("10.1.2.3", {}, { allowed: ["acme"], deployments: ["other"] });
    expect(hidden.alarms).toEqual([]);
    expect(hidden.page.totalElements).toBe(0);
    expect(await uuids("10.1.2.3", {}, { allowed: ["other"], deployments: ["other"] })).toEqual([
      corpus.other,
    ]);
  });

  it("says how far the index has read, as the sync's state says", async () => {
    const { db } = database();
    const fresh = initialState(T, 500, 90 * 86_400_000);
    const following = { ...fresh, backfill: null, syncedAt: T - 5_000 };
    await saveState(db, "acme", following, T);
    expect((await search("10.1.2.3")).source).toEqual({ kind: "index", indexedUpTo: T - 5_000 });
    await saveState(db, "acme", { ...fresh, syncedAt: T - 9_000 }, T);
    expect((await search("10.1.2.3")).source).toEqual({
      kind: "index",
      indexedUpTo: T - 9_000,
      backfilling: true,
    });
    await saveState(db, "acme", fresh, T);
    expect((await search("10.1.2.3")).source).toEqual({
      kind: "index",
      indexedUpTo: null,
      backfilling: true,
    });
    // A state this version cannot read: not indexed, as far as a search can tell.
    await db
      .updateTable("index_sync")
      .set({ state: JSON.stringify({ version: 0 }) })
      .execute();
    expect((await search("10.1.2.3")).source).toEqual({ kind: "index", indexedUpTo: null });
  });
});
