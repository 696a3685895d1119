import { describe, expect, it } from "vitest";
import { DEFAULT_QUERY, FILTER_KEYS, parseAlarmListQuery, toSearchParams } from "./query";
import {
  type AlarmListValues,
  alarmListParsers,
  detailHref,
  listHrefFrom,
  queryFromValues,
  valuesFromQuery,
} from "./url-state";

/** Reads a search string the way nuqs does: the first value of each key through its parser. */
function readWithParsers(search: string): AlarmListValues {
  const params = new URLSearchParams(search);
  const values: Record<string, unknown> = {};
  for (const [key, parser] of Object.entries(alarmListParsers)) {
    const raw = params.get(key);
    const parsed = raw === null ? null : parser.parse(raw);
    values[key] = parsed ?? ("defaultValue" in parser ? parser.defaultValue : null);
  }
  return values as AlarmListValues;
}

const SENSOR = "9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b";

describe("the list's URL parsers", () => {
  it.each([
    "",
    "page=3",
    "size=50&sort=priority,asc",
    "sort=rule_method,desc&status=in_review&priority_label=high",
    `suppressed=false&rule_intent=Delivery+%26+Attack&alarm_sensor_sources=${SENSOR}`,
    "rule_strategy=Brute+Force+Authentication&rule_method=SSH",
    "timestamp_occured_gte=1700000000000&timestamp_occured_lte=1700003600000",
    // wrong values: both readers fall back to the same defaults
    "page=-1&size=7&sort=priority,up&status=opened&suppressed=yes",
    "priority_label=critical&alarm_sensor_sources=not-a-uuid&timestamp_occured_gte=yesterday",
    "rule_intent=&rule_method=%20%20",
    // from after to: the one parser drops `to`
    "timestamp_occured_gte=1700003600000&timestamp_occured_lte=1700000000000",
  ])("read %s exactly as the server does", (search) => {
    const server = parseAlarmListQuery(new URLSearchParams(search)).query;
    expect(queryFromValues(readWithParsers(search))).toEqual(server);
  });

  it("write the canonical value of every parameter", () => {
    const query = parseAlarmListQuery(
      new URLSearchParams(
        `page=2&size=100&sort=status,asc&status=open&suppressed=true&priority_label=low&rule_intent=X&rule_strategy=Y&rule_method=Z&alarm_sensor_sources=${SENSOR}&timestamp_occured_gte=1&timestamp_occured_lte=2`,
      ),
    ).query;
    const values = valuesFromQuery(query);
    const canonical = toSearchParams(query);
    for (const [key, parser] of Object.entries(alarmListParsers)) {
      const value = values[key as keyof AlarmListValues];
      expect(parser.serialize(value as never)).toBe(canonical.get(key));
    }
  });

  it("clear every filter that is not set", () => {
    const values = valuesFromQuery(DEFAULT_QUERY);
    for (const key of FILTER_KEYS) expect(values[key]).toBeNull();
  });
});

describe("links between list and detail", () => {
  const query = parseAlarmListQuery(
    new URLSearchParams("page=4&sort=priority,desc&status=open"),
  ).query;

  it("carry the list's view into the detail link and back out", () => {
    const href = detailHref("0a1b2c3d-0000-4000-8000-000000000001", query);
    const from = new URL(href, "http://x").searchParams.get("from");
    expect(listHrefFrom(from)).toBe(`/alarms?${toSearchParams(query)}`);
  });

  it("leave the default view out of the detail link", () => {
    expect(detailHref("0a1b2c3d-0000-4000-8000-000000000001", DEFAULT_QUERY)).toBe(
      "/alarms/0a1b2c3d-0000-4000-8000-000000000001",
    );
  });

  it("never lead anywhere but the list, whatever `from` holds", () => {
    expect(listHrefFrom(null)).toBe("/alarms");
    expect(listHrefFrom("//evil.example/x")).toBe("/alarms");
    expect(listHrefFrom("https://evil.example/?page=2")).toBe("/alarms");
    expect(listHrefFrom("?page=2&size=nope&javascript:alert(1)")).toBe("/alarms?page=2");
  });
});
