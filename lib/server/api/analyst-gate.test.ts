import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { AnalystGate } from "./analyst-gate";

// One analyst's requests against this server's time: a burst, then a steady rate, a ceiling on
// those in progress; the clock is the test's.

const limits = { perSecond: 10, burst: 30, inProgress: 5, holdSeconds: 5, maxHeld: 2 };

function refusalOf(attempt: () => unknown): ApiError | null {
  try {
    attempt();
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe("AnalystGate", () => {
  it("lets a burst through, then the sustained rate, and refuses the rest with a wait", () => {
    let now = 0;
    const gate = new AnalystGate(limits, () => now);
    for (let i = 0; i < 30; i++) gate.enter("flooder")(); // in and out at once
    const refused = refusalOf(() => gate.enter("flooder"));
    expect(refused).toMatchObject({ code: "rate_limited", status: 429, retryAfterSeconds: 5 });
    now += 1_000; // ten more a second
    for (let i = 0; i < 10; i++) gate.enter("flooder")();
    expect(refusalOf(() => gate.enter("flooder"))).not.toBeNull();
    // A colleague is untouched.
    expect(refusalOf(() => gate.enter("colleague"))).toBeNull();
  });

  it("caps the requests one analyst has in progress, whatever the rate allows", () => {
    const gate = new AnalystGate(limits, () => 0);
    const leaving = Array.from({ length: 5 }, () => gate.enter("slow"));
    expect(refusalOf(() => gate.enter("slow"))).not.toBeNull();
    leaving[0]!();
    leaving[0]!(); // counted out once, however often called
    expect(refusalOf(() => gate.enter("slow"))).toBeNull();
    expect(refusalOf(() => gate.enter("slow"))).not.toBeNull();
  });

  it("holds at most so many refused answers at once; the others go at once", async () => {
    const gate = new AnalystGate({ ...limits, holdSeconds: 0.05 }, () => 0);
    const order: string[] = [];
    const held = [gate.hold(0.05), gate.hold(0.05)].map((p) => p.then(() => order.push("held")));
    await gate.hold(0.05).then(() => order.push("at once"));
    await Promise.all(held);
    expect(order).toEqual(["at once", "held", "held"]);
  });
});
