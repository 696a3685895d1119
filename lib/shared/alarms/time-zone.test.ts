import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  formatTime,
  fromZonedInputValue,
  knownTimeZones,
  toZonedInputValue,
  zoneLabel,
} from "./time-zone";

const WINTER = Date.UTC(2025, 10, 21, 9, 5, 7); // Berlin is UTC+1
const SUMMER = Date.UTC(2025, 6, 1, 9, 5, 7); // Berlin is UTC+2

describe("time zones", () => {
  it("are named canonically whatever the case, and unknown ones are refused", () => {
    expect(canonicalTimeZone("europe/berlin")).toBe("Europe/Berlin");
    expect(canonicalTimeZone("America/Argentina/Buenos_Aires")).toBe(
      "America/Argentina/Buenos_Aires",
    );
    expect(canonicalTimeZone("asia/tokyo")).toBe("Asia/Tokyo");
    expect(canonicalTimeZone("utc")).toBe("UTC");
    expect(canonicalTimeZone("Etc/UTC")).toBe("UTC");
    expect(canonicalTimeZone("Mars/Olympus_Mons")).toBeNull();
    expect(canonicalTimeZone("Europe/Berlin<script>")).toBeNull();
    expect(canonicalTimeZone("")).toBeNull();
  });

  it("are offered in full, UTC first", () => {
    const zones = knownTimeZones();
    expect(zones[0]).toBe("UTC");
    expect(zones).toContain("Europe/Berlin");
    expect(zones).toContain("Asia/Tokyo");
  });
});

describe("times", () => {
  it("are shown in UTC by default whatever the machine's zone, and say so", () => {
    expect(formatTime(WINTER)).toBe("2025-11-21 09:05:07 UTC");
    expect(formatTime(null)).toBe("—");
    expect(formatTime(Number.NaN)).toBe("—");
  });

  it("are shown on the chosen zone's clock with its offset at that instant", () => {
    expect(formatTime(WINTER, "Europe/Berlin")).toBe("2025-11-21 10:05:07 UTC+1");
    expect(formatTime(SUMMER, "Europe/Berlin")).toBe("2025-07-01 11:05:07 UTC+2");
    expect(formatTime(WINTER, "Asia/Kolkata")).toBe("2025-11-21 14:35:07 UTC+5:30");
    expect(formatTime(WINTER, "America/St_Johns")).toBe("2025-11-21 05:35:07 UTC-3:30");
    expect(zoneLabel(WINTER, "Europe/London")).toBe("UTC+0");
  });

  it("round-trip through the time filter, which also takes what the table shows", () => {
    for (const zone of ["UTC", "Europe/Berlin", "Asia/Kolkata", "America/New_York"]) {
      expect(fromZonedInputValue(toZonedInputValue(WINTER, zone), zone)).toBe(WINTER);
      expect(fromZonedInputValue(formatTime(WINTER, zone), "UTC")).toBe(WINTER);
      expect(fromZonedInputValue(formatTime(SUMMER, zone), "Asia/Tokyo")).toBe(SUMMER);
    }
    expect(fromZonedInputValue("2025-11-21T09:05", "UTC")).toBe(Date.UTC(2025, 10, 21, 9, 5));
    expect(fromZonedInputValue("2025-11-21T09:05:07Z", "Europe/Berlin")).toBe(WINTER);
    expect(fromZonedInputValue("", "UTC")).toBeUndefined();
    expect(fromZonedInputValue("2025-02-30 10:00")).toBeUndefined();
    expect(fromZonedInputValue("21/11/2025 10:00")).toBeUndefined();
    expect(fromZonedInputValue("2025-11-21 24:00")).toBeUndefined();
  });

  it("read a date alone as the start of that day, or for a To bound its very end", () => {
    expect(fromZonedInputValue("2026-11-21")).toBe(Date.UTC(2026, 10, 21));
    expect(fromZonedInputValue("2026-11-21", "UTC", { endOfDay: true })).toBe(
      Date.UTC(2026, 10, 22) - 1,
    );
    expect(fromZonedInputValue("2026-11-21", "Europe/Berlin", { endOfDay: true })).toBe(
      Date.UTC(2026, 10, 21, 23) - 1,
    );
    // A time given in full is taken as it is, even in To.
    expect(fromZonedInputValue("2026-11-21 00:00:00", "UTC", { endOfDay: true })).toBe(
      Date.UTC(2026, 10, 21),
    );
  });

  it("read a wall time across daylight-saving changes", () => {
    // 2025-03-30 02:30 does not exist in Berlin (clocks jump 02:00 -> 03:00): after the gap.
    expect(fromZonedInputValue("2025-03-30 02:30", "Europe/Berlin")).toBe(
      Date.UTC(2025, 2, 30, 1, 30),
    );
    // 2025-10-26 02:30 happens twice in Berlin: the earlier one (still summer time, UTC+2).
    expect(fromZonedInputValue("2025-10-26 02:30", "Europe/Berlin")).toBe(
      Date.UTC(2025, 9, 26, 0, 30),
    );
    expect(fromZonedInputValue("2025-07-01 11:05:07", "Europe/Berlin")).toBe(SUMMER);
    // Zones 13 or more hours ahead: Chatham leaves summer time at 03:45 on 2026-04-05.
    const chatham = fromZonedInputValue("2026-04-05 02:00", "Pacific/Chatham")!;
    expect(toZonedInputValue(chatham, "Pacific/Chatham")).toBe("2026-04-05 02:00:00");
    // Auckland repeats 02:00-02:59 that day: the earlier one (still UTC+13).
    expect(fromZonedInputValue("2026-04-05 02:30", "Pacific/Auckland")).toBe(
      Date.UTC(2026, 3, 4, 13, 30),
    );
  });

  it("refuse years before the epoch and offsets no zone has", () => {
    expect(fromZonedInputValue("0099-12-31 10:00")).toBeUndefined();
    expect(fromZonedInputValue("1969-12-31")).toBeUndefined();
    expect(fromZonedInputValue("2025-11-21 10:00 UTC+99:99")).toBeUndefined();
    expect(fromZonedInputValue("2025-11-21 10:00 UTC+14")).toBe(Date.UTC(2025, 10, 20, 20));
  });
});
