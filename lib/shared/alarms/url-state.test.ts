import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, parseAlarmListQuery, resolveRange, toSearchParams } from "./query";
import {
  detailHrefsFor,
  fromListQuery,
  filteredListHref,
  isCanonical,
  listHrefFrom,
  listSearch,
  parseListView,
} from "./url-state";

const SENSOR = "9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const view = (search: string) => parseListView(new URLSearchParams(search));

describe("the list's URL", () => {
  it("reads names in any case and writes them canonically", () => {
    const { view: read, problems } = view(
      `status=Open&priority_label=HIGH&suppressed=False&sort=Priority,ASC&range=24H` +
        `&alarm_sensor_sources=${SENSOR.toUpperCase()}&tz=europe/berlin`,
    );
    expect(problems).toEqual([]);
    expect(listSearch(read)).toBe(
      `?sort=priority%2Casc&status=open&suppressed=false&priority_label=high` +
        `&alarm_sensor_sources=${SENSOR}&range=24h&tz=Europe%2FBerlin`,
    );
    expect(isCanonical(new URLSearchParams("status=Open"), view("status=Open").view)).toBe(false);
    expect(isCanonical(new URLSearchParams("status=open"), view("status=open").view)).toBe(true);
  });

  it("reads a parameter's name in any case, as its value", () => {
    const { view: read, problems } = view("Status=open&PRIORITY_LABEL=high&TZ=Asia/Tokyo");
    expect(problems).toEqual([]);
    expect(listSearch(read)).toBe("?status=open&priority_label=high&tz=Asia%2FTokyo");
  });

  it("leaves out a parameter it does not take, and says so", () => {
    const { view: read, problems } = view("query=188.1.32.78&status=open&utm_source=mail");
    expect(problems).toEqual([
      {
        param: "query",
        message: "query is not a parameter of this page, so it was left out",
        unknown: true,
      },
      {
        param: "utm_source",
        message: "utm_source is not a parameter of this page, so it was left out",
        unknown: true,
      },
    ]);
    expect(listSearch(read)).toBe("?status=open");
    const current = new URLSearchParams("query=188.1.32.78&status=open&utm_source=mail");
    expect(isCanonical(current, read)).toBe(false);
  });

  it("keeps UTC, the default zone, out of the URL and corrects an unknown zone", () => {
    expect(listSearch(view("tz=UTC").view)).toBe("");
    const { view: read, problems } = view("tz=Mars/Olympus&page=2");
    expect(read.tz).toBe("UTC");
    expect(problems).toEqual([
      { param: "tz", message: "tz must be a time zone such as Europe/Berlin" },
    ]);
    expect(listSearch(read)).toBe("?p=3");
  });

  it("keeps a rolling range rolling and refuses it beside absolute bounds", () => {
    expect(view("range=7d").view.query.filters).toEqual({ range: "7d" });
    const { view: read, problems } = view("range=1h&timestamp_occured_gte=5");
    expect(problems.map((p) => p.param)).toEqual(["range"]);
    expect(read.query.filters).toEqual({ range: "1h" });
  });

  it("resolves a rolling range against the clock of each request", () => {
    const query = view("range=24h&status=open").view.query;
    const now = Date.UTC(2026, 10, 22, 10, 0, 0, 400);
    expect(resolveRange(query, now).filters).toEqual({
      status: ["open"],
      timestamp_occured_gte: Date.UTC(2026, 10, 21, 10, 0, 1),
      timestamp_occured_lte: Date.UTC(2026, 10, 22, 10, 0, 1),
    });
    expect(resolveRange(query, now + 86_400_000).filters.timestamp_occured_lte).toBe(
      Date.UTC(2026, 10, 23, 10, 0, 1),
    );
  });
});

describe("links between list and detail", () => {
  const list = view("page=4&sort=priority,desc&status=open&tz=Asia/Tokyo").view;

  it("carry the list's view and zone into the detail link and back out", () => {
    const href = detailHrefsFor("acme", list)("0a1b2c3d-0000-4000-8000-000000000001");
    const url = new URL(href, "http://x");
    expect(url.searchParams.get("tz")).toBe("Asia/Tokyo");
    expect(listHrefFrom("acme", url.searchParams.get("from"), "Asia/Tokyo")).toBe(
      `/d/acme/alarms?${toSearchParams(list.query)}&tz=Asia%2FTokyo`,
    );
  });

  it("mark a detail opened from the default view with `from=default`, never an empty `from`", () => {
    const href = detailHrefsFor("acme", { query: DEFAULT_QUERY, tz: "UTC" })(
      "0a1b2c3d-0000-4000-8000-000000000001",
    );
    expect(href).toBe("/d/acme/alarms/0a1b2c3d-0000-4000-8000-000000000001?from=default");
    const from = new URL(href, "http://x").searchParams.get("from");
    expect(fromListQuery(from)).toEqual(DEFAULT_QUERY);
    expect(listHrefFrom("acme", from)).toBe("/d/acme/alarms");
    // A link from before, with an empty `from`, still knows it came from the default view.
    expect(fromListQuery("")).toEqual(DEFAULT_QUERY);
    expect(listHrefFrom("acme", "")).toBe("/d/acme/alarms");
  });

  it("tell a detail opened from a list from one opened by a bare link", () => {
    expect(fromListQuery(null), "no `from`: not opened from a list").toBeNull();
    expect(fromListQuery(undefined)).toBeNull();
    const from = new URL(
      detailHrefsFor("acme", list)("0a1b2c3d-0000-4000-8000-000000000001"),
      "http://x",
    ).searchParams.get("from");
    expect(fromListQuery(from)).toEqual(list.query);
    // Links written before `from` was always there keep working: a named view is still read.
    expect(fromListQuery("?page=2&size=nope")).toEqual({ ...DEFAULT_QUERY, page: 2 });
  });

  it("never lead anywhere but the list, whatever `from` holds", () => {
    expect(listHrefFrom("acme", null)).toBe("/d/acme/alarms");
    expect(listHrefFrom("acme", "//evil.example/x")).toBe("/d/acme/alarms");
    expect(listHrefFrom("acme", "https://evil.example/?page=2")).toBe("/d/acme/alarms");
    expect(listHrefFrom("acme", "?page=2&size=nope&javascript:alert(1)")).toBe(
      "/d/acme/alarms?p=3",
    );
  });

  it("filter the list by one value from a detail", () => {
    expect(filteredListHref("acme", { alarm_sensor_sources: [SENSOR] }, "Europe/Berlin")).toBe(
      `/d/acme/alarms?alarm_sensor_sources=${SENSOR}&tz=Europe%2FBerlin`,
    );
    expect(
      parseAlarmListQuery(
        new URLSearchParams(filteredListHref("acme", { rule_strategy: ["A & B"] }).split("?")[1]),
      ).query.filters,
    ).toEqual({ rule_strategy: ["A & B"] });
  });
});
