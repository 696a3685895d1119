import { describe, expect, it } from "vitest";
import { ProcessSlots, isRefusal, type Slot } from "./slots";

let names = 0;
const slots = (perAnalyst: number, total: number) =>
  new ProcessSlots(`test-${++names}`, { perAnalyst, total });

describe("process slots", () => {
  it("gives an analyst at most their share, and says it is theirs that is full", () => {
    const pool = slots(2, 10);
    expect(isRefusal(pool.take("alice"))).toBe(false);
    expect(isRefusal(pool.take("alice"))).toBe(false);
    expect(pool.take("alice")).toEqual({ refused: "yours", held: 2 });
    expect(isRefusal(pool.take("bob"))).toBe(false);
  });

  it("refuses everyone once the process holds its total, until one is given back", () => {
    const pool = slots(5, 3);
    const taken = ["alice", "bob", "carol"].map((analyst) => pool.take(analyst) as Slot);
    expect(pool.take("dave")).toEqual({ refused: "full", held: 0 });
    taken[1]!.release();
    expect(isRefusal(pool.take("dave"))).toBe(false);
  });

  it("counts a slot given back twice once", () => {
    const pool = slots(1, 2);
    const first = pool.take("alice") as Slot;
    first.release();
    first.release();
    const second = pool.take("alice");
    expect(isRefusal(second)).toBe(false);
    expect(pool.take("bob")).not.toHaveProperty("refused");
    expect(pool.held()).toBe(2);
    expect(pool.held("alice")).toBe(1);
  });

  it("is one count per name in the process, however many route bundles build it", () => {
    const a = new ProcessSlots("test-shared", { perAnalyst: 1, total: 1 });
    const b = new ProcessSlots("test-shared", { perAnalyst: 1, total: 1 });
    a.take("alice");
    expect(b.take("bob")).toEqual({ refused: "full", held: 0 });
  });
});
