import { describe, expect, it } from "vitest";
import { NO_ENDPOINT, countOf, endpointLabel, formatDelay, formatRelative } from "./format";

describe("times", () => {
  it("read relative to now", () => {
    const now = Date.UTC(2025, 0, 1, 12);
    expect(formatRelative(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(formatRelative(now - 3 * 3600_000, now)).toBe("3 hours ago");
    expect(formatRelative(now - 24 * 3600_000, now)).toBe("yesterday");
  });

  it("describe the delay between occurred and received", () => {
    expect(formatDelay(0, 41_000)).toBe("+41 s");
    expect(formatDelay(0, 143_000)).toBe("+2 min 23 s");
    expect(formatDelay(null, 1)).toBeNull();
  });
});

describe("endpoint labels", () => {
  const endpoint = { ...NO_ENDPOINT, address: "10.0.0.1", eventCount: 1 };
  it("prefer a name, then fall back to the address", () => {
    expect(endpointLabel({ ...endpoint, hostname: "web-01" })).toBe("web-01");
    expect(endpointLabel(endpoint)).toBe("10.0.0.1");
  });
});

describe("counts", () => {
  it("agree with their noun", () => {
    expect(countOf(1, "alarm")).toBe("1 alarm");
    expect(countOf(0, "alarm")).toBe("0 alarms");
    expect(countOf(2, "alarm")).toBe("2 alarms");
    expect(countOf(1204, "group")).toBe("1,204 groups");
    expect(countOf(1, "match", { many: "matches" })).toBe("1 match");
    expect(countOf(3, "match", { many: "matches" })).toBe("3 matches");
  });

  it("say a lower bound in the plural, however small", () => {
    expect(countOf(1, "alarm", { orMore: true })).toBe("1 or more alarms");
    expect(countOf(10_000, "alarm", { orMore: true })).toBe("10,000 or more alarms");
  });
});
