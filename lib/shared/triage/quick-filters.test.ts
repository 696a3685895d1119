import { describe, expect, it } from "vitest";
import { QUICK_FILTERS, hasTerm, toggleQuickFilter } from "./quick-filters";

const [open, mine, unowned, unacknowledged] = QUICK_FILTERS;

describe("the triage quick filters", () => {
  it("add their term to the search, and take it away again", () => {
    expect(toggleQuickFilter(undefined, mine)).toBe("owner:me");
    expect(toggleQuickFilter("ip:10.0.0.1", unacknowledged)).toBe("ip:10.0.0.1 acknowledged:false");
    expect(toggleQuickFilter("ip:10.0.0.1 acknowledged:false", unacknowledged)).toBe("ip:10.0.0.1");
    expect(toggleQuickFilter("OWNER:ME", mine)).toBeUndefined();
  });

  it("offer the team's open alarms, whatever USM's status says, in place of its closed ones", () => {
    expect(open.label).toBe("Open for the team");
    expect(toggleQuickFilter("status:open", open)).toBe("status:open closed:false");
    expect(toggleQuickFilter("closed:true brute", open)).toBe("brute closed:false");
    expect(toggleQuickFilter("brute closed:false owner:me", open)).toBe("brute owner:me");
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
