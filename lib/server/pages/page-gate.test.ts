import { describe, expect, it, vi } from "vitest";
import { AnalystGate, type GateLimits } from "@/lib/server/api/analyst-gate";
import { ApiError } from "@/lib/shared/core/errors";
import { PageAdmission } from "./page-gate";

// One page render against the analyst gate: however many reads it makes, one request (one token,
// one slot while any read is in flight); refused, every read rejects after one hold and none runs.
// The clock is the test's; the hold is counted, not waited.

const limits: GateLimits = { perSecond: 1, burst: 2, inProgress: 1, holdSeconds: 5, maxHeld: 10 };

function gateAt(now: () => number) {
  const gate = new AnalystGate(limits, now);
  const hold = vi.spyOn(gate, "hold").mockResolvedValue(undefined);
  return { gate, hold };
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

async function refusalOf(read: Promise<unknown>): Promise<ApiError | null> {
  try {
    await read;
    return null;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe("PageAdmission", () => {
  it("counts a render's several reads as one request", async () => {
    let now = 0;
    const { gate } = gateAt(() => now);
    const render = new PageAdmission(gate, "alice");
    // The title, the body and a second read of one render: all answered.
    expect(
      await Promise.all([
        render.read(async () => "title"),
        render.read(async () => "rows"),
        render.read(async () => "groups"),
      ]),
    ).toEqual(["title", "rows", "groups"]);
    // The burst is two: one more render goes in, the third is refused.
    expect(await new PageAdmission(gate, "alice").read(async () => "rows")).toBe("rows");
    expect(
      await refusalOf(new PageAdmission(gate, "alice").read(async () => "rows")),
    ).toMatchObject({ code: "rate_limited", status: 429 });
    now += 1_000; // one more a second
    expect(await new PageAdmission(gate, "alice").read(async () => "rows")).toBe("rows");
  });

  it("holds one slot while any of its reads is in flight, failed ones included", async () => {
    const { gate } = gateAt(() => 0);
    const render = new PageAdmission(gate, "alice");
    const first = deferred<string>();
    const second = deferred<string>();
    const reads = [render.read(() => first.promise), render.read(() => second.promise)];
    // One in progress at most: another render waits for this one's reads to settle.
    expect(await refusalOf(new PageAdmission(gate, "alice").read(async () => "x"))).not.toBeNull();
    first.resolve("rows");
    await reads[0];
    expect(await refusalOf(new PageAdmission(gate, "alice").read(async () => "x"))).not.toBeNull();
    second.reject(new ApiError("upstream_unavailable", "down"));
    await expect(reads[1]).rejects.toMatchObject({ code: "upstream_unavailable" });
    expect(await new PageAdmission(gate, "alice").read(async () => "rows")).toBe("rows");
  });

  it("refuses every read of a refused render after one hold, running none of them", async () => {
    const { gate, hold } = gateAt(() => 0);
    for (let n = 0; n < limits.burst; n++)
      await new PageAdmission(gate, "alice").read(async () => n);
    const refused = new PageAdmission(gate, "alice");
    const work = vi.fn(async () => "the data");
    const reads = [refused.read(work), refused.read(work), refused.read(work)];
    for (const read of reads) {
      expect(await refusalOf(read)).toMatchObject({ code: "rate_limited", retryAfterSeconds: 5 });
    }
    expect(work).not.toHaveBeenCalled();
    expect(hold).toHaveBeenCalledTimes(1);
    expect(hold).toHaveBeenCalledWith(5);
    // A colleague's render is another analyst's share.
    expect(await new PageAdmission(gate, "bob").read(async () => "rows")).toBe("rows");
  });

  it("passes on what the gate throws other than a refusal", async () => {
    const { gate } = gateAt(() => 0);
    vi.spyOn(gate, "enter").mockImplementation(() => {
      throw new Error("a defect");
    });
    await expect(new PageAdmission(gate, "alice").read(async () => "rows")).rejects.toThrow(
      "a defect",
    );
  });
});
