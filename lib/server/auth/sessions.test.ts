import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MemoryStore } from "@/lib/server/store/memory";
import type { SharedStore } from "@/lib/server/store";
import { redisFixture } from "@/test/redis-fixture";
import { subscribeSessionNotices, type SessionNotice } from "./session-notices";
import { SessionRegistry } from "./sessions";

// Sessions in the shared store: revocation, "sign out everywhere", the lifetime counted from
// sign-in and the idle timeout. The registry's clock is the test's; on Redis too, since the
// registry decides expiry from the times it recorded, not from the store's TTLs.

const HOUR = 3_600_000;
const limits = { maxAgeMs: 12 * HOUR, idleTimeoutMs: 2 * HOUR };

const redis = redisFixture();

/** Polls until `check` holds: Redis's messages take real milliseconds. Bounds a broken run. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe.each(["memory", "redis"] as const)("sessions on the %s store", (kind) => {
  const setup = () => {
    const clock = { now: Date.parse("2026-11-22T08:00:00Z") };
    const prefix = `${randomUUID()}:`;
    const on = (): SharedStore =>
      kind === "memory" ? new MemoryStore({ now: () => clock.now }) : redis.store({ prefix });
    const store = on();
    // Two replicas: two registries on one store (on Redis, each its own connection to it).
    const other = kind === "memory" ? store : on();
    const replica = (shared: SharedStore) => new SessionRegistry(shared, limits, () => clock.now);
    return { clock, store, other, a: replica(store), b: replica(other) };
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

  run("tells every replica when a session ends, or all of an analyst's", async () => {
    const { other, a } = setup();
    const heard: SessionNotice[] = [];
    const end = await subscribeSessionNotices(other, (notice) => heard.push(notice));
    const { sid } = await a.create("local:ada");
    await a.revoke(sid);
    await a.revokeAll("local:bob");
    await eventually(() => heard.length === 2, "both notices");
    expect(heard).toEqual([
      { type: "revoked", sid },
      { type: "revoked-all", user: "local:bob" },
    ]);
    await end();
  });

  run("checks many sessions in one read, as it checks one", async () => {
    const { clock, other, a, b } = setup();
    const live = await a.create("local:ada");
    const revoked = await a.create("local:ada");
    const everywhere = await b.create("local:bob");
    const idle = await b.create("local:cy");
    clock.now += 1_000;
    await a.revoke(revoked.sid);
    await a.revokeAll("local:bob");
    clock.now += 2 * HOUR - 60_000;
    expect(await a.check(live.sid, "local:ada")).toBe(true); // activity: idle stays idle
    clock.now += 60_000;
    const sessions = [
      { sid: live.sid, user: "local:ada" },
      { sid: revoked.sid, user: "local:ada" },
      { sid: everywhere.sid, user: "local:bob" },
      { sid: idle.sid, user: "local:cy" },
      { sid: "made-up", user: "local:ada" },
    ];
    let reads = 0;
    const getMany = other.getMany.bind(other);
    other.getMany = (keys) => {
      reads++;
      return getMany(keys);
    };
    expect(await b.checkMany(sessions)).toEqual([true, false, false, false, false]);
    expect(reads).toBe(1); // b's store
    other.getMany = getMany;
    for (const [i, { sid, user }] of sessions.entries()) {
      expect(await a.check(sid, user)).toBe(i === 0);
    }
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
