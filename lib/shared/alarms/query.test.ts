import { describe, expect, it } from "vitest";
import {
  DEFAULT_QUERY,
  MAX_FILTER_VALUES,
  isFilterText,
  parseAlarmListQuery,
  readsIndex,
  severalValued,
  toSearchParams,
} from "./query";

// The URL contract as an analyst (a corrected URL, a notice) and the route handler (a 400 naming
// the parameter) meet it. The messages are the ones the zod schemas used to give, kept verbatim.

const SENSOR = "9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";
const FIELDS =
  "timestamp_occured, timestamp_received, priority, status, rule_intent, rule_strategy, rule_method";

function problemsOf(search: string): string[] {
  return parseAlarmListQuery(new URLSearchParams(search)).problems.map((p) => p.message);
}

describe("parseAlarmListQuery", () => {
  it("reads every parameter into its typed value", () => {
    const { query, problems } = parseAlarmListQuery(
      new URLSearchParams(
        `page=07&size=50&sort=priority,asc&status=in_review&suppressed=false&priority_label=high` +
          `&rule_intent=%20Delivery%20%26%20Attack%20&rule_strategy=S&rule_method=M` +
          `&alarm_sensor_sources=${SENSOR.toUpperCase()}` +
          `&timestamp_occured_gte=1700000000000&timestamp_occured_lte=1700003600000`,
      ),
    );
    expect(problems).toEqual([]);
    expect(query).toEqual({
      page: 7,
      size: 50,
      sort: { field: "priority", direction: "asc" },
      filters: {
        status: ["in_review"],
        suppressed: false,
        priority_label: ["high"],
        rule_intent: ["Delivery & Attack"],
        rule_strategy: ["S"],
        rule_method: ["M"],
        alarm_sensor_sources: [SENSOR],
        timestamp_occured_gte: 1700000000000,
        timestamp_occured_lte: 1700003600000,
      },
    });
  });

  it.each([
    ["page=-1", "page must be a whole number"],
    ["page=1.5", "page must be a whole number"],
    ["page=", "page must be a whole number"],
    ["page=%201", "page must be a whole number"],
    ["page=100001", "page must be at most 100000"],
    ["page=99999999999999999999", "page must be at most 100000"],
    ["size=30", "size must be one of 10, 20, 50, 100"],
    ["size=010", "size must be one of 10, 20, 50, 100"],
    ["sort=priority", "sort must be field,asc or field,desc"],
    ["sort=priority,asc,x", "sort must be field,asc or field,desc"],
    ["sort=priority,up", "sort direction must be asc or desc"],
    ["sort=bogus,up", `sort field must be one of ${FIELDS}`],
    ["sort=,", `sort field must be one of ${FIELDS}`],
    ["status=opened", "status must be one of open, in_review, closed, none"],
    ["range=2h", "range must be one of 1h, 24h, 7d, 30d"],
    ["suppressed=yes", "suppressed must be true or false"],
    ["priority_label=critical", "priority_label must be one of low, medium, high"],
    ["rule_intent=%20%20", "rule_intent must not be empty"],
    [`rule_method=${"x".repeat(201)}`, "rule_method must be at most 200 characters"],
    ["rule_strategy=a%01b", "rule_strategy must not contain control characters"],
    ["alarm_sensor_sources=not-a-uuid", "alarm_sensor_sources must be a sensor uuid"],
    [
      "timestamp_occured_gte=yesterday",
      "timestamp_occured_gte must be a time such as 2026-11-29T06:00:00Z",
    ],
    [
      "timestamp_occured_lte=1234567890123456",
      "timestamp_occured_lte must be a time such as 2026-11-29T06:00:00Z",
    ],
    ["page=1&page=2", "page may be given only once"],
    [
      "timestamp_occured_gte=2&timestamp_occured_lte=1",
      "timestamp_occured_lte must not be before timestamp_occured_gte",
    ],
  ])("refuses %s: %s", (search, message) => {
    expect(problemsOf(search)).toEqual([message]);
  });

  it("refuses a page too large even to count (Number() makes it Infinity)", () => {
    expect(problemsOf(`page=${"9".repeat(400)}`)).toEqual(["page must be at most 100000"]);
  });

  it("keeps text that is long only because of the spaces around it", () => {
    const padded = ` ${"x".repeat(200)} `;
    const { query, problems } = parseAlarmListQuery({ rule_intent: padded });
    expect(problems).toEqual([]);
    expect(query.filters.rule_intent).toEqual(["x".repeat(200)]);
  });

  it("reports every wrong parameter and falls back to its default", () => {
    const { query, problems } = parseAlarmListQuery(
      new URLSearchParams("page=x&size=7&sort=priority,up&status=opened"),
    );
    expect(problems.map((p) => p.param)).toEqual(["page", "size", "sort", "status"]);
    expect(query).toEqual(DEFAULT_QUERY);
  });

  it("treats an empty filter as no filter", () => {
    const { query, problems } = parseAlarmListQuery(new URLSearchParams("status=&rule_intent="));
    expect(problems).toEqual([]);
    expect(query).toEqual(DEFAULT_QUERY);
  });

  it("reads names in any case, and reports a name it does not take (unless the route does)", () => {
    const { query, problems } = parseAlarmListQuery(
      new URLSearchParams("Status=open&query=10.0.0.5&part=priority"),
      ["part"],
    );
    expect(query.filters).toEqual({ status: ["open"] });
    expect(problems).toEqual([
      {
        param: "query",
        message: "query is not a parameter of this page, so it was left out",
        unknown: true,
      },
    ]);
  });

  it("keeps a search exactly as typed, writes it after the sort, and refuses one too long", () => {
    const typed = '  user:alice AND "brute force" ';
    const { query, problems } = parseAlarmListQuery(
      new URLSearchParams({ status: "open", Q: typed, sort: "priority,asc" }),
    );
    expect(problems).toEqual([]);
    expect(query.q).toBe(typed);
    expect(query.filters).toEqual({ status: ["open"] });
    const written = toSearchParams(query);
    expect(written.toString()).toBe(
      `sort=priority%2Casc&q=${encodeURIComponent(typed).replaceAll("%20", "+")}&status=open`,
    );
    expect(parseAlarmListQuery(written).query).toEqual(query);
    expect(parseAlarmListQuery(new URLSearchParams("q=%20%20")).query).toEqual(DEFAULT_QUERY);
    expect(problemsOf(`q=${"a".repeat(1001)}`)).toEqual(["q must be at most 1,000 characters"]);
    expect(parseAlarmListQuery(new URLSearchParams(`q=${"a".repeat(1000)}`)).problems).toEqual([]);
  });

  it("reads a record of params (a page's searchParams) as it reads URLSearchParams", () => {
    const record = { page: "3", sort: ["priority,asc"], status: undefined };
    expect(parseAlarmListQuery(record)).toEqual(
      parseAlarmListQuery(new URLSearchParams("page=3&sort=priority,asc")),
    );
  });
});

describe("toSearchParams", () => {
  const query = parseAlarmListQuery(
    new URLSearchParams("status=open&sort=priority,desc&page=2&suppressed=true"),
  ).query;

  it("write a canonical URL that reads back to the same query", () => {
    expect(toSearchParams(query).toString()).toBe(
      "p=3&sort=priority%2Cdesc&status=open&suppressed=true",
    );
    expect(parseAlarmListQuery(toSearchParams(query)).query).toEqual(query);
    expect(toSearchParams(DEFAULT_QUERY).toString()).toBe("");
  });
});

describe("several values of a filter", () => {
  const read = (search: string) => parseAlarmListQuery(new URLSearchParams(search));

  it("reads a repeated filter as any of its values, a fixed set's in its own order", () => {
    const { query, problems } = read(
      "status=closed&status=Open&priority_label=high&priority_label=LOW" +
        "&rule_strategy=B&rule_strategy=A&rule_strategy=B",
    );
    expect(problems).toEqual([]);
    expect(query.filters).toEqual({
      status: ["open", "closed"],
      priority_label: ["low", "high"],
      // Names in the order given, each once.
      rule_strategy: ["B", "A"],
    });
    expect(toSearchParams(query).toString()).toBe(
      "status=open&status=closed&priority_label=low&priority_label=high" +
        "&rule_strategy=B&rule_strategy=A",
    );
    expect(read(toSearchParams(query).toString()).query).toEqual(query);
  });

  it("reports a wrong value by name and keeps the others; empty values are no value", () => {
    const { query, problems } = read("status=open&status=shut&status=&status=gone");
    expect(problems).toEqual([
      { param: "status", message: "status must be one of open, in_review, closed, none" },
    ]);
    expect(query.filters).toEqual({ status: ["open"] });
    expect(read("status=&status=").query.filters).toEqual({});
  });

  it(`takes at most ${MAX_FILTER_VALUES} values of a filter, and suppressed once`, () => {
    const many = Array.from({ length: 25 }, (_, i) => `rule_method=m${i}`).join("&");
    const { query, problems } = read(many);
    expect(query.filters.rule_method).toHaveLength(MAX_FILTER_VALUES);
    expect(query.filters.rule_method?.[0]).toBe("m0");
    expect(problems.map((p) => p.param)).toEqual(["rule_method"]);
    expect(problemsOf("suppressed=true&suppressed=false")).toEqual([
      "suppressed may be given only once",
    ]);
    expect(problemsOf("range=24h&range=7d")).toEqual(["range may be given only once"]);
  });

  it("sends a view with several values of a filter to the index, one value to the upstream", () => {
    expect(readsIndex(read("status=open").query)).toBe(false);
    expect(readsIndex(read("status=open&priority_label=high").query)).toBe(false);
    expect(severalValued(read("status=open&status=closed").query.filters)).toBe("status");
    expect(readsIndex(read("priority_label=high&rule_method=a&rule_method=b").query)).toBe(true);
    expect(readsIndex(read("q=ssh").query)).toBe(true);
  });

  it("reads a filter by every name q and group take for its field, and writes the filter's own", () => {
    const { query, problems } = read(
      `Strategy=Port%20Scan&intent=Delivery&priority=HIGH&method=Nmap&sensor_uuid=9b6a1c3e-5a4f-4d2b-8e7a-1f2c3d4e5f60&status=open`,
    );
    expect(problems).toEqual([]);
    expect(query.filters).toEqual({
      status: ["open"],
      priority_label: ["high"],
      rule_intent: ["Delivery"],
      rule_strategy: ["Port Scan"],
      rule_method: ["Nmap"],
      alarm_sensor_sources: ["9b6a1c3e-5a4f-4d2b-8e7a-1f2c3d4e5f60"],
    });
    expect(toSearchParams(query).toString()).toBe(
      "status=open&priority_label=high&rule_intent=Delivery&rule_strategy=Port+Scan" +
        "&rule_method=Nmap&alarm_sensor_sources=9b6a1c3e-5a4f-4d2b-8e7a-1f2c3d4e5f60",
    );
    // Two names of one filter are one filter: any of their values.
    expect(read("strategy=a&rule_strategy=b").query.filters).toEqual({ rule_strategy: ["a", "b"] });
    // A field without a filter of the list is no parameter of it.
    expect(read("src_ip=10.0.0.1").problems).toEqual([
      expect.objectContaining({ param: "src_ip", unknown: true }),
    ]);
  });

  it("takes none for the alarms without a status, which only the index can filter by", () => {
    const { query, problems } = read("status=None&status=open");
    expect(problems).toEqual([]);
    expect(query.filters).toEqual({ status: ["open", "none"] });
    expect(toSearchParams(query).toString()).toBe("status=open&status=none");
    expect(readsIndex(read("status=none").query)).toBe(true);
  });
});

describe("isFilterText", () => {
  it("takes a text the rule filters keep exactly as it is, and nothing they would change or refuse", () => {
    expect(isFilterText("Delivery & Attack")).toBe(true);
    expect(isFilterText("x".repeat(200))).toBe(true);
    expect(isFilterText("x".repeat(201))).toBe(false);
    expect(isFilterText(" Web Shell")).toBe(false);
    expect(isFilterText("Web Shell\n")).toBe(false);
    expect(isFilterText("Tab\tinside")).toBe(false);
    expect(isFilterText("")).toBe(false);
  });
});
