import { describe, expect, it } from "vitest";
import { FILTERABLE_PRIORITIES, PRIORITY_ORDER, isFilterablePriority } from "./priority";
import { PRIORITY_LABELS } from "./query";

describe("the priority model", () => {
  it("offers the filter exactly the labels the URL contract takes, highest first", () => {
    expect([...FILTERABLE_PRIORITIES].sort()).toEqual([...PRIORITY_LABELS].sort());
    expect(FILTERABLE_PRIORITIES).toEqual(
      PRIORITY_ORDER.filter((label) => FILTERABLE_PRIORITIES.includes(label as never)),
    );
    expect(isFilterablePriority("critical")).toBe(false);
    expect(isFilterablePriority("other")).toBe(false);
    expect(isFilterablePriority("high")).toBe(true);
  });
});
