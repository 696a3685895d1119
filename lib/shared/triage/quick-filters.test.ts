import { describe, expect, it } from "vitest";
import { QUICK_FILTERS, hasTerm, toggleQuickFilter } from "./quick-filters";

const [mine, unowned, unacknowledged] = QUICK_FILTERS;

describe("the triage quick filters", () => {
  it("add their term to the search, and take it away again", () => {
    expect(toggleQuickFilter(undefined, mine)).toBe("owner:me");
    expect(toggleQuickFilter("ip:10.0.0.1", unacknowledged)).toBe("ip:10.0.0.1 acknowledged:false");
    expect(toggleQuickFilter("ip:10.0.0.1 acknowledged:false", unacknowledged)).toBe("ip:10.0.0.1");
    expect(toggleQuickFilter("OWNER:ME", mine)).toBeUndefined();
  });

  it("put Mine and Unowned in each other's place, never both", () => {
    expect(toggleQuickFilter("brute owner:me", unowned)).toBe("brute owner:none");
    expect(toggleQuickFilter("owner:none brute", mine)).toBe("brute owner:me");
  });

  it("know their term only as a whole word", () => {
    expect(hasTerm("owner:meg", "owner:me")).toBe(false);
    expect(hasTerm("xowner:me", "owner:me")).toBe(false);
    expect(hasTerm("brute owner:me", "owner:me")).toBe(true);
  });
});
