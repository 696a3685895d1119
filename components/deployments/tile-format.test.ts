import { describe, expect, it } from "vitest";
import {
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
    expect(labelName("other")).toBe("Other");
    expect(labelName("medium")).toBe("Medium");
  });

  it("says how much of the budget is in use", () => {
    expect(budgetText({ recentPerSecond: 12.3, sustainedPerSecond: 85 })).toBe(
      "12.3 of 85 calls/s",
    );
    expect(budgetText({ recentPerSecond: 0, sustainedPerSecond: 85 })).toBe("0 of 85 calls/s");
  });

  it("tells a held token past its use from none held", () => {
    expect(tokenHealth({ valid: true, expiresAt: 1 })).toBe("valid");
    expect(tokenHealth({ valid: false, expiresAt: 1 })).toBe("expired");
    expect(tokenHealth({ valid: false, expiresAt: null })).toBe("none");
  });
});
