import { describe, expect, it } from "vitest";
import { formatAge } from "./age";

describe("an alarm's age", () => {
  const now = Date.UTC(2026, 10, 29, 12);

  it("is written in its largest whole unit, rounded down", () => {
    expect(formatAge(now - 45_000, now)).toBe("45 s");
    expect(formatAge(now - 12 * 60_000 - 59_000, now)).toBe("12 min");
    expect(formatAge(now - 3 * 3_600_000 - 59 * 60_000, now)).toBe("3 h");
    expect(formatAge(now - 2 * 86_400_000 - 23 * 3_600_000, now)).toBe("2 d");
    expect(formatAge(now - 400 * 86_400_000, now)).toBe("400 d");
  });

  it("changes its unit at each boundary", () => {
    expect(formatAge(now - 59_999, now)).toBe("59 s");
    expect(formatAge(now - 60_000, now)).toBe("1 min");
    expect(formatAge(now - 3_600_000, now)).toBe("1 h");
    expect(formatAge(now - 86_400_000, now)).toBe("1 d");
  });

  it("is never negative, and absent without a time", () => {
    expect(formatAge(now + 90_000, now)).toBe("0 s");
    expect(formatAge(null, now)).toBeNull();
    expect(formatAge(Number.NaN, now)).toBeNull();
  });
});
