import { afterEach, describe, expect, it, vi } from "vitest";
import { FairSlots, USAGE_HALF_LIFE_MS } from "./fair-slots";

const BUSY = new Error("busy");
const wait = { maxWaitMs: 60_000, timeout: () => BUSY };

/** A clock the test moves. */
function manualClock() {
  let at = 0;
  return { now: () => at, advance: (ms: number) => void (at += ms) };
}

afterEach(() => {
  vi.useRealTimers();
});

/** Who got a turn, in order: each waiter pushes its analyst when granted. */
function queue(slots: FairSlots, analysts: string[], order: string[]) {
  return analysts.map((analyst) =>
    slots.acquire(analyst, wait).then((release) => {
      order.push(analyst);
      return release;
    }),
  );
}

describe("fair slots", () => {
  it("gives a colleague the next turn before the rest of an analyst's flood", async () => {
    const clock = manualClock();
    const slots = new FairSlots({ total: 1, perAnalyst: 1 }, clock.now);
    const order: string[] = [];
    const first = await slots.acquire("flood", wait);
    const flood = queue(slots, ["flood", "flood", "flood"], order);
    const colleague = queue(slots, ["colleague"], order);
    expect(slots.waiting()).toBe(4);
    first();
    (await flood[0]!)();
    (await colleague[0]!)();
    (await flood[1]!)();
    (await flood[2]!)();
    expect(order).toEqual(["flood", "colleague", "flood", "flood"]);
    expect(slots.held()).toBe(0);
  });

  it("shares by time held: an analyst whose reads take seconds waits while a colleague's short ones run", async () => {
    const clock = manualClock();
    const slots = new FairSlots({ total: 1, perAnalyst: 1 }, clock.now);
    const order: string[] = [];
    // The slow analyst's search held the engine 5 s; the exporter's batches take 100 ms each.
    const slow = await slots.acquire("slow", wait);
    const exporter = queue(slots, ["exporter", "exporter", "exporter"], order);
    const slowNext = queue(slots, ["slow"], order);
    clock.advance(5_000);
    slow();
    for (const batch of exporter) {
      const release = await batch;
      clock.advance(100);
      release();
    }
    (await slowNext[0]!)();
    expect(order).toEqual(["exporter", "exporter", "exporter", "slow"]);
    // What was held fades: half after the half-life.
    const held = slots.usage("slow");
    expect(held).toBeGreaterThan(4_900);
    clock.advance(USAGE_HALF_LIFE_MS);
    expect(slots.usage("slow")).toBeCloseTo(held / 2);
  });

  it("holds an analyst to their share while others run beside them", async () => {
    const slots = new FairSlots({ total: 4, perAnalyst: 2 });
    const alice = [await slots.acquire("alice", wait), await slots.acquire("alice", wait)];
    let third = false;
    const waiting = slots.acquire("alice", wait).then((release) => {
      third = true;
      return release;
    });
    const bob = await slots.acquire("bob", wait);
    expect(slots.held()).toBe(3);
    await Promise.resolve();
    expect(third).toBe(false);
    alice[0]!();
    (await waiting)();
    expect(third).toBe(true);
    bob();
    alice[1]!();
    expect(slots.held()).toBe(0);
  });

  it("answers a waiter its timeout at its deadline, and one whose request ended at once", async () => {
    vi.useFakeTimers();
    const slots = new FairSlots({ total: 1, perAnalyst: 1 });
    const held = await slots.acquire("alice", wait);
    const late = slots.acquire("bob", { maxWaitMs: 1_000, timeout: () => BUSY });
    const aborted = new AbortController();
    const gone = slots.acquire("carol", { ...wait, signal: aborted.signal });
    aborted.abort(new Error("closed"));
    await expect(gone).rejects.toThrow("closed");
    vi.advanceTimersByTime(1_000);
    await expect(late).rejects.toBe(BUSY);
    expect(slots.waiting()).toBe(0);
    held();
    // Nobody was left waiting: the next asks and has it at once.
    const next = await slots.acquire("dave", wait);
    expect(slots.held("dave")).toBe(1);
    next();
  });

  it("counts a turn given back twice once", async () => {
    const slots = new FairSlots({ total: 2, perAnalyst: 2 });
    const release = await slots.acquire("alice", wait);
    release();
    release();
    expect(slots.held()).toBe(0);
  });
});
