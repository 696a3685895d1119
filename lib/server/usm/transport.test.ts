import { describe, expect, it } from "vitest";
import { expiryMargin, renewMargin } from "./token";
import { retryAfterMs } from "./transport";

describe("Retry-After", () => {
  it("reads delta-seconds and HTTP dates, and ignores garbage", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs("3", now)).toBe(3_000);
    expect(retryAfterMs("Thu, 01 Jan 2026 00:00:02 GMT", now)).toBe(2_000);
    expect(retryAfterMs("soon", now)).toBeUndefined();
    expect(retryAfterMs(undefined, now)).toBeUndefined();
  });
});

describe("token renewal margin", () => {
  it("is half the lifetime, capped at 5 minutes for the real 15-minute token", () => {
    expect(renewMargin(2_000)).toBe(1_000);
    expect(renewMargin(899_000)).toBe(300_000);
  });
});

describe("token expiry margin", () => {
  it("leaves a little of the lifetime unused, at most 5 s, and always after the renewal point", () => {
    expect(expiryMargin(4_000)).toBe(200);
    expect(expiryMargin(899_000)).toBe(5_000);
    for (const lifetime of [1_000, 4_000, 60_000, 899_000, 86_400_000]) {
      expect(expiryMargin(lifetime)).toBeLessThan(renewMargin(lifetime));
    }
  });
});
