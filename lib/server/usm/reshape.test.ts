import { describe, expect, it } from "vitest";
import { alarmDetailSchema, alarmPageSchema, alarmSummarySchema } from "@/lib/server/core/shapes";
import { toAlarmDetail, toAlarmPage, toAlarmSummary } from "./reshape";
import { upstreamAlarmSchema, upstreamPageSchema } from "./schemas";
import { UPSTREAM_MARKER } from "./upstream-host";
import { BASE, SOURCE, UUID, alarm, eventFields } from "@/test/vendor-alarm";

// The reshape layer on hand-written vendor payloads, in each of the shapes real deployments send.

const reshape = (json: unknown) => toAlarmDetail(upstreamAlarmSchema.parse(json), json, SOURCE);

describe("events", () => {
  it("renders wrapped and flat events as one shape", () => {
    const wrapped = {
      _links: { self: { href: `${BASE}/api/2.0/events/{eventId}`, templated: true } },
      timeStamp: 1629188002363,
      message: eventFields,
    };
    const detail = reshape(alarm({ events: [wrapped, eventFields] }));
    expect(alarmDetailSchema.parse(detail)).toEqual(detail);
    const [fromWrapped, fromFlat] = detail.events;
    expect(fromWrapped).toEqual(fromFlat);
    expect(fromWrapped).toEqual({
      uuid: "e1",
      name: "SSH login failed",
      category: "Authentication",
      subcategory: "Brute Force",
      severity: "3",
      occurredAt: 1629188002363,
      source: { address: "203.0.113.7", port: 51514, hostname: null },
      destination: { address: "10.0.0.5", port: 22, hostname: "bastion-01" },
      plugin: "Linux SSH",
      pluginDevice: "OpenSSH",
      log: "Failed password for root",
    });
  });

  it("takes a wrapped event's time from timeStamp when its message has none", () => {
    const { timestamp_occured: _dropped, ...withoutTime } = eventFields;
    const detail = reshape(alarm({ events: [{ timeStamp: 1629188000000, message: withoutTime }] }));
    expect(detail.events[0]?.occurredAt).toBe(1629188000000);
  });

  it("counts shown events against the alarm's total, falling back to the events' length", () => {
    const events = Array.from({ length: 10 }, () => eventFields);
    expect(reshape(alarm({ events, alarm_events_count: 1985 }))).toMatchObject({
      eventsShown: 10,
      eventsTotal: 1985,
    });
    expect(reshape(alarm({ events: [eventFields, eventFields] }))).toMatchObject({
      eventsShown: 2,
      eventsTotal: 2,
    });
  });
});

describe("tolerance", () => {
  it("accepts an alarm without status, ISO times, events or endpoints", () => {
    const summary = toAlarmSummary(
      upstreamAlarmSchema.parse({ uuid: UUID, priority: 10, timestamp_occured: 1629188157000 }),
      "acme",
    );
    expect(alarmSummarySchema.parse(summary)).toMatchObject({
      deployment: "acme",
      status: null,
      priorityLabel: null,
      occurredAt: 1629188157000,
      receivedAt: null,
      sources: [],
      destinations: [],
      eventsShown: 0,
      eventsTotal: 0,
    });
  });

  it("reads times as strings of epoch ms, numbers, or the ISO twin alone", () => {
    const parse = (fields: Record<string, unknown>) =>
      toAlarmSummary(upstreamAlarmSchema.parse({ uuid: UUID, ...fields }), "acme").occurredAt;
    expect(parse({ timestamp_occured: "1629188157000" })).toBe(1629188157000);
    expect(parse({ timestamp_occured: 1629188157000 })).toBe(1629188157000);
    expect(parse({ timestamp_occured_iso8601: "2021-08-17T08:15:57.000Z" })).toBe(1629188157000);
  });

  it("refuses a payload whose essentials are the wrong type", () => {
    expect(upstreamAlarmSchema.safeParse({ uuid: 42 }).success).toBe(false);
    expect(upstreamAlarmSchema.safeParse({ uuid: UUID, events: "none" }).success).toBe(false);
  });

  it("turns a page without _embedded (Spring's empty result) into no alarms", () => {
    const page = toAlarmPage(
      upstreamPageSchema.parse({ page: { size: 20, totalElements: 0, totalPages: 0, number: 0 } }),
      { page: 0, size: 20, filters: { timestamp_occured_gte: 5 } },
      SOURCE,
      1_700_000_000_000,
    );
    expect(alarmPageSchema.parse(page)).toEqual({
      alarms: [],
      page: { number: 0, size: 20, totalElements: 0, totalPages: 0 },
      occurred: { gte: 5, lte: null },
      readAt: 1_700_000_000_000,
    });
  });
});

describe("sources and destinations", () => {
  it("uses the endpoint objects when present", () => {
    const detail = reshape(
      alarm({
        sources: [{ address: "203.0.113.7", country: "NL", event_count: 4, asset_id: "a-1" }],
        alarm_sources: ["198.51.100.1"],
      }),
    );
    expect(detail.sources).toEqual([
      expect.objectContaining({
        address: "203.0.113.7",
        country: "NL",
        eventCount: 4,
        assetId: "a-1",
      }),
    ]);
  });

  it("falls back to the alarm_* lists, leaving out de-duplicated lists it cannot attribute", () => {
    const detail = reshape(
      alarm({
        alarm_sources: ["203.0.113.7", "203.0.113.8"],
        alarm_source_names: ["scanner-a", "scanner-b"],
        alarm_source_countries: ["NL"], // a set: one country for two addresses
        alarm_destinations: ["10.0.0.5"],
        alarm_destination_names: ["bastion-01"],
        alarm_destination_assset_ids: ["asset-9"],
      }),
    );
    expect(detail.sources.map((s) => [s.address, s.name, s.country])).toEqual([
      ["203.0.113.7", "scanner-a", null],
      ["203.0.113.8", "scanner-b", null],
    ]);
    expect(detail.destinations).toEqual([
      expect.objectContaining({ address: "10.0.0.5", name: "bastion-01", assetId: "asset-9" }),
    ]);
  });

  it("falls back to source_name / source_canonical when there is nothing else", () => {
    const detail = reshape(alarm({ source_name: "203.0.113.7", source_canonical: "203.0.113.7" }));
    expect(detail.sources).toEqual([
      expect.objectContaining({ name: "203.0.113.7", canonical: "203.0.113.7", address: null }),
    ]);
  });
});

describe("raw", () => {
  it("keeps the vendor's alarm but no upstream origin, at any depth", () => {
    const json = alarm({
      sources: [{ address: "1.2.3.4", _links: { self: { href: `${BASE}/api/2.0/x/0` } } }],
      events: [
        {
          _links: { self: { href: `${BASE}/api/2.0/events/{eventId}`, templated: true } },
          message: { ...eventFields, note: `seen at ${BASE}/ui` },
        },
      ],
      other_links: [{ href: "http://internal-proxy:8080/api/2.0/alarms?page=1" }],
    });
    const raw = reshape(json).raw as ReturnType<typeof alarm>;
    const text = JSON.stringify(raw);
    expect(text).not.toContain("tenant.alienvault.cloud");
    expect(text).not.toContain("internal-proxy");
    expect(raw._links.self.href).toBe(`/api/2.0/alarms/${UUID}`);
    expect(raw.an_unknown_field).toEqual({ nested: true });
    expect(raw.timestamp_occured).toBe("1629188157000"); // as received, not reshaped
    // The input is left as it was.
    expect(json._links.self.href).toBe(`${BASE}/api/2.0/alarms/${UUID}`);
  });
});

describe("the upstream's host in reshaped fields", () => {
  const M = UPSTREAM_MARKER;

  it("takes it out of the reshaped endpoints and events as well as raw", () => {
    const detail = reshape(
      alarm({
        sources: [{ address: "203.0.113.7", hostname: "tenant.alienvault.cloud" }],
        alarm_destinations: ["10.0.0.5"],
        alarm_destination_fqdns: ["TENANT.alienvault.cloud:443"],
        events: [
          {
            ...eventFields,
            source_hostname: "http://tenant.alienvault.cloud",
            log: "POST tenant.alienvault.cloud:443/api/2.0/oauth/token 401",
          },
        ],
      }),
    );
    const { raw, ...reshaped } = detail;
    expect(JSON.stringify(raw)).not.toMatch(/tenant\.alienvault\.cloud/i);
    expect(JSON.stringify(reshaped)).not.toMatch(/tenant\.alienvault\.cloud/i);
    expect(detail.sources[0]?.hostname).toBe(M);
    expect(detail.destinations[0]?.fqdn).toBe(M);
    expect(detail.events[0]?.source.hostname).toBe(M);
    expect(detail.events[0]?.log).toBe(`POST ${M}/api/2.0/oauth/token 401`);
    expect(alarmDetailSchema.parse(detail)).toEqual(detail);
  });

  it("takes it out of the alarms of a page", () => {
    const page = toAlarmPage(
      upstreamPageSchema.parse({
        _embedded: {
          alarms: [
            alarm({
              alarm_sources: ["203.0.113.7"],
              alarm_source_names: ["tenant.alienvault.cloud"],
            }),
          ],
        },
      }),
      { page: 0, size: 20, filters: {} },
      SOURCE,
      0,
    );
    expect(page.alarms[0]?.sources[0]).toMatchObject({ address: "203.0.113.7", name: M });
    expect(JSON.stringify(page)).not.toContain("tenant.alienvault.cloud");
  });
});
