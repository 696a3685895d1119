import { randomUUID } from "node:crypto";
import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { TRIAGE_STREAM_VIEW } from "@/lib/shared/triage/types";
import { SessionRegistry } from "@/lib/server/auth/sessions";
import type { LiveHub } from "@/lib/server/live/hub";
import { StreamSessions } from "@/lib/server/live/stream-sessions";
import type { SharedStore } from "@/lib/server/store";
import { MemoryStore } from "@/lib/server/store/memory";
import { publishTriageNotice, triageNotices } from "@/lib/server/triage/notices";
import { testAnalyst } from "@/test/analyst";
import { acmeSimulator } from "@/test/deployments-env";
import { liveStream } from "./live-stream";
import { ManualClock } from "@/test/manual-clock";
import { redisFixture } from "@/test/redis-fixture";

// A live stream ends with its session: signed out on one replica, the streams opened with it on
// another end at once, and the team's notices stop reaching them. Two replicas: two stores on one
// Redis (or one memory store), each with its registry, notice board and stream sessions. Their
// clock is a manual one that never moves: what ends a stream here is the revocation's notice,
// not the periodic check.

// The console configured with Acme (everyone's) and Hidden (not these analysts'), on a simulator
// that no stream here reads: the route checks each view's deployment against the analyst's.
acmeSimulator({ id: "stream-client", secret: "stream-secret-5e2d" }, { alarms: 10 });

const HOUR = 3_600_000;
const limits = { maxAgeMs: 12 * HOUR, idleTimeoutMs: 2 * HOUR };
const redis = redisFixture();

/** One replica of the console on `store`. */
function replica(store: SharedStore, clock: ManualClock) {
  const registry = new SessionRegistry(store, limits, clock.now);
  const triage = triageNotices(store);
  const sessions = new StreamSessions({ store, sessions: registry, clock });
  return { store, registry, triage, sessions };
}
type Replica = ReturnType<typeof replica>;

/** A browser's stream of the team's notices, opened on `on` with the session `sid` of `user`. */
async function open(on: Replica, user: string, sid: string) {
  const analyst = testAnalyst(user, { sid });
  const response = await liveStream(
    new NextRequest(`http://console.test/api/live?view=${TRIAGE_STREAM_VIEW}`),
    {
      hub: {} as LiveHub, // no view of the list is watched
      triage: on.triage,
      sessions: on.sessions,
      // As a request's cookie is checked: the session must be live on this replica.
      analyst: async () => ((await on.registry.check(sid, user)) ? analyst : null),
    },
  );
  expect(response.status).toBe(200);
  const stream = { text: "", done: false };
  const reader = response.body!.getReader();
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
      if (done) return void (stream.done = true);
      stream.text += new TextDecoder().decode(value);
    }
  })();
  return stream;
}

let notices = 0;
/** A triage notice published on `store` (a teammate's write on that replica). */
async function tell(store: SharedStore): Promise<string> {
  const uuid = randomUUID();
  await publishTriageNotice(store, {
    deployment: "acme",
    uuids: [uuid],
    action: "owner",
    analyst: "local:grace",
    analystName: "Grace",
    owner: "local:grace",
    at: ++notices,
  });
  return uuid;
}

/** Polls until `check` holds: Redis's messages take real milliseconds. Bounds a broken run. */
async function eventually(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within 5 s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Lets messages already sent through Redis arrive. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 100));

describe.each(["memory", "redis"] as const)("live streams and sessions on the %s store", (kind) => {
  const setup = () => {
    const clock = new ManualClock();
    if (kind === "memory") {
      // One process: both "replicas" share the store.
      const store = new MemoryStore({ now: clock.now });
      return { clock, a: replica(store, clock), b: replica(store, clock) };
    }
    const prefix = `${randomUUID()}:`;
    const a = replica(redis.store({ prefix }), clock);
    const b = replica(redis.store({ prefix }), clock);
    return { clock, a, b };
  };
  const run = (name: string, test: () => Promise<void>) =>
    it(name, async (context) => {
      if (kind === "redis" && !redis.server) context.skip();
      await test();
    });

  run("ends a stream on replica A at once when its session is signed out on B", async () => {
    const { a, b } = setup();
    const ada = await b.registry.create("local:ada");
    const bob = await b.registry.create("local:bob");
    const adas = await open(a, "local:ada", ada.sid);
    const bobs = await open(a, "local:bob", bob.sid);
    const first = await tell(b.store);
    await eventually(() => adas.text.includes(first) && bobs.text.includes(first), "a notice");

    await b.registry.revoke(ada.sid); // signing out on replica B
    await eventually(() => adas.done, "Ada's stream ends");
    expect(adas.text).toContain('event: ended\ndata: {"code":"unauthenticated"}');
    expect(a.sessions.held()).toBe(1);

    // The team's notices reach the streams still open, and no longer the one ended.
    const second = await tell(b.store);
    await eventually(() => bobs.text.includes(second), "the next notice");
    await quiet();
    expect(adas.text).not.toContain(second);
    expect(bobs.done).toBe(false);
  });

  run("ends every stream of an analyst who signs out everywhere, and only theirs", async () => {
    const { a, b } = setup();
    const laptop = await a.registry.create("local:ada");
    const phone = await b.registry.create("local:ada");
    const colleague = await a.registry.create("local:bob");
    const streams = [
      await open(a, "local:ada", laptop.sid),
      await open(a, "local:ada", laptop.sid), // a second window
      await open(a, "local:ada", phone.sid),
    ];
    const bobs = await open(a, "local:bob", colleague.sid);

    await b.registry.revokeAll("local:ada");
    await eventually(() => streams.every((stream) => stream.done), "Ada's streams end");
    await quiet();
    await a.sessions.settled();
    expect(bobs.done).toBe(false);
    expect(a.sessions.held()).toBe(1);
  });
});
