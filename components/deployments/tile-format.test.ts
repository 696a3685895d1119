import { describe, expect, it } from "vitest";
import {
  budgetMeaning,
  budgetText,
  countText,
  labelName,
  openListHref,
  priorityListHref,
  tokenHealth,
} from "./tile-format";

describe("a deployment tile's words", () => {
  it("writes a failed count as unknown, never as 0", () => {
    expect(countText(null)).toBe("unknown");
    expect(countText(0)).toBe("0");
    expect(countText(12_345)).toBe("12,345");
  });

  it("links the open total and each known priority to the deployment's filtered list", () => {
    expect(openListHref("acme")).toBe("/d/acme/alarms?status=open");
    expect(priorityListHref("acme", "high")).toBe("/d/acme/alarms?status=open&priority_label=high");
    expect(priorityListHref("globex", "low")).toBe(
      "/d/globex/alarms?status=open&priority_label=low",
    );
  });

  it("gives the priorities the API cannot filter by no link", () => {
    expect(priorityListHref("acme", "other")).toBeNull();
    expect(priorityListHref("acme", "critical")).toBeNull();
    expect(labelName("other")).toBe("Other");
    expect(labelName("critical")).toBe("Critical");
    expect(labelName("medium")).toBe("Medium");
  });

  it("says how many calls are sent against the deployment's own limit, and what that means", () => {
    const budget = { recentPerSecond: 12.3, sustainedPerSecond: 85, limitPerSecond: 100 };
    expect(budgetText(budget)).toBe("12.3 of 100 calls/s");
    expect(budgetText({ ...budget, recentPerSecond: 0 })).toBe("0 of 100 calls/s");
    expect(budgetMeaning(budget)).toMatch(/of the 100 a second it allows.*under 85/);
    expect(budgetText({ ...budget, limitPerSecond: 0 })).toBe("12.3 calls/s");
  });

  it("tells a held token past its use from none held", () => {
    expect(tokenHealth({ valid: true, expiresAt: 1 })).toBe("valid");
    expect(tokenHealth({ valid: false, expiresAt: 1 })).toBe("expired");
    expect(tokenHealth({ valid: false, expiresAt: null })).toBe("none");
  });
});
