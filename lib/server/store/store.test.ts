import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { redisFixture } from "@/test/redis-fixture";
import { redisTestsEnabled, startRedisServer } from "@/test/redis-server";
import { MemoryStore } from "./memory";
import { RedisStore } from "./redis";
import type { SharedStore, ThrottleRule } from "./types";

// One contract, two stores: the memory store (its clock injected) and a real redis-server on a
// free port (Redis's own clock: only relative times are asserted there).

const redis = redisFixture();

/** Polls until `check` holds; the bound only ends a broken run (reconnections back off to 2 s). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 15_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 15 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const rule = (key: string, overrides: Partial<ThrottleRule> = {}): ThrottleRule => ({
  key,
  free: 3,
  baseDelayMs: 60_000,
  maxDelayMs: 600_000,
  windowMs: 3_600_000,
  ...overrides,
});

type Kind = "memory" | "redis";
const kinds: Kind[] = ["memory", "redis"];

describe.each(kinds)("the %s store", (kind) => {
  let store: SharedStore;
  let key: (name: string) => string;

  beforeAll(async () => {
    if (kind === "redis" && !redis.server) return;
    store = kind === "memory" ? new MemoryStore() : redis.store();
    await store.ping();
  });
  const run = (name: string, test: () => Promise<void>) =>
    it(name, async (context) => {
      if (kind === "redis" && !redis.server) context.skip();
      const id = randomUUID();
      key = (n: string) => `test:${id}:${n}`;
      await test();
    });

  run("keeps a value until its expiry, then forgets it", async () => {
    await store.set(key("a"), "one", 60_000);
    await store.set(key("b"), "two", 30);
    expect(await store.getMany([key("a"), key("b"), key("none")])).toEqual(["one", "two", null]);
    await eventually(async () => (await store.get(key("b"))) === null, "b expires");
    expect(await store.get(key("a"))).toBe("one");
    await store.delete(key("a"));
    expect(await store.get(key("a"))).toBeNull();
  });

  run("sets if absent only once, and deletes only the value it was given", async () => {
    expect(await store.setIfAbsent(key("lock"), "me", 60_000)).toBe(true);
    expect(await store.setIfAbsent(key("lock"), "you", 60_000)).toBe(false);
    expect(await store.deleteIfEquals(key("lock"), "you")).toBe(false);
    expect(await store.get(key("lock"))).toBe("me");
    expect(await store.deleteIfEquals(key("lock"), "me")).toBe(true);
    expect(await store.setIfAbsent(key("lock"), "you", 60_000)).toBe(true);
  });

  run("renews a lock only for its holder", async () => {
    expect(await store.extendIfEquals(key("lock"), "me", 60_000)).toBe(false); // nobody holds it
    await store.set(key("lock"), "me", 40);
    expect(await store.extendIfEquals(key("lock"), "you", 60_000)).toBe(false);
    expect(await store.extendIfEquals(key("lock"), "me", 60_000)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 80)); // past the first expiry
    expect(await store.get(key("lock"))).toBe("me");
  });

  run(
    "delivers what is published to every subscriber of the channel, until it leaves",
    async () => {
      const heard: string[] = [];
      const other: string[] = [];
      const leave = await store.subscribe(key("channel"), (message) => heard.push(`a ${message}`));
      await store.subscribe(key("channel"), (message) => heard.push(`b ${message}`));
      await store.subscribe(key("elsewhere"), (message) => other.push(message));
      await store.publish(key("channel"), "one");
      await eventually(async () => heard.length === 2, "both subscribers hear it");
      expect(heard.sort()).toEqual(["a one", "b one"]);
      await leave();
      await store.publish(key("channel"), "two");
      await eventually(async () => heard.length === 3, "the remaining subscriber hears it");
      expect(heard.at(-1)).toBe("b two");
      expect(other).toEqual([]);
    },
  );

  run("updates only what still exists, and counts", async () => {
    expect(await store.setIfPresent(key("gone"), "x", 60_000)).toBe(false);
    expect(await store.get(key("gone"))).toBeNull();
    await store.set(key("here"), "1", 60_000);
    expect(await store.setIfPresent(key("here"), "2", 60_000)).toBe(true);
    expect(await store.get(key("here"))).toBe("2");
    expect(await store.increment(key("n"), 60_000)).toBe(1);
    expect(await store.increment(key("n"), 60_000)).toBe(2);
    expect(await store.get(key("n"))).toBe("2");
  });

  run("spaces reservations one interval apart after the burst", async () => {
    const rate = { intervalMs: 40, burst: 3, maxWaitMs: 10_000 };
    const slots = [];
    for (let i = 0; i < 6; i++) slots.push(await store.reserve(key("budget"), rate));
    const granted = slots.map((slot) => {
      if (!slot.granted) throw new Error("refused");
      return slot;
    });
    // The first three may go at once; the later ones one interval apart, counted from the first.
    const first = granted[0]!;
    expect(granted.slice(0, 3).every((slot) => slot.at - first.at < 40)).toBe(true);
    for (let i = 3; i < 6; i++) expect(granted[i]!.at - first.at).toBeCloseTo((i - 2) * 40, 0);
    expect(granted[5]!.waitMs).toBeGreaterThan(granted[4]!.waitMs);
  });

  run("refuses a reservation too far ahead, and the refusal costs nothing", async () => {
    const rate = { intervalMs: 1_000, burst: 1, maxWaitMs: 1_500 };
    const a = await store.reserve(key("budget"), rate);
    const b = await store.reserve(key("budget"), rate);
    const c = await store.reserve(key("budget"), rate); // about 2 s ahead
    expect(a.granted && b.granted).toBe(true);
    expect(c).toMatchObject({ granted: false });
    if (!c.granted) expect(c.retryInMs).toBeGreaterThan(0);
    if (!b.granted) throw new Error("b refused");
    // A refusal did not move the budget: the next reservation that fits is b's successor.
    const wide = await store.reserve(key("budget"), { ...rate, maxWaitMs: 10_000 });
    if (!wide.granted) throw new Error("refused");
    expect(wide.at - b.at).toBeCloseTo(1_000, 0);
  });

  run("throttles after the free attempts, with a delay that doubles", async () => {
    const r = rule(key("t"));
    for (let i = 1; i <= 3; i++) {
      expect(await store.throttleAttempt([r])).toEqual({ waitMs: 0, attempts: [i] });
    }
    const refused = await store.throttleAttempt([r]);
    expect(refused.waitMs).toBeGreaterThan(59_000);
    expect(refused.waitMs).toBeLessThanOrEqual(60_000);
    // The refusal was not counted.
    expect((await store.throttleState(r)).attempts).toBe(3);
    // A success gives its attempt back, and a reset clears the counter.
    await store.throttleGiveBack([r], []);
    expect(await store.throttleState(r)).toEqual({ attempts: 2, waitMs: 0 });
    await store.throttleGiveBack([r], [r.key]);
    expect(await store.throttleState(r)).toEqual({ attempts: 0, waitMs: 0 });
  });

  run("counts an attempt against every rule, or against none", async () => {
    const account = rule(key("account"), { free: 1 });
    const address = rule(key("address"), { free: 10 });
    expect(await store.throttleAttempt([account, address])).toEqual({
      waitMs: 0,
      attempts: [1, 1],
    });
    expect((await store.throttleAttempt([account, address])).waitMs).toBeGreaterThan(0);
    expect((await store.throttleState(address)).attempts).toBe(1);
  });

  run("lets exactly the free attempts through when they arrive together", async () => {
    const r = rule(key("parallel"), { free: 5 });
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, () => store.throttleAttempt([r])),
    );
    expect(outcomes.filter((outcome) => outcome.waitMs === 0)).toHaveLength(5);
  });
});

describe("the memory store", () => {
  it("runs on the clock it is given", async () => {
    let now = 1_000_000;
    const store = new MemoryStore({ now: () => now });
    await store.set("cache:x", "1", 100);
    now += 99;
    expect(await store.get("cache:x")).toBe("1");
    now += 2;
    expect(await store.get("cache:x")).toBeNull();

    const r = rule("throttle:t", { free: 1, baseDelayMs: 1_000, maxDelayMs: 4_000 });
    await store.throttleAttempt([r]);
    expect(await store.throttleAttempt([r])).toEqual({ waitMs: 1_000 });
    now += 1_000;
    expect(await store.throttleAttempt([r])).toEqual({ waitMs: 0, attempts: [2] });
    expect(await store.throttleAttempt([r])).toEqual({ waitMs: 2_000 });
    now += 2_000;
    await store.throttleAttempt([r]);
    now += 4_000;
    await store.throttleAttempt([r]);
    expect(await store.throttleAttempt([r])).toEqual({ waitMs: 4_000 }); // capped
    now += r.windowMs + 1;
    expect(await store.throttleState(r)).toEqual({ attempts: 0, waitMs: 0 });
  });

  it("stays within its bounds and holds no timer, whatever the flood", async () => {
    const store = new MemoryStore({ tables: { throttle: { maxEntries: 1_000 } } });
    const timers = () =>
      process.getActiveResourcesInfo().filter((resource) => resource === "Timeout").length;
    const before = timers();
    for (let i = 0; i < 20_000; i++) {
      await store.throttleAttempt([rule(`throttle:user-${i}`)]);
    }
    expect(store.sizes().throttle).toBe(1_000);
    expect(timers()).toBe(before);
  });
});

describe.runIf(redisTestsEnabled())("the redis store when Redis goes away", () => {
  it("fails with store_unavailable, and recovers by itself when Redis returns", async () => {
    const server = await startRedisServer();
    const store = new RedisStore({ url: server.url, commandTimeoutMs: 500 });
    try {
      await store.set("k", "v", 60_000);
      await server.stop();
      // No offline queue: the command fails now, it does not wait for a reconnection.
      const failure = await store.get("k").catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(ApiError);
      expect(failure).toMatchObject({ code: "store_unavailable", status: 503 });

      await server.start();
      await eventually(
        () =>
          store.ping().then(
            () => true,
            () => false,
          ),
        "the store answers again",
      );
      await store.set("k", "back", 60_000);
      expect(await store.get("k")).toBe("back");
    } finally {
      await store.close();
      await server.close();
    }
  });

  it("fails at its deadline when Redis stalls with the connection open, and recovers after", async () => {
    const server = await startRedisServer();
    const store = new RedisStore({ url: server.url, commandTimeoutMs: 300 });
    try {
      await store.set("k", "v", 60_000);
      server.pause();
      // Neither a closed connection nor an error reply: only our own deadline ends these.
      const failures = await Promise.all(
        [store.get("k"), store.reserve("b", { intervalMs: 10, burst: 1, maxWaitMs: 1_000 })].map(
          (pending) => pending.catch((error: unknown) => error),
        ),
      );
      for (const failure of failures) {
        expect(failure).toMatchObject({ code: "store_unavailable", status: 503 });
      }
      server.resume();
      await eventually(
        () =>
          store.get("k").then(
            (value) => value === "v",
            () => false,
          ),
        "the store answers again",
      );
    } finally {
      server.resume();
      await store.close();
      await server.close();
    }
  });
});
