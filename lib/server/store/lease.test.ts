import { describe, expect, it } from "vitest";
import { redisFixture } from "@/test/redis-fixture";
import { ManualClock } from "@/test/manual-clock";
import { Lease } from "./lease";
import { MemoryStore } from "./memory";
import type { SharedStore } from "./types";

// The lease on both stores: one holder at a time, the work done once, released by its owner
// only. On Redis the lease's expiry is Redis's own clock: it is asserted by what a holder may
// do, never by waiting it out.

const redis = redisFixture();

describe.each(["memory", "redis"] as const)("a lease on the %s store", (kind) => {
  const run = (name: string, test: (store: SharedStore) => Promise<void>) =>
    it(name, async (context) => {
      if (kind === "redis" && !redis.server) context.skip();
      await test(kind === "redis" ? redis.store() : new MemoryStore());
    });

  run("has one holder at a time, who alone may extend and release it", async (store) => {
    const a = new Lease(store, "job", { ttlMs: 60_000 });
    const b = new Lease(store, "job", { ttlMs: 60_000 });
    expect(await a.take()).toBe(true);
    expect(await b.take()).toBe(false);
    expect(await b.extend()).toBe(false);
    expect(await b.takeOrExtend()).toBe(false);
    await b.release(); // not b's: a still holds it
    expect(await b.take()).toBe(false);
    expect(await a.takeOrExtend()).toBe(true);
    await a.release();
    expect(a.held).toBe(false);
    expect(await b.takeOrExtend()).toBe(true);
  });

  run("does the work once when many ask at once, reading again under the lease", async (store) => {
    let done: string | undefined;
    let works = 0;
    const ask = () =>
      new Lease(store, "once", { ttlMs: 60_000 }).exclusive(
        async () => done, // another holder may have done it meanwhile
        async () => {
          works++;
          await new Promise((resolve) => setTimeout(resolve, 5));
          done = "result";
          return done;
        },
      );
    const first = await Promise.all(Array.from({ length: 10 }, ask));
    expect(works).toBe(1);
    expect(first.filter((outcome) => outcome.ran)).toEqual([{ ran: true, value: "result" }]);
    // Later askers find the work done under the lease, and do not do it again.
    expect(await ask()).toEqual({ ran: true, value: "result" });
    expect(works).toBe(1);
  });

  run("is released when the work fails, so another may try", async (store) => {
    const lease = new Lease(store, "failing", { ttlMs: 60_000 });
    await expect(
      lease.exclusive(
        async () => undefined,
        async () => {
          throw new Error("the work failed");
        },
      ),
    ).rejects.toThrow("the work failed");
    expect(await new Lease(store, "failing", { ttlMs: 60_000 }).take()).toBe(true);
  });
});

// Redis expires keys by its own clock, which a test cannot move: lapsing is the memory store's.
it("is free again when its holder let it lapse, and the lapsed holder cannot take it back", async () => {
  const clock = new ManualClock();
  const store = new MemoryStore({ now: clock.now });
  const a = new Lease(store, "lapsing", { ttlMs: 1_000 });
  const b = new Lease(store, "lapsing", { ttlMs: 1_000 });
  expect(await a.take()).toBe(true);
  await clock.advance(1_001);
  expect(await b.take()).toBe(true);
  expect(await a.extend()).toBe(false); // lapsed and taken: a may not extend b's
  await a.release();
  expect(await new Lease(store, "lapsing", { ttlMs: 1_000 }).take()).toBe(false);
});
