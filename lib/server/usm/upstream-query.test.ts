import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { alarmPath, readOf, upstreamParams } from "./upstream-query";

describe("the upstream's query", () => {
  it("always tells the upstream page, size and sort", () => {
    expect(Object.fromEntries(upstreamParams(readOf(DEFAULT_QUERY)))).toEqual({
      page: "0",
      size: "20",
      sort: "timestamp_occured,desc",
    });
  });

  it("writes equal reads as equal strings, whatever order the filters were given in", () => {
    const read = (filters: object) => ({ ...readOf(DEFAULT_QUERY), filters });
    expect(upstreamParams(read({ status: "open", priority_label: "low" })).toString()).toBe(
      upstreamParams(read({ priority_label: "low", status: "open" })).toString(),
    );
  });

  it("refuses a rolling range: the upstream knows absolute bounds only", () => {
    const rolling = { ...readOf(DEFAULT_QUERY), filters: { range: "24h" } } as never;
    expect(() => upstreamParams(rolling)).toThrow(/resolve the rolling range/);
  });

  it("names an alarm by its uuid in lower case", () => {
    expect(alarmPath("0A0B0C0D-0000-4000-8000-000000000000")).toBe(
      "/api/2.0/alarms/0a0b0c0d-0000-4000-8000-000000000000",
    );
  });
});
