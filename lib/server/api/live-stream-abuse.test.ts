import { describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { ApiError } from "@/lib/shared/core/errors";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { testAnalyst } from "@/test/analyst";
import { acmeSimulator } from "@/test/deployments-env";
import { liveStream } from "./live-stream";
import type { LiveHub, LiveListener } from "@/lib/server/live/hub";
import { StreamSessions, type SessionChecks } from "@/lib/server/live/stream-sessions";
import { MemoryStore } from "@/lib/server/store/memory";
import { ManualClock } from "@/test/manual-clock";
import type { LiveState } from "@/lib/shared/live/types";
import { liveViewId } from "@/lib/shared/live/view-id";

// The SSE route's stream, driven directly with a hub stand-in (no Next server).

// The console configured with Acme (everyone's) and Hidden (not these analysts'), on a simulator
// that no stream here reads: the route checks each view's deployment against the analyst's.
acmeSimulator({ id: "stream-client", secret: "stream-secret-5e2d" }, { alarms: 10 });

/** A hub stand-in that hands each subscriber whatever the test pushes. */
function fakeHub() {
  const listeners = new Map<string, Set<LiveListener>>();
  const hub = {
    subscribe(view: { id: string }, listener: LiveListener) {
      let set = listeners.get(view.id);
      if (!set) listeners.set(view.id, (set = new Set()));
      set.add(listener);
      return () => set.delete(listener);
    },
  };
  const push = (state: LiveState) => listeners.get(state.view)?.forEach((l) => l(state));
  return { hub: hub as unknown as LiveHub, push, listeners };
}

const VIEW = liveViewId("acme", DEFAULT_QUERY);

/** The streams' sessions, on a clock of the test's: by default they hold. */
function heldSessions(
  checks: SessionChecks = { checkMany: async (all) => all.map(() => true) },
  clock = new ManualClock(),
) {
  return new StreamSessions({ store: new MemoryStore(), sessions: checks, clock });
}

function state(rev: number, items = 0): LiveState {
  return {
    view: VIEW,
    rev: `e-${rev}`,
    polledAt: 1,
    sentAt: 1,
    intervalMs: 15_000,
    stretched: false,
    error: null,
    fresh: Array.from({ length: items }, (_, i) => ({
      uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
      seenAt: Date.now(),
      priorityLabel: "medium",
    })),
    changes: [],
  };
}

const request = (search: string, headers: Record<string, string> = {}) =>
  new NextRequest(`http://app.test/api/live?${search}`, { headers });

async function readAll(response: Response, atMostMs = 50): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + atMostMs;
  while (Date.now() < deadline) {
    const next = await Promise.race([
      reader.read(),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 10)),
    ]);
    if (!next || next.done) break;
    text += decoder.decode(next.value);
  }
  await reader.cancel();
  return text;
}

describe("the live stream", () => {
  it("bounds what it buffers for a consumer that never reads", async () => {
    const { hub, push } = fakeHub();
    const analyst = testAnalyst("local:slow");
    const response = await liveStream(request(`view=${encodeURIComponent(VIEW)}`), {
      hub,
      sessions: heldSessions(),
      analyst: async () => analyst,
    });
    expect(response.status).toBe(200);
    // A client that stopped reading (a suspended laptop, a hostile script): the Node response
    // stops pulling once the socket is full, so whatever the stream enqueues stays in memory.
    // 2,000 polls of a busy view (~8 h at 15 s) with 200 announcements each:
    for (let rev = 1; rev <= 2_000; rev++) push(state(rev, 200));
    const buffered = (await readAll(response, 5_000)).length;
    // Nothing caps it (enqueue ignores desiredSize): ~36 MB per view, 20 views per stream,
    // 8 streams per analyst per replica.
    expect(buffered).toBeLessThan(5 * 1024 * 1024);
  });

  it("never writes a client's lastEventId back raw (an event injected into the stream)", async () => {
    const { hub, push } = fakeHub();
    const analyst = testAnalyst("local:inject");
    const other = liveViewId("acme", { ...DEFAULT_QUERY, filters: { status: ["open"] } });
    // No spaces: the id is split on them. SSE needs none after the colon.
    const evil = 'x\nevent:state\ndata:{"view":"forged"}\n\n';
    const search = new URLSearchParams([
      ["view", VIEW],
      ["view", other],
      ["lastEventId", `a ${evil}`],
    ]);
    const response = await liveStream(request(search.toString()), {
      hub,
      sessions: heldSessions(),
      analyst: async () => analyst,
    });
    push(state(1));
    const text = await readAll(response);
    // The second view's "rev" from the client is echoed into the id line unvalidated.
    expect(text).not.toContain('data:{"view":"forged"}');
  });

  it("one view id it cannot parse refuses that view only, not the browser's whole stream", async () => {
    const { hub } = fakeHub();
    const analyst = testAnalyst("local:stale-tab");
    // e.g. a tab left open across a deploy that changed the canonical form of a view.
    const search = new URLSearchParams([
      ["view", VIEW],
      ["view", "acme?page=3"],
    ]);
    const response = await liveStream(request(search.toString()), {
      hub,
      sessions: heldSessions(),
      analyst: async () => analyst,
    });
    expect(response.status).toBe(200);
  });

  it("ends a stream whose session can no longer be checked (store down), failing closed", async () => {
    const { hub } = fakeHub();
    const analyst = testAnalyst("local:revoked");
    const clock = new ManualClock();
    let checks = 0;
    const down: SessionChecks = {
      checkMany: async () => {
        checks++;
        throw new ApiError("store_unavailable", "down");
      },
    };
    const response = await liveStream(request(`view=${encodeURIComponent(VIEW)}`), {
      hub,
      sessions: heldSessions(down, clock),
      analyst: async () => analyst,
    });
    const reader = response.body!.getReader();
    let ended = false;
    const pump = (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return void (ended = true);
        if (new TextDecoder().decode(value).includes("event: ended")) ended = true;
      }
    })();
    await clock.advance(30 * 60_000); // half an hour of a store that is down
    await new Promise((resolve) => setTimeout(resolve, 20)); // the stream's last read
    // A few failed checks (two minutes), then the stream ends rather than serve an unchecked
    // session; with nothing held, nothing more is checked.
    expect(ended).toBe(true);
    expect(checks).toBeLessThanOrEqual(45);
    expect(clock.pending).toBe(0);
    await reader.cancel().catch(() => undefined);
    await pump.catch(() => undefined);
  });
});
