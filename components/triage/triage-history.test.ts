import { describe, expect, it } from "vitest";
import type { TriageEvent } from "@/lib/shared/triage/types";
import { eventText } from "./triage-history";

const closed = (after: unknown): TriageEvent => ({
  id: 1,
  at: 0,
  analyst: "alice",
  action: "closed",
  before: { closed: null },
  after,
});

describe("a close in the alarm's history", () => {
  it("says the verdict and why, and which alarm a duplicate repeats", () => {
    expect(eventText(closed({ verdict: "false_positive", reason: "Patch window scan" }), {})).toBe(
      "closed it: false positive: “Patch window scan”",
    );
    expect(eventText(closed({ verdict: "duplicate", duplicateOf: "a-uuid", reason: "" }), {})).toBe(
      "closed it: duplicate of a-uuid",
    );
    expect(eventText(closed({ verdict: "benign", reason: "x".repeat(500) }), {})).toHaveLength(
      "closed it: benign: “”".length + 161,
    );
  });
});
