import { describe, expect, it } from "vitest";
import { MemoryStore } from "@/lib/server/store/memory";
import type { SharedStore } from "@/lib/server/store";
import { redisFixture } from "@/test/redis-fixture";
import { SessionRegistry } from "./sessions";

// Sessions in the shared store: revocation, "sign out everywhere", the lifetime counted from
// sign-in and the idle timeout. The registry's clock is the test's; on Redis too, since the
// registry decides expiry from the times it recorded, not from the store's TTLs.

const HOUR = 3_600_000;
const limits = { maxAgeMs: 12 * HOUR, idleTimeoutMs: 2 * HOUR };

const redis = redisFixture();

describe.each(["memory", "redis"] as const)("sessions on the %s store", (kind) => {
  const setup = () => {
    const clock = { now: Date.parse("2026-11-22T08:00:00Z") };
    const store: SharedStore =
      kind === "memory" ? new MemoryStore({ now: () => clock.now }) : redis.store();
    // Two replicas: two registries on one store.
    const replica = () => new SessionRegistry(store, limits, () => clock.now);
    return { clock, store, a: replica(), b: replica() };
  };
  const run = (name: string, test: () => Promise<void>) =>
    it(name, async (context) => {
      if (kind === "redis" && !redis.server) context.skip();
      await test();
    });

  run("ends a session everywhere at once when it is revoked on one replica", async () => {
    const { a, b } = setup();
    const { sid } = await a.create("local:ada");
    expect(await b.check(sid, "local:ada")).toBe(true);
    await a.revoke(sid);
    expect(await b.check(sid, "local:ada")).toBe(false);
    expect(await a.check(sid, "local:ada")).toBe(false);
  });

  run("knows no session it did not register, nor one of somebody else", async () => {
    const { a } = setup();
    const { sid } = await a.create("local:ada");
    expect(await a.check("made-up", "local:ada")).toBe(false);
    expect(await a.check(sid, "local:bob")).toBe(false);
  });

  run("signs an analyst out everywhere, and only sessions begun before", async () => {
    const { clock, a, b } = setup();
    const laptop = await a.create("local:ada");
    const phone = await b.create("local:ada");
    const colleague = await a.create("local:bob");
    clock.now += 1_000;
    await b.revokeAll("local:ada");
    expect(await a.check(laptop.sid, "local:ada")).toBe(false);
    expect(await a.check(phone.sid, "local:ada")).toBe(false);
    expect(await a.check(colleague.sid, "local:bob")).toBe(true);
    clock.now += 1_000;
    const again = await a.create("local:ada");
    expect(await b.check(again.sid, "local:ada")).toBe(true);
  });

  run("signs an analyst out everywhere whatever the replicas' clocks say", async () => {
    const { clock, store } = setup();
    const fast = new SessionRegistry(store, limits, () => clock.now + 5_000);
    const slow = new SessionRegistry(store, limits, () => clock.now);
    const early = await fast.create("local:ada"); // stamped 5 s ahead
    clock.now += 2_000;
    await slow.revokeAll("local:ada"); // stamped before the session's own time
    expect(await slow.check(early.sid, "local:ada")).toBe(false);
    expect(await fast.check(early.sid, "local:ada")).toBe(false);
  });

  run("never brings back a session revoked while its activity was being recorded", async () => {
    const { clock, store } = setup();
    const a = new SessionRegistry(store, limits, () => clock.now);
    const b = new SessionRegistry(store, limits, () => clock.now);
    const { sid } = await a.create("local:ada");
    clock.now += 5 * 60_000; // due for recording its activity
    // Replica A has read the record; replica B revokes it before A writes it back.
    const read = store.getMany.bind(store);
    store.getMany = async (keys) => {
      const values = await read(keys);
      await b.revoke(sid);
      return values;
    };
    await a.check(sid, "local:ada");
    store.getMany = read;
    expect(await b.check(sid, "local:ada")).toBe(false);
    expect(await a.check(sid, "local:ada")).toBe(false);
  });

  run("ends a session after its lifetime from sign-in, however active", async () => {
    const { clock, a } = setup();
    const { sid } = await a.create("local:ada");
    for (let minutes = 30; minutes < 12 * 60; minutes += 30) {
      clock.now += 30 * 60_000;
      expect(await a.check(sid, "local:ada")).toBe(true);
    }
    clock.now += 30 * 60_000; // 12 hours after sign-in
    expect(await a.check(sid, "local:ada")).toBe(false);
  });

  run("ends a session after the idle timeout without a request", async () => {
    const { clock, a } = setup();
    const { sid } = await a.create("local:ada");
    clock.now += 2 * HOUR - 60_000;
    expect(await a.check(sid, "local:ada")).toBe(true); // activity: the clock starts again
    clock.now += 2 * HOUR - 60_000;
    expect(await a.check(sid, "local:ada")).toBe(true);
    clock.now += 2 * HOUR;
    expect(await a.check(sid, "local:ada")).toBe(false);
    clock.now -= HOUR; // and it stays ended
    expect(await a.check(sid, "local:ada")).toBe(false);
  });
});
