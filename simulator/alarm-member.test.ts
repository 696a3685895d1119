// Conformance: GET /api/2.0/alarms/{alarmId}, and the shape of the alarm object (doc section 4).
import { describe, expect, it } from "vitest";
import { retainedPositions } from "./events";
import {
  Alarm,
  ErrorBody,
  MemberAlarm,
  alarmsOf,
  get,
  getPage,
  readAll,
  startWithToken,
} from "./test-support";

const { sim, token } = await startWithToken({ alarms: 1200 });
const all = await readAll(sim, token, "?size=1000");

describe("alarm member", () => {
  it("answers 200 with the same alarm the list holds, self pointing at itself", async () => {
    const listed = alarmsOf((await getPage(sim, token, "?page=3&size=5")).body)[2]!;
    const url = `${sim.url}/api/2.0/alarms/${listed.uuid}`;
    const res = await get(url, token);
    expect(res.status).toBe(200);
    const alarm = (await res.json()) as MemberAlarm;
    const { events: _listedEvents, ...listedFields } = listed;
    const { events: _memberEvents, ...memberFields } = alarm;
    expect(memberFields).toEqual(listedFields);
    expect(alarm._links.self).toEqual({ href: url, templated: false });
  });

  it("sends the events flat, each event's fields at top level with a link to that event", async () => {
    // An alarm with more events than are retained, so every one of the ten is compared.
    const listed = all.find((a) => a.alarm_events_count > 10)!;
    const res = await get(`${sim.url}/api/2.0/alarms/${listed.uuid}`, token);
    const alarm = (await res.json()) as MemberAlarm;
    expect(alarm.events).toHaveLength(10);
    expect(alarm.events).toEqual(
      listed.events.map((wrapped) => ({
        ...wrapped.message,
        _links: {
          self: {
            href: `${sim.url}/api/2.0/events/${String(wrapped.message.uuid)}`,
            templated: false,
          },
        },
      })),
    );
    for (const event of alarm.events) {
      expect(event).not.toHaveProperty("message");
      expect(event).not.toHaveProperty("timeStamp");
      expect(event.uuid).toMatch(/^[0-9a-f]{8}-/);
      expect(event.event_name).toEqual(expect.any(String));
    }
    expect(alarm.packet_data).toEqual(alarm.events.map((e) => e.uuid));
  });

  it.each([
    ["an unknown uuid", "0f8fad5b-d9cb-469f-a165-70867728950e"],
    ["a uuid of the right shape with a flipped digit", "FLIP"],
    ["something that is no uuid", "not-a-uuid"],
  ])("answers 404 JSON for %s", async (_name, id) => {
    const uuid = all[0]!.uuid;
    const flipped = uuid.slice(0, -1) + (uuid.endsWith("0") ? "1" : "0");
    const path = `/api/2.0/alarms/${id === "FLIP" ? flipped : id}`;
    const res = await get(`${sim.url}${path}`, token);
    expect(res.status).toBe(404);
    expect((await res.json()) as ErrorBody).toMatchObject({ result: "error", location: path });
  });
});

describe("alarm data", () => {
  it("carries every field of the doc's section 4 on a typical alarm", () => {
    const alarm = all.find((a) => a.status !== undefined && "timestamp_occured_iso8601" in a)!;
    for (const field of [
      "uuid",
      "has_alarm",
      "needs_enrichment",
      "priority",
      "priority_label",
      "suppressed",
      "rule_id",
      "rule_intent",
      "rule_method",
      "rule_strategy",
      "rule_dictionary",
      "rule_attack_id",
      "rule_attack_technique",
      "rule_attack_tactic",
      "status",
      "timestamp_occured",
      "timestamp_received",
      "timestamp_occured_iso8601",
      "timestamp_received_iso8601",
      "source_name",
      "source_canonical",
      "destination_name",
      "destination_canonical",
      "alarm_sources",
      "alarm_destinations",
      "alarm_source_names",
      "alarm_destination_names",
      "alarm_source_countries",
      "alarm_destination_countries",
      "alarm_source_organisations",
      "alarm_destination_assset_ids",
      "alarm_events_count",
      "packet_data",
      "sensor_uuid",
      "alarm_sensor_sources",
      "alarm_labels",
      "highlight_fields",
      "transient",
      "sources",
      "destinations",
      "events",
      "_links",
    ]) {
      expect(alarm, field).toHaveProperty(field);
    }
    expect(all.some((a) => typeof a.source_username === "string")).toBe(true);
  });

  it("keeps priority 0-100 with a consistent label (low < 35 <= medium < 65 <= high)", () => {
    for (const a of all) {
      expect(Number.isInteger(a.priority) && a.priority >= 0 && a.priority <= 100).toBe(true);
      const label = a.priority >= 65 ? "high" : a.priority >= 35 ? "medium" : "low";
      expect(a.priority_label).toBe(label);
    }
    expect(new Set(all.map((a) => a.priority_label)).size).toBe(3);
  });

  it("sends times as strings of epoch ms, received seconds to minutes after occurred", () => {
    for (const a of all) {
      expect(a.timestamp_occured).toMatch(/^\d{13}$/);
      const delay = Number(a.timestamp_received) - Number(a.timestamp_occured);
      expect(delay).toBeGreaterThanOrEqual(1000);
      expect(delay).toBeLessThanOrEqual(10 * 60_000);
      if (typeof a.timestamp_occured_iso8601 === "string") {
        expect(Date.parse(a.timestamp_occured_iso8601)).toBe(Number(a.timestamp_occured));
      }
    }
  });

  it("weights statuses, suppresses about 10%, and leaves optional fields out of about 2%", () => {
    const share = (p: (a: Alarm) => boolean) => all.filter(p).length / all.length;
    expect(share((a) => a.status === "open")).toBeGreaterThan(0.2);
    expect(share((a) => a.status === "closed")).toBeGreaterThan(0.2);
    expect(share((a) => a.status === "in_review")).toBeGreaterThan(0.05);
    expect(share((a) => a.suppressed)).toBeGreaterThan(0.05);
    expect(share((a) => a.suppressed)).toBeLessThan(0.18);
    expect(share((a) => a.status === undefined)).toBeGreaterThan(0.005);
    expect(share((a) => a.status === undefined)).toBeLessThan(0.05);
    expect(share((a) => !("timestamp_received_iso8601" in a))).toBeGreaterThan(0.005);
    expect(
      share(
        (a) =>
          a.highlight_fields instanceof Array &&
          a.highlight_fields.some((f: string) => f.startsWith(" ")),
      ),
    ).toBeGreaterThan(0.1);
  });

  it("draws from a coherent rule taxonomy with ATT&CK ids and a handful of sensors", () => {
    const rules = new Map(
      all.map((a) => [
        a.rule_id,
        `${a.rule_intent}|${a.rule_strategy}|${a.rule_method}|${a.rule_attack_id}`,
      ]),
    );
    expect(rules.size).toBeGreaterThanOrEqual(20);
    for (const a of all)
      expect(rules.get(a.rule_id)).toBe(
        `${a.rule_intent}|${a.rule_strategy}|${a.rule_method}|${a.rule_attack_id}`,
      );
    expect(new Set(all.map((a) => a.rule_intent))).toEqual(
      new Set([
        "Delivery & Attack",
        "Reconnaissance & Probing",
        "Environmental Awareness",
        "Exploitation & Installation",
        "System Compromise",
      ]),
    );
    expect(all.every((a) => /^T\d{4}(\.\d{3})?$/.test(String(a.rule_attack_id)))).toBe(true);
    const sensors = new Set(all.map((a) => a.sensor_uuid));
    expect(sensors.size).toBeGreaterThanOrEqual(3);
    expect(sensors.size).toBeLessThanOrEqual(8);
  });

  it("describes sources and destinations as internal assets or external addresses", () => {
    const endpoints = all.flatMap((a) => [
      ...(a.sources as Array<Record<string, unknown>>),
      ...(a.destinations as Array<Record<string, unknown>>),
    ]);
    for (const e of endpoints) {
      expect(e).toHaveProperty("event_count");
      expect(e).toHaveProperty("canonical");
      expect((e._links as { self: { href: string } }).self.href).toMatch(/^http:\/\//);
    }
    const internal = endpoints.filter((e) => /^(10\.|192\.168\.)/.test(String(e.address)));
    const external = endpoints.filter((e) => !/^(10\.|192\.168\.)/.test(String(e.address)));
    expect(internal.every((e) => e.hostname && e.fqdn && e.asset_id)).toBe(true);
    expect(external.every((e) => e.country && e.organisation)).toBe(true);
    expect(internal.length).toBeGreaterThan(0);
    expect(external.length).toBeGreaterThan(0);
  });

  it("retains at most 10 wrapped events: the first and the last nine", () => {
    expect(retainedPositions(3)).toEqual([0, 1, 2]);
    expect(retainedPositions(2500)).toEqual([
      0, 2491, 2492, 2493, 2494, 2495, 2496, 2497, 2498, 2499,
    ]);
    expect(all.some((a) => a.alarm_events_count > 1000)).toBe(true);
    for (const a of all) {
      expect(a.events).toHaveLength(Math.min(10, a.alarm_events_count));
      expect(a.packet_data).toEqual(a.events.map((e) => e.message.uuid));
      for (const e of a.events) {
        expect(e._links.self).toEqual({
          href: `${sim.url}/api/2.0/events/{eventId}`,
          templated: true,
        });
        expect(typeof e.timeStamp).toBe("number");
        for (const field of [
          "uuid",
          "event_name",
          "event_category",
          "event_subcategory",
          "event_severity",
          "plugin",
          "plugin_device",
          "log",
          "source_address",
          "source_port",
          "destination_address",
          "destination_port",
          "timestamp_occured",
        ]) {
          expect(e.message, field).toHaveProperty(field);
        }
        expect(e.message.suppressed).toBe("false");
      }
      const times = a.events.map((e) => e.timeStamp);
      expect(times).toEqual([...times].sort((x, y) => x - y));
    }
  });
});
