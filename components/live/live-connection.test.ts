import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The browser side's reconnection, with stand-ins for EventSource, BroadcastChannel and
// Web Locks. The server refuses every stream (signed out, 429 over the cap, 400 for a view,
// live queue off): the leader should back off towards MAX_BACKOFF_MS (60 s).

class FakeEventSource {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSED = 2;
  static made: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
    // The server answers 401/429/400: not a stream, so the browser closes it and says error.
    setTimeout(() => {
      this.readyState = FakeEventSource.CLOSED;
      this.onerror?.();
    }, 20);
  }
  addEventListener() {}
  close() {
    this.readyState = FakeEventSource.CLOSED;
  }
}

class FakeChannel {
  static all = new Set<FakeChannel>();
  onmessage: ((event: { data: unknown }) => void) | null = null;
  constructor() {
    FakeChannel.all.add(this);
  }
  postMessage(data: unknown) {
    for (const other of FakeChannel.all) {
      if (other !== this) queueMicrotask(() => other.onmessage?.({ data }));
    }
  }
}

let lockHeld = false;
const locks = {
  request: (_name: string, callback: () => Promise<never>) => {
    if (lockHeld) return new Promise(() => undefined); // waits for a leader that never leaves
    lockHeld = true;
    queueMicrotask(() => void callback());
    return new Promise(() => undefined);
  },
};

beforeEach(() => {
  vi.useFakeTimers();
  FakeEventSource.made = [];
  FakeChannel.all.clear();
  lockHeld = false;
  vi.stubGlobal("EventSource", FakeEventSource);
  vi.stubGlobal("BroadcastChannel", FakeChannel);
  vi.stubGlobal("navigator", { locks });
  vi.stubGlobal("addEventListener", () => undefined);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

async function connectionsIn5Minutes(tabs: number): Promise<number> {
  vi.resetModules();
  const { LiveConnection } = await import("./live-connection");
  for (let tab = 0; tab < tabs; tab++) {
    new LiveConnection().watch(`acme?status=open&tab=${tab}`, () => undefined);
    await vi.advanceTimersByTimeAsync(1_000 + tab * 1_700); // tabs opened over a few seconds
  }
  const before = FakeEventSource.made.length;
  await vi.advanceTimersByTimeAsync(5 * 60_000);
  return FakeEventSource.made.length - before;
}

describe("reconnecting to a server that refuses the stream", () => {
  // 2, 4, 8, 16, 32, 60, 60, 60, 60 s: about 9 attempts in five minutes.
  it("one tab backs off (the 10 s announce resets the backoff timer)", async () => {
    const attempts = await connectionsIn5Minutes(1);
    expect(attempts).toBeLessThanOrEqual(12);
  });

  it("six tabs back off as one (each tab's announce reopens the stream at once)", async () => {
    const attempts = await connectionsIn5Minutes(6);
    expect(attempts).toBeLessThanOrEqual(12);
  });
});
