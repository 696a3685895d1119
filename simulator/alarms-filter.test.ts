// Conformance: the filters of GET /api/2.0/alarms, each alone, combined, and rejected values.
import { describe, expect, it } from "vitest";
import { Alarm, expectBadParameter, getPage, readAll, startWithToken } from "./test-support";

const { sim, token } = await startWithToken({ alarms: 900 });
const everything = await readAll(sim, token, "?size=1000");
const sample = everything[300]!;
const sampleTime = Number(sample.timestamp_occured);

type Case = [name: string, query: string, predicate: (a: Alarm) => boolean];

const cases: Case[] = [
  ["status=open", "status=open", (a) => a.status === "open"],
  ["status=in_review", "status=in_review", (a) => a.status === "in_review"],
  ["status=closed", "status=closed", (a) => a.status === "closed"],
  [
    "status repeated",
    "status=open&status=closed",
    (a) => a.status === "open" || a.status === "closed",
  ],
  [
    "status comma list",
    "status=open,in_review",
    (a) => a.status === "open" || a.status === "in_review",
  ],
  ["suppressed=true", "suppressed=true", (a) => a.suppressed],
  ["suppressed=false", "suppressed=false", (a) => !a.suppressed],
  ["priority_label=low", "priority_label=low", (a) => a.priority_label === "low"],
  ["priority_label=medium", "priority_label=medium", (a) => a.priority_label === "medium"],
  ["priority_label=high", "priority_label=high", (a) => a.priority_label === "high"],
  [
    "rule_intent",
    "rule_intent=Reconnaissance%20%26%20Probing",
    (a) => a.rule_intent === "Reconnaissance & Probing",
  ],
  [
    "rule_strategy",
    "rule_strategy=Brute%20Force%20Authentication",
    (a) => a.rule_strategy === "Brute Force Authentication",
  ],
  ["rule_method", "rule_method=Windows%20RDP", (a) => a.rule_method === "Windows RDP"],
  [
    "alarm_sensor_sources",
    `alarm_sensor_sources=${sample.sensor_uuid}`,
    (a) => a.alarm_sensor_sources.includes(sample.sensor_uuid),
  ],
  [
    "timestamp_occured_gte (inclusive)",
    `timestamp_occured_gte=${sampleTime}`,
    (a) => Number(a.timestamp_occured) >= sampleTime,
  ],
  [
    "timestamp_occured_lte (inclusive)",
    `timestamp_occured_lte=${sampleTime}`,
    (a) => Number(a.timestamp_occured) <= sampleTime,
  ],
  [
    "a combination of filters and a sort",
    `status=open&suppressed=false&priority_label=medium&rule_intent=Delivery%20%26%20Attack&sort=priority,desc&timestamp_occured_lte=${sampleTime}`,
    (a) =>
      a.status === "open" &&
      !a.suppressed &&
      a.priority_label === "medium" &&
      a.rule_intent === "Delivery & Attack" &&
      Number(a.timestamp_occured) <= sampleTime,
  ],
];

describe("filters", () => {
  it.each(cases)("%s returns exactly the matching alarms", async (_name, query, predicate) => {
    const expected = everything
      .filter(predicate)
      .map((a) => a.uuid)
      .sort();
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(everything.length);
    const { body } = await getPage(sim, token, `?size=1&${query}`);
    expect(body.page.totalElements).toBe(expected.length);
    const got = await readAll(sim, token, `?size=500&${query}`);
    expect(got.map((a) => a.uuid).sort()).toEqual(expected);
  });

  it("includes both ends of a timestamp range", async () => {
    const { body } = await getPage(
      sim,
      token,
      `?timestamp_occured_gte=${sampleTime}&timestamp_occured_lte=${sampleTime}`,
    );
    expect(body._embedded?.alarms.map((a) => a.uuid)).toContain(sample.uuid);
  });

  it.each([
    ["an unknown rule_intent", "rule_intent=Lateral%20Movement"],
    [
      "a well-formed but unknown sensor",
      "alarm_sensor_sources=00000000-0000-4000-8000-000000000000",
    ],
    [
      "an inverted time range",
      `timestamp_occured_gte=${sampleTime + 1}&timestamp_occured_lte=${sampleTime - 1}`,
    ],
  ])("answers an empty 200 page for %s", async (_name, query) => {
    const { status, body } = await getPage(sim, token, `?${query}`);
    expect(status).toBe(200);
    expect(body.page.totalElements).toBe(0);
    expect(body._embedded).toBeUndefined();
  });

  it.each([
    ["status", "status=resolved"],
    ["status", "status=OPEN"],
    ["suppressed", "suppressed=yes"],
    ["priority_label", "priority_label=critical"],
    ["priority_label", "priority_label=low&priority_label=high"],
    ["alarm_sensor_sources", "alarm_sensor_sources=sensor-1"],
    ["timestamp_occured_gte", "timestamp_occured_gte=yesterday"],
    ["timestamp_occured_gte", "timestamp_occured_gte=2024-03-01T00:00:00Z"],
    ["timestamp_occured_lte", "timestamp_occured_lte=1.5"],
    ["rule_method", "rule_method=SSH&rule_method=FTP"],
  ])("answers 400 naming '%s' for %s", async (param, query) => {
    await expectBadParameter(sim, token, query, param);
  });
});
