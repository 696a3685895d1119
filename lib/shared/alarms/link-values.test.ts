import { describe, expect, it } from "vitest";
import { readLinkTime, writeLinkTime } from "./link-time";
import { parseAlarmListQuery, toSearchParams } from "./query";
import { listSearch, parseView } from "./view";

// What a person reads in a link and what the screen shows agree: the page as the pager counts it,
// times as a person writes them. Links shared before still open what their sender saw.

const read = (search: string) => parseAlarmListQuery(new URLSearchParams(search));
const canonical = (search: string) =>
  listSearch(parseView(new URLSearchParams(search), "deployment").view);

describe("the page in a link", () => {
  it("counts from 1, as the pager shows it", () => {
    expect(read("p=2").query.page, "p=2 is the second page (0-based inside)").toBe(1);
    expect(canonical("p=2")).toBe("?p=2");
    expect(canonical("p=1"), "the first page is the default, left out").toBe("");
  });

  it("reads an old link's `page` (counted from 0) as its sender saw it, and writes it anew", () => {
    expect(read("page=1").query.page).toBe(1);
    expect(read("page=1").problems).toEqual([]);
    expect(canonical("page=1"), "the second page, now written as p=2").toBe("?p=2");
    expect(canonical("page=0&status=open")).toBe("?status=open");
  });

  it("refuses a page before the first, and takes p over an old page given beside it", () => {
    expect(read("p=0").problems).toEqual([
      { param: "p", message: "p must be at least 1 (the first page)" },
    ]);
    expect(read("p=x").problems).toEqual([{ param: "p", message: "p must be a whole number" }]);
    const both = read("page=7&p=3");
    expect(both.query.page).toBe(2);
    expect(both.problems).toEqual([
      { param: "page", message: "page is left out: p names the page" },
    ]);
    expect(read("p=100001").query.page, "the deepest page still opens").toBe(100_000);
    expect(read("p=100002").problems[0]?.message).toBe("p must be at most 100001");
  });
});

describe("times in a link", () => {
  const gte = Date.UTC(2026, 10, 29, 6, 0, 0);
  const lte = Date.UTC(2026, 10, 29, 7, 30, 15, 250);

  it("are written in ISO-8601, UTC, and read back to the same view", () => {
    const query = read(`timestamp_occured_gte=${gte}&timestamp_occured_lte=${lte}`).query;
    const written = toSearchParams(query);
    expect(written.get("timestamp_occured_gte")).toBe("2026-11-29T06:00:00Z");
    expect(written.get("timestamp_occured_lte")).toBe("2026-11-29T07:30:15.250Z");
    expect(read(written.toString()).query).toEqual(query);
  });

  it("take epoch milliseconds, as every link before carried them", () => {
    expect(read(`timestamp_occured_gte=${gte}`).query.filters.timestamp_occured_gte).toBe(gte);
    expect(canonical(`timestamp_occured_gte=${gte}`)).toBe(
      "?timestamp_occured_gte=2026-11-29T06:00:00Z",
    );
  });

  it("take a time with an offset, or to the minute", () => {
    expect(readLinkTime("2026-11-29T07:00:00+01:00")).toBe(gte);
    expect(readLinkTime("2026-11-29T06:00Z")).toBe(gte);
    expect(readLinkTime("2026-11-29t06:00:00z")).toBe(gte);
    expect(readLinkTime("1970-01-01T00:00:00Z")).toBe(0);
  });

  it("refuse what names no time, or one before 1970", () => {
    for (const wrong of [
      "2026-02-30T00:00:00Z",
      "2026-13-01T00:00:00Z",
      "2026-11-29T24:00:00Z",
      "2026-11-29T06:00:00",
      "2026-11-29",
      "1969-12-31T23:59:59Z",
      "-1",
      "1234567890123456",
      "yesterday",
    ]) {
      expect(readLinkTime(wrong), wrong).toBeNull();
    }
    expect(read("timestamp_occured_gte=2026-02-30T00:00:00Z").problems).toEqual([
      {
        param: "timestamp_occured_gte",
        message: "timestamp_occured_gte must be a time such as 2026-11-29T06:00:00Z",
      },
    ]);
  });

  it("written, read back to the millisecond", () => {
    for (const ms of [0, 1, gte, lte, 253402300799999, 999999999999999]) {
      expect(readLinkTime(writeLinkTime(ms)), String(ms)).toBe(ms);
    }
  });
});
