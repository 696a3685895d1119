import { describe, expect, it } from "vitest";
import type { IndexStatus } from "@/lib/shared/deployments/index-status";
import {
  budgetMeaning,
  budgetText,
  countText,
  indexLine,
  labelName,
  openListHref,
  priorityListHref,
  spanText,
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

describe("a deployment tile's index line", () => {
  const NOW = Date.UTC(2026, 0, 15, 9, 0, 0);
  const status = (fields: Partial<IndexStatus>): IndexStatus => ({
    state: "following",
    syncedAt: null,
    backfill: null,
    reason: null,
    ...fields,
  });

  it("says how far a backfill is, of about how many, and about how long is left", () => {
    const backfill = { indexed: 12_345, estimate: 40_000, remainingMs: 185_000 };
    expect(indexLine(status({ state: "backfilling", backfill }), NOW)).toEqual({
      text: "Indexing: 12,345 of about 40,000, about 3 min left",
      tone: "busy",
      progress: 12_345 / 40_000,
    });
    const unknown = { indexed: 500, estimate: null, remainingMs: null };
    expect(indexLine(status({ state: "backfilling", backfill: unknown }), NOW)).toMatchObject({
      text: "Indexing: 500 so far",
      progress: null,
    });
  });

  it("says how recent the index is while following, and when it is behind", () => {
    expect(indexLine(status({ syncedAt: NOW - 12_000 }), NOW)).toMatchObject({
      text: "Indexed up to 12 s ago",
      tone: "ok",
    });
    expect(
      indexLine(status({ state: "behind", syncedAt: NOW - 5 * 60_000, reason: null }), NOW),
    ).toMatchObject({ text: "Behind: indexed up to 5 min ago", tone: "warn" });
  });

  it("gives the reason when it fails, is unavailable or off", () => {
    const reason = "The deployment cannot be reached right now.";
    expect(indexLine(status({ state: "failed", reason }), NOW)).toMatchObject({
      text: `Failed: ${reason}`,
      tone: "bad",
    });
    expect(indexLine(status({ state: "off", reason: "Not kept here." }), NOW).text).toBe(
      "Off: Not kept here.",
    );
    expect(indexLine(status({ state: "starting" }), NOW).text).toBe("Starting");
  });

  it("writes spans short", () => {
    expect([12_000, 185_000, 3 * 3_600_000, 4 * 86_400_000].map(spanText)).toEqual([
      "12 s",
      "3 min",
      "3 h",
      "4 d",
    ]);
  });
});
