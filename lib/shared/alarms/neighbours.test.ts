import { describe, expect, it } from "vitest";
import { type ListPage, type PageOf, locate, stepTarget } from "./neighbours";
import { type AlarmListQuery, DEFAULT_QUERY, toSearchParams } from "./query";

// A list of 45 alarms (a0 … a44) in pages of 20: page 0 = a0–a19, page 1 = a20–a39, page 2 =
// a40–a44. `loaded` says which pages the cache holds.
const TOTAL = 45;
const SIZE = 20;
const uuids = Array.from({ length: TOTAL }, (_, index) => `a${index}`);
const query = (page: number): AlarmListQuery => ({
  ...DEFAULT_QUERY,
  size: SIZE,
  filters: { status: ["open"] },
  page,
});

function pageData(page: number, list = uuids): ListPage {
  return {
    alarms: list.slice(page * SIZE, (page + 1) * SIZE).map((uuid) => ({ uuid })),
    page: { totalElements: list.length, totalPages: Math.ceil(list.length / SIZE) },
  };
}

function cache(loaded: number[], list = uuids): PageOf {
  return (q) => {
    expect(toSearchParams(q).get("status"), "a neighbour keeps the list's filters").toBe("open");
    return loaded.includes(q.page) ? pageData(q.page, list) : undefined;
  };
}

const pagesOf = (location: { pages: AlarmListQuery[] }) => location.pages.map((q) => q.page);

describe("an alarm's place in the list it was opened from", () => {
  it("waits for the named page before saying anything", () => {
    const location = locate(query(1), "a25", cache([]));
    expect(location.state).toBe("locating");
    expect(pagesOf(location)).toEqual([1]);
  });

  it("in the middle of a page: its position and both neighbours on the same page", () => {
    const location = locate(query(1), "a25", cache([1]));
    expect(location).toEqual({
      state: "found",
      place: {
        query: query(1),
        position: 26,
        total: TOTAL,
        previous: { query: query(1), uuid: "a24", skip: [] },
        next: { query: query(1), uuid: "a26", skip: [] },
      },
      pages: [query(1)],
    });
  });

  it("on the last row of a page: the next is the first of the next page, once it is loaded", () => {
    const waiting = locate(query(0), "a19", cache([0]));
    expect(waiting.state).toBe("found");
    if (waiting.state !== "found") return;
    expect(waiting.place.position).toBe(20);
    expect(waiting.place.next).toMatchObject({ query: query(1), uuid: undefined });
    expect(pagesOf(waiting), "the next page is to be loaded").toEqual([0, 1]);

    const ready = locate(query(0), "a19", cache([0, 1]));
    expect(ready.state === "found" && ready.place.next).toMatchObject({
      query: query(1),
      uuid: "a20",
    });
    expect(ready.state === "found" && ready.place.previous).toEqual({
      query: query(0),
      uuid: "a18",
      skip: [],
    });
  });

  it("on the first row of a page: the previous is the last of the page before", () => {
    const location = locate(query(1), "a20", cache([0, 1]));
    expect(location.state).toBe("found");
    if (location.state !== "found") return;
    expect(location.place.position).toBe(21);
    expect(location.place.previous).toMatchObject({ query: query(0), uuid: "a19" });
    expect(location.place.next).toMatchObject({ query: query(1), uuid: "a21" });
    expect(pagesOf(location)).toEqual([1, 0]);
  });

  it("the first alarm of the list has no previous, the last no next", () => {
    const first = locate(query(0), "a0", cache([0]));
    expect(first.state === "found" && first.place).toMatchObject({ position: 1, previous: null });
    expect(pagesOf(first), "no page before the first to load").toEqual([0]);

    const last = locate(query(2), "a44", cache([2]));
    expect(last.state === "found" && last.place).toMatchObject({
      position: TOTAL,
      total: TOTAL,
      next: null,
      previous: { query: query(2), uuid: "a43" },
    });
    expect(pagesOf(last), "no page after the last to load").toEqual([2]);
  });

  it("a list of one alarm: position 1 of 1, no neighbours", () => {
    const location = locate(query(0), "a0", cache([0], ["a0"]));
    expect(location.state === "found" && location.place).toMatchObject({
      position: 1,
      total: 1,
      previous: null,
      next: null,
    });
  });

  it("an alarm that moved off the named page is found on the page beside it", () => {
    // Three new alarms arrived on top: a19 (opened from page 0) is now the 23rd, on page 1.
    const moved = ["n1", "n2", "n3", ...uuids];
    const waiting = locate(query(0), "a19", cache([0], moved));
    expect(waiting.state).toBe("locating");
    expect(pagesOf(waiting)).toEqual([0, 1]);

    const location = locate(query(0), "a19", cache([0, 1], moved));
    expect(location.state).toBe("found");
    if (location.state !== "found") return;
    expect(location.place.query).toEqual(query(1));
    expect(location.place.position).toBe(23);
    expect(location.place.total).toBe(48);
    expect(location.place.previous).toMatchObject({ query: query(1), uuid: "a18" });

    // Closed alarms left the view: a20 (opened from page 1) is now on page 0.
    const shrunk = uuids.filter((uuid) => !["a3", "a4"].includes(uuid));
    const back = locate(query(1), "a20", cache([0, 1, 2], shrunk));
    expect(back.state === "found" && back.place).toMatchObject({ query: query(0), position: 19 });
  });

  it("gives up when the alarm is on none of the named page and those beside it", () => {
    const location = locate(query(1), "gone", cache([0, 1, 2]));
    expect(location.state).toBe("lost");
    expect(pagesOf(location)).toEqual([1, 0, 2]);
    // Still loading one of them: not yet lost.
    expect(locate(query(1), "gone", cache([0, 1])).state).toBe("locating");
  });

  it("a named page past the end (the list shrank) looks at the page before it", () => {
    const location = locate(query(3), "a44", cache([2, 3]));
    expect(location.state === "found" && location.place).toMatchObject({
      query: query(2),
      position: TOTAL,
    });
  });

  it("matches the uuid whatever its case", () => {
    const upper = locate(query(0), "A5", cache([0]));
    expect(upper.state === "found" && upper.place.position).toBe(6);
  });
});

describe("the alarm a step leads to", () => {
  it("is the step's own, or the first (next) or last (previous) of its page once loaded", () => {
    expect(stepTarget({ query: query(0), uuid: "a3", skip: [] }, "next", pageData(1))).toBe("a3");
    expect(stepTarget({ query: query(1), uuid: undefined, skip: [] }, "next", pageData(1))).toBe(
      "a20",
    );
    expect(
      stepTarget({ query: query(0), uuid: undefined, skip: [] }, "previous", pageData(0)),
    ).toBe("a19");
    expect(
      stepTarget({ query: query(3), uuid: undefined, skip: [] }, "next", {
        ...pageData(3),
        alarms: [],
      }),
    ).toBeUndefined();
  });
});

describe("pages read at different moments (rows moved across the edge in between)", () => {
  // Page 0 as the list read it; page 1 read after 3 new alarms went on top: its first rows
  // are page 0's last ones again.
  const later = ["n0", "n1", "n2", ...uuids];
  const mixed: PageOf = (q) => (q.page === 0 ? pageData(0) : pageData(q.page, later));

  it("never steps to an alarm of the page being left, nor to the alarm itself", () => {
    const location = locate(query(0), "a19", mixed);
    expect(location.state === "found" && location.place.next?.uuid).toBe("a20");
    // The same when the next page comes only after the step was asked for.
    const step = { query: query(1), uuid: undefined, skip: pageData(0).alarms.map((a) => a.uuid) };
    expect(stepTarget(step, "next", pageData(1, later))).toBe("a20");
  });

  it("going back from a page read later, lands on the alarm before, not on one seen again", () => {
    // Page 1 as read later starts with a17; page 0 as read earlier ends with a19.
    const location = locate(query(1), "a17", (q) =>
      q.page === 1 ? pageData(1, later) : pageData(0),
    );
    expect(location.state).toBe("found");
    if (location.state !== "found") return;
    expect(location.place.previous?.uuid).not.toBe("a17");
    expect(location.place.previous?.uuid).toBe("a16");
  });
});
