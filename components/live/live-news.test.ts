import { describe, expect, it } from "vitest";
import type { LiveState } from "@/lib/shared/live/types";
import { liveMarks, liveNews, liveRowKey } from "./live-news";

// What the banner counts and which rows change status, for the page on screen.

const READ_AT = 1_000;

function state(more: Partial<LiveState>): LiveState {
  return {
    view: "v",
    rev: "e-1",
    polledAt: 2_000,
    sentAt: 2_000,
    intervalMs: 10_000,
    stretched: false,
    error: null,
    fresh: [],
    changes: [],
    ...more,
  };
}

const row = (deployment: string, uuid: string) => ({ deployment, uuid });

describe("liveNews", () => {
  it("counts the alarms that arrived after the page was read and are not on it", () => {
    const page = { alarms: [row("acme", "A1")], readAt: READ_AT };
    const news = liveNews(
      state({
        fresh: [
          { uuid: "n1", seenAt: 1_500, priorityLabel: "high" },
          { uuid: "a1", seenAt: 1_500, priorityLabel: null }, // on the page (any case)
          { uuid: "old", seenAt: 900, priorityLabel: null }, // before the page was read
        ],
      }),
      page,
    );
    expect(news.arrived.map((fresh) => fresh.uuid)).toEqual(["n1"]);
  });

  it("tells one uuid of two deployments apart in a view of several", () => {
    const page = { alarms: [row("acme", "u1")], readAt: READ_AT };
    const news = liveNews(
      state({
        fresh: [
          { uuid: "u1", deployment: "globex", seenAt: 1_500, priorityLabel: null },
          { uuid: "u1", deployment: "acme", seenAt: 1_500, priorityLabel: null },
        ],
        changes: [
          { uuid: "u1", deployment: "globex", status: "closed", at: 1_600 },
          { uuid: "u1", deployment: "acme", status: "in_review", at: 1_500 },
        ],
      }),
      page,
    );
    expect(news.arrived).toEqual([
      { uuid: "u1", deployment: "globex", seenAt: 1_500, priorityLabel: null },
    ]);
    expect([...news.changed]).toEqual([["acme/u1", "in_review"]]);
  });

  it("keeps each row's newest change since the page was read", () => {
    const page = { alarms: [row("acme", "u1"), row("acme", "u2")], readAt: READ_AT };
    const news = liveNews(
      state({
        changes: [
          { uuid: "u1", status: "closed", at: 1_900 },
          { uuid: "u1", status: "in_review", at: 1_200 },
          { uuid: "u2", status: "closed", at: 800 }, // before the page was read: on it already
        ],
      }),
      page,
    );
    expect([...news.changed]).toEqual([["acme/u1", "closed"]]);
  });

  it("has nothing to say without a state or a page", () => {
    expect(liveNews(null, { alarms: [], readAt: 0 }).arrived).toEqual([]);
    expect(liveNews(state({}), undefined).changed.size).toBe(0);
  });
});

describe("liveMarks", () => {
  it("marks the rows just shown and just changed, by the table's uuid", () => {
    const alarms = [row("acme", "U1"), row("acme", "u2"), row("globex", "u2"), row("acme", "u3")];
    const marks = liveMarks(alarms, new Set(["u1", "globex/u2"]), new Map([["acme/u3", null]]));
    expect([...marks]).toEqual([
      ["U1", "new"],
      ["u2", "new"],
      ["u3", "changed"],
    ]);
    expect(liveRowKey(row("acme", "U1"))).toBe("acme/u1");
  });
});
