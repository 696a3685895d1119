import { describe, expect, it } from "vitest";
import { eventsCountText } from "./events-table";

describe("how many events a detail shows", () => {
  it("counts one event as one, not as all of one", () => {
    expect(eventsCountText(1, 1)).toBe("1 event.");
    expect(eventsCountText(4, 4)).toBe("All 4 events.");
  });

  it("says which ones the service kept when it kept fewer than there were", () => {
    expect(eventsCountText(10, 1_234)).toBe(
      "Showing 10 of 1,234 events: the service keeps the first and the last 9.",
    );
  });
});
