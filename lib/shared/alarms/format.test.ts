import { describe, expect, it } from "vitest";
import { NO_ENDPOINT, endpointLabel, formatDelay, formatRelative } from "./format";

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
