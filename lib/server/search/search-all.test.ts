import { beforeEach, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { seedCorpus, type Corpus } from "@/test/search-corpus";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { searchAllPage, type SearchCursor } from "@/lib/server/search/search-all";

// A search of several deployments (/d/all/alarms?q=): newest first across them, paged by the
// list of every deployment's cursor both ways, by either plan; only the deployments the analyst may see.

describeEachEngine("Search, several deployments", ({ database }) => {
  let corpus: Corpus;
  beforeEach(async () => {
    corpus = await seedCorpus(database().db);
  });

  function page(
    q: string,
    {
      size = 2,
      cursor = null as SearchCursor | null,
      allowed = ["acme", "other"],
      cap = 10_000,
    } = {},
  ) {
    const parsed = parseSearch(q);
    if (!parsed.ok) throw new Error(parsed.problem.message);
    return searchAllPage(
      database().db,
      { allowed, deployments: ["acme", "other"], search: parsed.query, filters: {} },
      { size, cursor },
      { cap },
    );
  }

  it.each([10_000, 1])(
    "walks newest first across deployments and back (cap %i), ties by deployment",
    async (cap) => {
      // a1 and other's alarm share a millisecond; other sorts after acme, so it comes first.
      const first = await page("user:alice", { cap });
      expect(first.alarms.map((a) => [a.deployment, a.uuid])).toEqual([
        ["other", corpus.other],
        ["acme", corpus.a1],
      ]);
      expect(first.newer).toBeNull();
      expect(first.matches).toEqual({ count: Math.min(3, cap), isLowerBound: cap < 3 });
      expect(first.deployments).toEqual(["acme", "other"]);

      const second = await page("user:alice", { cap, cursor: first.older });
      expect(second.alarms.map((a) => a.uuid)).toEqual([corpus.a3]);
      expect(second.older).toBeNull();

      const back = await page("user:alice", { cap, cursor: second.newer });
      expect(back.alarms.map((a) => a.uuid)).toEqual([corpus.other, corpus.a1]);
      expect(back.newer).toBeNull();
      expect(back.older).toEqual(first.older);

      // One at a time through the tie, both ways.
      const one = await page("user:alice", { cap, size: 1 });
      const two = await page("user:alice", { cap, size: 1, cursor: one.older });
      expect([...one.alarms, ...two.alarms].map((a) => a.uuid)).toEqual([corpus.other, corpus.a1]);
      const again = await page("user:alice", { cap, size: 1, cursor: two.newer });
      expect(again.alarms.map((a) => a.uuid)).toEqual([corpus.other]);
    },
  );

  it("pages a larger search by either plan alike", async () => {
    const q = 'strategy:"Filler Strategy" OR user:alice';
    const walk = async (cap: number) => {
      const seen: string[] = [];
      let cursor: SearchCursor | null = null;
      for (let i = 0; i < 10; i++) {
        const next = await page(q, { cap, size: 4, cursor });
        seen.push(...next.alarms.map((alarm) => alarm.uuid));
        if (!next.older) break;
        cursor = next.older;
      }
      return seen;
    };
    const gathered = await walk(10_000);
    expect(gathered).toHaveLength(corpus.filler.length + 3);
    expect(new Set(gathered).size).toBe(gathered.length);
    expect(await walk(3)).toEqual(gathered);
  });

  it("never shows a deployment the analyst may not see, nor counts it", async () => {
    const mine = await page("10.1.2.3", { allowed: ["acme"] });
    expect(mine.alarms.map((a) => a.uuid)).toEqual([corpus.a1]);
    expect(mine.matches.count).toBe(1);
    expect(mine.deployments).toEqual(["acme"]);
    // A cursor naming the other deployment reads nothing of it either.
    const forged: SearchCursor = { direction: "older", positions: { other: [Date.now(), "~"] } };
    const still = await page("10.1.2.3", { allowed: ["acme"], cursor: forged });
    expect(still.alarms.map((a) => a.deployment)).toEqual(["acme"]);
  });

  it("refuses a cursor whose position is not an alarm's id", async () => {
    const cursor: SearchCursor = { direction: "older", positions: { acme: [1, "x' or 1=1"] } };
    await expect(page("user:alice", { cursor })).rejects.toMatchObject({ param: "cursor" });
  });
});
