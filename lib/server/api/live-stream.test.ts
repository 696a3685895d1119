import { NextRequest } from "next/server";
import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { MemoryStore } from "@/lib/server/store/memory";
import { testClient } from "@/test/usm-client";
import { acmeSimulator } from "@/test/deployments-env";
import { testAnalyst } from "@/test/analyst";
import { ManualClock } from "@/test/manual-clock";
import { metricValue } from "@/test/metrics";
import type { LiveHub } from "@/lib/server/live/hub";
import { acmeHub } from "@/test/live-hub";
import { StreamSessions } from "@/lib/server/live/stream-sessions";
import { liveStream } from "./live-stream";
import { liveViewId } from "@/lib/shared/live/view-id";

// The stream route as Next calls it, with 500 browsers on one view: what they cost the upstream
// (the real simulator over HTTP), what each of them reads, and what the route refuses.

const CREDS = { id: "stream-client", secret: "stream-secret-90ab" };
const INTERVAL = 15_000;
const world = acmeSimulator(CREDS, { alarms: 3000 });

const VIEW = liveViewId("acme", { ...DEFAULT_QUERY, filters: { status: ["open"] } });

function setup() {
  const clock = new ManualClock();
  const store = new MemoryStore({ now: clock.now });
  const client = testClient(world.sim, CREDS, { store, deployment: "acme", cacheTtlMs: 0 });
  const hub = acmeHub(clock, store, client, INTERVAL);
  return { clock, hub };
}

/** Sessions that hold (live-stream-sessions.test.ts has them end). */
const sessions = new StreamSessions({
  store: new MemoryStore(),
  sessions: { checkMany: async (all) => all.map(() => true) },
  clock: new ManualClock(),
});

/** A browser's stream: the response, and the text it has read so far. */
async function open(hub: LiveHub, analyst: string, search: string, headers: HeadersInit = {}) {
  const abort = new AbortController();
  const request = new NextRequest(`http://console.test/api/live?${search}`, {
    headers,
    signal: abort.signal,
  });
  const response = await liveStream(request, {
    hub,
    sessions,
    analyst: async () => testAnalyst(analyst),
  });
  const read = { text: "" };
  if (response.status === 200) {
    const reader = response.body!.getReader();
    void (async () => {
      for (;;) {
        const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }));
        if (done) return;
        read.text += new TextDecoder().decode(value);
      }
    })();
  }
  // The request is kept, as Next keeps it while it serves it: its signal follows `abort` only
  // while the request lives.
  return { request, response, read, abort: () => abort.abort() };
}

const states = (text: string) =>
  text.split("\n\n").filter((event) => event.includes("event: state"));
const calls = () => world.sim.stats().byRoute.alarms + world.sim.stats().byRoute.alarm;
const flush = () => new Promise((resolve) => setTimeout(resolve, 20));

describe("the live stream route", () => {
  it("serves 500 browsers on one view for one upstream call per interval, each unbuffered", async () => {
    world.sim.reset();
    const { clock, hub } = setup();
    const browsers = await Promise.all(
      Array.from({ length: 500 }, (_, n) =>
        open(hub, `analyst-${Math.floor(n / 8)}`, new URLSearchParams({ view: VIEW }).toString()),
      ),
    );
    const { response } = browsers[0]!;
    expect(response.headers.get("content-type")).toBe("text/event-stream; charset=utf-8");
    expect(response.headers.get("x-accel-buffering")).toBe("no");
    expect(response.headers.get("cache-control")).toContain("no-transform");
    await hub.settled();
    for (let round = 1; round <= 3; round++) {
      await clock.advance(INTERVAL);
      await hub.settled();
    }
    await flush();
    expect(calls()).toBe(4); // the baseline and three polls
    for (const browser of browsers) {
      expect(browser.read.text.startsWith("retry: 3000\n")).toBe(true);
      expect(states(browser.read.text)).toHaveLength(4);
    }
    // Leaving ends the watch: no listener, no poll.
    browsers.forEach((browser) => browser.abort());
    await flush();
    expect(hub.watched()).toBe(0);
    await clock.advance(2 * INTERVAL);
    await hub.settled();
    expect(calls()).toBe(4);
  });

  it("resumes from Last-Event-ID without repeating what the browser has", async () => {
    const { clock, hub } = setup();
    const first = await open(hub, "resumer", `view=${encodeURIComponent(VIEW)}`);
    await hub.settled();
    await flush();
    const id = /^id: (\S+)$/m.exec(first.read.text)?.[1];
    expect(id).toMatch(/^[0-9a-f]{8}-1$/);
    first.abort();
    const again = await open(hub, "resumer", `view=${encodeURIComponent(VIEW)}`, {
      "Last-Event-ID": id!,
    });
    await flush();
    expect(states(again.read.text)).toHaveLength(0); // nothing new since
    await clock.advance(INTERVAL);
    await hub.settled();
    await flush();
    expect(states(again.read.text)).toHaveLength(1);
    again.abort();
    await hub.close();
  });

  it("refuses a deployment that is not the analyst's like one that does not exist, a bad view, and a ninth stream", async () => {
    const { hub } = setup();
    const mixed = await open(hub, "someone", "view=acme&view=hidden&view=nowhere");
    await flush();
    const refused = (key: string) =>
      `event: refused\ndata: {"view":"${key}","error":{"code":"not_found","message":"There is no such deployment."}}`;
    expect(mixed.read.text).toContain(refused("hidden"));
    expect(mixed.read.text).toContain(refused("nowhere"));
    mixed.abort();

    for (const search of ["", "view=acme%3Fpage%3D2", "view=ACME", `view=acme%3Fstatus%3Dnope`]) {
      const { response } = await open(hub, "someone", search);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: { code: "invalid_request" } });
    }
    // Among good ones, an odd view is refused alone: the browser's other tabs keep their updates.
    const odd = await open(hub, "someone", "view=acme&view=acme%3Fpage%3D2");
    await flush();
    expect(odd.response.status).toBe(200);
    expect(odd.read.text).toContain(
      'event: refused\ndata: {"view":"acme?page=2","error":{"code":"invalid_request"',
    );
    odd.abort();
    const many = new URLSearchParams(
      Array.from({ length: 21 }, (_, n) => ["view", `acme?rule_intent=i${n}`]),
    );
    expect((await open(hub, "someone", many.toString())).response.status).toBe(400);

    const mine = await Promise.all(
      Array.from({ length: 8 }, () => open(hub, "greedy", "view=acme")),
    );
    const ninth = await open(hub, "greedy", "view=acme");
    expect(ninth.response.status).toBe(429);
    expect(await ninth.response.json()).toMatchObject({ error: { code: "rate_limited" } });
    // Another analyst is not affected by the greedy one's streams.
    const other = await open(hub, "colleague", "view=acme");
    expect(other.response.status).toBe(200);
    [...mine, other].forEach((stream) => stream.abort());
    await flush();
    expect((await open(hub, "greedy", "view=acme")).response.status).toBe(200);
    await hub.close();
  });

  it("refuses a queue of several deployments naming one the analyst may not see, like one that does not exist", async () => {
    const { hub } = setup();
    const all = (...keys: string[]) => liveViewId("all", DEFAULT_QUERY, keys);
    for (const id of [all("acme", "hidden"), all("acme", "nowhere")]) {
      const { response } = await open(hub, "someone", new URLSearchParams({ view: id }).toString());
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({
        error: { code: "not_found", message: "There is no such deployment.", param: "view" },
      });
    }
    // Among the analyst's views, it is refused alone, in the same words.
    const mixed = await open(
      hub,
      "someone",
      new URLSearchParams([
        ["view", all("acme")],
        ["view", all("acme", "hidden")],
      ]).toString(),
    );
    await hub.settled();
    await flush();
    expect(mixed.response.status).toBe(200);
    expect(mixed.read.text).toContain(
      `event: refused\ndata: {"view":"${all("acme", "hidden")}","error":{"code":"not_found","message":"There is no such deployment."}}`,
    );
    expect(
      states(mixed.read.text).map((event) => JSON.parse(event.split("data: ")[1]!).view),
    ).toEqual([all("acme")]);
    mixed.abort();
    // Whoever may see both watches both.
    const boss = await open(
      hub,
      "local:boss",
      new URLSearchParams({ view: all("acme", "hidden") }).toString(),
    );
    expect(boss.response.status).toBe(200);
    boss.abort();
    // A search the index cannot read is no view to watch (the list says why, with its place).
    const unreadable = liveViewId("acme", { ...DEFAULT_QUERY, q: "user:(alice" });
    const { response } = await open(
      hub,
      "someone",
      new URLSearchParams({ view: unreadable }).toString(),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: "invalid_request", param: "view" },
    });
    await hub.close();
  });

  it("counts its open streams in the metrics, each until it ends", async () => {
    const { hub } = setup();
    const gauge = () => metricValue("alarm_console_sse_streams_open");
    const before = await gauge();
    const streams = [
      await open(hub, "counted", "view=acme"),
      await open(hub, "counted", "view=acme"),
    ];
    expect(await gauge()).toBe(before + 2);
    streams[0]!.abort();
    await flush();
    expect(await gauge()).toBe(before + 1);
    streams[1]!.abort();
    await flush();
    expect(await gauge()).toBe(before);
    await hub.close();
  });

  it("answers 401 in our shape without a session", async () => {
    const { hub } = setup();
    const response = await liveStream(new NextRequest("http://console.test/api/live?view=acme"), {
      hub,
      analyst: async () => null,
    });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ error: { code: "unauthenticated" } });
  });
});
