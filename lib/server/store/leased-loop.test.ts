import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { ManualClock } from "@/test/manual-clock";
import { redisFixture } from "@/test/redis-fixture";
import { LeasedLoop } from "./leased-loop";
import { MemoryStore } from "./memory";
import type { SharedStore } from "./types";

// The leased loop on both stores, on a clock the test moves: one replica does the work at a
// time, each step when the last one said, another takes over once the holder stops, and a holder
// that lost its lease stops doing the work. On Redis the lease's expiry is Redis's own clock: the
// loss is a lease taken from under the holder, never one waited out.

const redis = redisFixture();
const INTERVAL_MS = 1_000;

/** Replicas' loops on one key, each counting its steps; `settled` awaits every turn begun. */
function replicas(store: SharedStore, count: number, nextInMs = INTERVAL_MS) {
  const clock = new ManualClock();
  const key = `loop-${randomUUID()}`;
  const turns = new Set<Promise<unknown>>();
  const steps = Array.from({ length: count }, () => 0);
  const loops = steps.map(
    (_, i) =>
      new LeasedLoop({
        store,
        key,
        leaseMs: 60_000,
        owner: `replica-${i}`,
        clock,
        intervalMs: INTERVAL_MS,
        step: async () => {
          steps[i]!++;
          return nextInMs;
        },
        track: (work) => {
          const turn = work();
          turns.add(turn);
          void turn.finally(() => turns.delete(turn));
          return turn;
        },
      }),
  );
  const settled = async () => {
    while (turns.size > 0) await Promise.all(turns);
  };
  /** Moves the clock one step at a time, each turn done before the next timer fires. */
  const advance = async (ms: number) => {
    for (let moved = 0; moved < ms; moved += 100) {
      await clock.advance(100);
      await settled();
    }
  };
  return { clock, key, loops, steps, settled, advance };
}

describe.each(["memory", "redis"] as const)("a leased loop on the %s store", (kind) => {
  const run = (name: string, test: (store: SharedStore) => Promise<void>) =>
    it(name, async (context) => {
      if (kind === "redis" && !redis.server) context.skip();
      await test(kind === "redis" ? redis.store() : new MemoryStore());
    });

  run("steps on one replica at a time, each when the last step said", async (store) => {
    const { loops, steps, settled, advance } = replicas(store, 3, 2_500);
    for (const loop of loops) loop.start();
    await settled();
    expect(steps).toEqual([1, 0, 0]);
    await advance(10_000);
    // The holder's steps every 2.5 s; the others looked every second and did nothing.
    expect(steps).toEqual([5, 0, 0]);
    expect(loops.map((loop) => loop.held)).toEqual([true, false, false]);
    await Promise.all(loops.map((loop) => loop.stop()));
  });

  run(
    "goes on from another replica when the holder stops, and lets the lease go",
    async (store) => {
      const { key, loops, steps, settled, advance } = replicas(store, 2);
      for (const loop of loops) loop.start();
      await settled();
      await loops[0]!.stop();
      await advance(1_000);
      expect(steps).toEqual([1, 1]);
      await advance(3_000);
      expect(steps).toEqual([1, 4]);
      // Stopped, the first takes no turn again; the second's lease goes when it stops.
      await loops[1]!.stop();
      await advance(3_000);
      expect(steps).toEqual([1, 4]);
      expect(await store.get(key)).toBeNull();
    },
  );

  run("stops doing the work when its lease is taken from under it", async (store) => {
    const { key, loops, steps, settled, advance } = replicas(store, 1);
    loops[0]!.start();
    await settled();
    // The lease lapsed (a long pause of this process) and another replica took it.
    await store.delete(key);
    expect(await store.setIfAbsent(key, "another", 60_000)).toBe(true);
    await advance(3_000);
    expect(steps).toEqual([1]);
    expect(loops[0]!.held).toBe(false);
    // Stopping does not release the other holder's lease.
    await loops[0]!.stop();
    expect(await store.get(key)).toBe("another");
  });

  run(
    "waits an interval after a step that failed, and after a store that failed",
    async (store) => {
      const clock = new ManualClock();
      const key = `loop-${randomUUID()}`;
      let steps = 0;
      const loop = new LeasedLoop({
        store,
        key,
        leaseMs: 60_000,
        clock,
        intervalMs: INTERVAL_MS,
        step: async () => {
          steps++;
          throw new Error("the upstream failed");
        },
      });
      expect(await loop.turn()).toBe(INTERVAL_MS);
      expect(steps).toBe(1);
      const extend = store.extendIfEquals.bind(store);
      store.extendIfEquals = () => Promise.reject(new Error("store_unavailable"));
      store.setIfAbsent = () => Promise.reject(new Error("store_unavailable"));
      expect(await loop.turn()).toBe(INTERVAL_MS);
      expect(steps).toBe(1);
      store.extendIfEquals = extend;
      await loop.stop();
    },
  );
});

it("brings its next turn forward when woken, only while it holds the lease", async () => {
  const store = new MemoryStore();
  const { clock, loops, steps, settled, advance } = replicas(store, 2, 60_000);
  for (const loop of loops) loop.start();
  await settled();
  expect(steps).toEqual([1, 0]);
  loops[0]!.wake(500);
  loops[1]!.wake(500); // not its lease: its next look is as it was
  await advance(500);
  expect(steps).toEqual([2, 0]);
  loops[0]!.wake(120_000); // later than the turn already set: nothing changes
  await advance(1_000);
  expect(steps).toEqual([2, 0]);
  expect(clock.pending).toBe(2);
  for (const loop of loops) loop.halt();
  expect(clock.pending).toBe(0);
});
