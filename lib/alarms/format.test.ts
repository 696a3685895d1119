import { describe, expect, it } from "vitest";
import {
  endpointLabel,
  formatDelay,
  formatRelative,
  formatTime,
  fromUtcInputValue,
  toUtcInputValue,
} from "./format";
import { presetRange } from "./time-range";

describe("times", () => {
  it("are shown in UTC whatever the machine's zone, and say so", () => {
    expect(formatTime(Date.UTC(2025, 10, 21, 9, 5, 7))).toBe("2025-11-21 09:05:07 UTC");
    expect(formatTime(null)).toBe("—");
  });

  it("read relative to now", () => {
    const now = Date.UTC(2025, 0, 1, 12);
    expect(formatRelative(now - 5 * 60_000, now)).toBe("5 minutes ago");
    expect(formatRelative(now - 3 * 3600_000, now)).toBe("3 hours ago");
    expect(formatRelative(now - 24 * 3600_000, now)).toBe("yesterday");
  });

  it("round-trip through the UTC time filter, which also takes what the table shows", () => {
    const ms = Date.UTC(2025, 10, 21, 9, 5, 7);
    expect(toUtcInputValue(ms)).toBe("2025-11-21 09:05:07");
    expect(fromUtcInputValue(toUtcInputValue(ms))).toBe(ms);
    expect(fromUtcInputValue(formatTime(ms))).toBe(ms);
    expect(fromUtcInputValue("2025-11-21T09:05")).toBe(Date.UTC(2025, 10, 21, 9, 5));
    expect(fromUtcInputValue("2025-11-21")).toBe(Date.UTC(2025, 10, 21));
    expect(fromUtcInputValue("")).toBeUndefined();
    expect(fromUtcInputValue("2025-02-30 10:00")).toBeUndefined();
    expect(fromUtcInputValue("21/11/2025 10:00")).toBeUndefined();
    expect(fromUtcInputValue("2025-11-21 24:00")).toBeUndefined();
  });

  it("describe the delay between occurred and received", () => {
    expect(formatDelay(0, 41_000)).toBe("+41 s");
    expect(formatDelay(0, 143_000)).toBe("+2 min 23 s");
    expect(formatDelay(null, 1)).toBeNull();
  });

  it("turn presets into absolute bounds, so a link shows the same alarms later", () => {
    const now = Date.UTC(2025, 0, 2, 0, 0, 0, 400);
    expect(presetRange("24h", now)).toEqual({
      gte: Date.UTC(2025, 0, 1, 0, 0, 1),
      lte: Date.UTC(2025, 0, 2, 0, 0, 1),
    });
  });
});

describe("endpoint labels", () => {
  const endpoint = {
    address: "10.0.0.1",
    hostname: null,
    fqdn: null,
    name: null,
    canonical: null,
    country: null,
    organisation: null,
    assetId: null,
    eventCount: 1,
  };
  it("prefer a name, then fall back to the address", () => {
    expect(endpointLabel({ ...endpoint, hostname: "web-01" })).toBe("web-01");
    expect(endpointLabel(endpoint)).toBe("10.0.0.1");
  });
});
