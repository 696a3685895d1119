import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { publishSessionNotice } from "@/lib/server/auth/session-notices";
import { SessionRegistry, type SessionRef } from "@/lib/server/auth/sessions";
import { MemoryStore } from "@/lib/server/store/memory";
import { ManualClock } from "@/test/manual-clock";
import { StreamSessions } from "./stream-sessions";

// What ends a replica's streams with their sessions, beyond the revocation's notice (the stream
// route's test, live-stream-sessions.test.ts, has that across replicas): the periodic check for
// a notice missed, its cost, failing closed, and a late "sign out everywhere". On the memory
// store, with the test's clock.

const HOUR = 3_600_000;
const limits = { maxAgeMs: 12 * HOUR, idleTimeoutMs: 2 * HOUR };
const CHECK_MS = 3_000;

function setup() {
  const clock = new ManualClock();
  const store = new MemoryStore({ now: clock.now });
  const registry = new SessionRegistry(store, limits, clock.now);
  return { clock, store, registry };
}

/** `count` streams held with `session`; each says whether it has ended (and how many times). */
function streams(sessions: StreamSessions, session: SessionRef, count = 1) {
  return Array.from({ length: count }, () => {
    const stream = { ends: 0 };
    sessions.hold(session, () => stream.ends++);
    return stream;
  });
}

describe("stream sessions", () => {
  it("ends a session revoked without a notice heard at its next check, one store read for all", async () => {
    const { clock, store, registry } = setup();
    // Deaf to the registry's notices: every notice is missed.
    const sessions = new StreamSessions({
      store: new MemoryStore(),
      sessions: registry,
      clock,
      checkMs: CHECK_MS,
    });
    await sessions.ready();
    const held = [];
    for (let n = 0; n < 100; n++) {
      const { sid } = await registry.create(`local:analyst-${n}`);
      held.push({ sid, streams: streams(sessions, { sid, user: `local:analyst-${n}` }, 3) });
    }
    let reads = 0;
    const getMany = store.getMany.bind(store);
    store.getMany = (keys) => {
      reads++;
      return getMany(keys);
    };

    await registry.revoke(held[7]!.sid);
    await clock.advance(CHECK_MS - 1);
    expect(held[7]!.streams.map((stream) => stream.ends)).toEqual([0, 0, 0]);
    await clock.advance(1);
    await sessions.settled();
    expect(held[7]!.streams.map((stream) => stream.ends)).toEqual([1, 1, 1]);
    expect(reads).toBe(1); // 300 streams, 100 sessions: one read

    await clock.advance(10 * CHECK_MS);
    await sessions.settled();
    expect(reads).toBe(11);
    expect(sessions.held()).toBe(99);
    const ended = held.flatMap((each) => each.streams).filter((stream) => stream.ends > 0);
    expect(ended).toHaveLength(3);
  });

  it("fails closed: ends streams whose session cannot be checked for two minutes, not sooner", async () => {
    const { clock } = setup();
    let down = true;
    let checks = 0;
    const sessions = new StreamSessions({
      store: new MemoryStore(),
      sessions: {
        checkMany: async (all) => {
          checks++;
          if (down) throw new ApiError("store_unavailable", "down");
          return all.map(() => true);
        },
      },
      clock,
      checkMs: CHECK_MS,
    });
    const [ada] = streams(sessions, { sid: "a", user: "local:ada" });
    await clock.advance(90_000); // a minute and a half down
    expect(ada!.ends).toBe(0);
    down = false; // back: checked, and the count starts again
    await clock.advance(CHECK_MS);
    down = true;
    await clock.advance(2 * 60_000 - CHECK_MS);
    expect(ada!.ends).toBe(0);
    await clock.advance(CHECK_MS);
    await sessions.settled();
    expect(ada!.ends).toBe(1);
    // Nothing held, nothing checked.
    const made = checks;
    expect(clock.pending).toBe(0);
    await clock.advance(HOUR);
    expect(checks).toBe(made);
  });

  it("on a late notice of signing out everywhere, ends only sessions begun before it", async () => {
    const { clock, store, registry } = setup();
    const sessions = new StreamSessions({ store, sessions: registry, clock, checkMs: CHECK_MS });
    await sessions.ready();
    const before = await registry.create("local:ada");
    const [old] = streams(sessions, { sid: before.sid, user: "local:ada" });
    await registry.revokeAll("local:ada"); // heard at once: no clock moved
    await sessions.settled();
    expect(old!.ends).toBe(1);

    const since = await registry.create("local:ada");
    const [fresh] = streams(sessions, { sid: since.sid, user: "local:ada" });
    await publishSessionNotice(store, { type: "revoked-all", user: "local:ada" }); // the same, late
    await sessions.settled();
    expect(fresh!.ends).toBe(0);
    expect(sessions.held()).toBe(1);
    await sessions.close();
  });
});
