import { expect, it, vi } from "vitest";
import { parseErrorBody } from "@/lib/shared/core/errors";
import { describeEachEngine } from "@/test/index-db";
import {
  KEYS,
  allQueue,
  startAllWorld,
  sync,
  timeQueue,
  truth,
  upstreamGets,
  vendor,
} from "@/test/all-world";

// The queue of every deployment while the index does not hold it all, against the simulators'
// own truth on both engines (test/all-world.ts): a deployment still backfilling is named with
// what is missing (never silently); with nothing indexed yet, or without the index, the plain
// queue reads each upstream by time as before, and what only the index answers says so; a link's
// place by cursor is walked from the index once it holds the deployments.

startAllWorld();

describeEachEngine("GET /api/d/all/alarms as the index fills", ({ engine, database, server }) => {
  const { queue, page, keysOf } = allQueue(database);

  it("names a deployment whose backfill still reads the past, with what is missing, and not where the view lies within what it holds", async () => {
    await sync("acme", database().db);
    await sync("globex", database().db, 2); // its newest 200 of 300
    const answer = await page("size=20");
    if (answer.paging !== "pages") throw new Error("numbered pages from the index");
    expect(answer.gaps).toHaveLength(1);
    const [gap] = answer.gaps;
    expect(gap).toMatchObject({
      deployment: "globex",
      state: "backfilling",
      whole: false,
      newerThan: null,
    });
    const heldFrom = gap!.olderThan!;
    const globexHeld = vendor.globex.filter((a) => Number(a.timestamp_occured) >= heldFrom).length;
    expect(globexHeld).toBeLessThan(vendor.globex.length);
    // The count is what the index holds, said as "or more"; the newest rows are all there.
    expect(answer.page.totalIsLowerBound).toBe(true);
    expect(answer.page.totalElements).toBeGreaterThanOrEqual(vendor.acme.length + globexHeld - 1);
    expect(answer.page.totalElements).toBeLessThan(vendor.acme.length + vendor.globex.length);
    expect(keysOf(answer)).toEqual(
      truth({ field: "timestamp_occured", direction: "desc" }).slice(0, 20),
    );

    // A range within what it holds: complete, no gap, exact.
    const gte = heldFrom + 1;
    const within = await page(`timestamp_occured_gte=${gte}&size=100`);
    if (within.paging !== "pages") throw new Error("numbered pages from the index");
    expect(within.gaps).toEqual([]);
    const expected = truth(
      { field: "timestamp_occured", direction: "desc" },
      (alarm) => Number(alarm.timestamp_occured) >= gte,
    );
    expect(within.page).toMatchObject({ totalElements: expected.length });
    expect(within.page.totalIsLowerBound).toBeUndefined();
    expect(keysOf(within)).toEqual(expected.slice(0, 100));
  });

  it("reads each upstream by time while nothing is indexed yet, but answers an order from the index, saying what it lacks", async () => {
    const gets = upstreamGets();
    const plain = await page("size=20");
    expect(plain.paging).toBe("cursor");
    expect(upstreamGets()).toBeGreaterThan(gets);
    expect(keysOf(plain)).toEqual(timeQueue().slice(0, 20));
    expect(plain.paging === "cursor" && plain.indexUnavailable).toBe(
      "Nothing of these deployments is indexed yet.",
    );
    // Its Older link reads each upstream too, never the empty index.
    if (plain.paging !== "cursor" || !plain.older) throw new Error("a place in the time queue");
    const older = await page(`size=20&cursor=${plain.older}`);
    expect(older.paging === "cursor" && older.source).toBeUndefined();
    expect(keysOf(older)).toEqual(timeQueue().slice(20, 40));
    const sorted = await page("sort=priority,desc");
    if (sorted.paging !== "pages") throw new Error("an order is the index's to answer");
    expect(sorted.gaps.map((gap) => [gap.deployment, gap.whole])).toEqual([
      ["acme", true],
      ["globex", true],
    ]);
    expect(sorted.page.totalIsLowerBound).toBe(true);
  });

  it("walks a link's place by cursor from the index once it holds the deployments", async () => {
    const before = await page("size=20"); // nothing indexed yet: each upstream, by time
    if (before.paging !== "cursor" || !before.older) throw new Error("a place in the time queue");
    for (const key of KEYS) await sync(key, database().db);
    const gets = upstreamGets();
    const older = await page(`size=20&cursor=${before.older}`);
    if (older.paging !== "cursor") throw new Error("a cursor pages by time");
    expect(older.source?.kind).toBe("index");
    expect(keysOf(older)).toEqual(timeQueue().slice(20, 40));
    const back = await page(`size=20&cursor=${older.newer}`);
    expect(keysOf(back)).toEqual(timeQueue().slice(0, 20));
    expect(upstreamGets()).toBe(gets);
  });

  it("names by cursor too a deployment whose backfill still reads the past", async () => {
    const before = await page("size=20");
    if (before.paging !== "cursor" || !before.older) throw new Error("a place in the time queue");
    await sync("acme", database().db);
    await sync("globex", database().db, 1);
    const older = await page(`size=20&cursor=${before.older}`);
    if (older.paging !== "cursor") throw new Error("a cursor pages by time");
    expect(older.source?.kind).toBe("index");
    expect(older.gaps?.map((gap) => [gap.deployment, gap.state])).toEqual([
      ["globex", "backfilling"],
    ]);
  });

  it.runIf(engine === "postgres")(
    "reads each upstream by time while the index's server is down, and refuses what only the index answers",
    async () => {
      for (const key of KEYS) await sync(key, database().db);
      vi.spyOn(console, "warn").mockImplementation(() => undefined);
      await server()!.stop();
      try {
        const plain = await page("size=20");
        expect(plain.paging).toBe("cursor");
        expect(plain.paging === "cursor" && plain.indexUnavailable).toMatch(/cannot be reached/);
        const sorted = await queue("sort=priority,desc");
        expect(sorted.status).toBe(503);
        expect(parseErrorBody(await sorted.json())?.error.code).toBe("index_unavailable");
      } finally {
        await server()!.start();
        vi.restoreAllMocks();
      }
    },
  );
});
