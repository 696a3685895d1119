import { describe, expect, it } from "vitest";
import { renewMargin } from "./token";
import { retryAfterMs } from "./transport";

describe("Retry-After", () => {
  it("reads delta-seconds and HTTP dates, and ignores garbage", () => {
    const now = Date.parse("2026-01-01T00:00:00Z");
    expect(retryAfterMs(new Headers({ "Retry-After": "3" }), now)).toBe(3_000);
    expect(retryAfterMs(new Headers({ "Retry-After": "Thu, 01 Jan 2026 00:00:02 GMT" }), now)).toBe(
      2_000,
    );
    expect(retryAfterMs(new Headers({ "Retry-After": "soon" }), now)).toBeUndefined();
    expect(retryAfterMs(new Headers(), now)).toBeUndefined();
  });
});

describe("token renewal margin", () => {
  it("is proportional for short lifetimes and capped for the real 15 minutes", () => {
    expect(renewMargin(2_000)).toBe(200);
    expect(renewMargin(899_000)).toBe(30_000);
  });
});
