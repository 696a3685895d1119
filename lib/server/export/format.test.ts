import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { NO_ENDPOINT } from "@/lib/shared/alarms/format";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { EnvError, parseEnv } from "@/lib/server/env";
import { contentDisposition, exportFileName, exportScopeName } from "@/lib/shared/export/file-name";
import { exportPageSizes } from "./pages";
import { CSV_COLUMNS, isoInZone } from "./rows";
import { exportWriter } from "./writers";
import { testSummary } from "@/test/indexed-alarm";

// What a written file holds, cell by cell: formula escaping, lists in one cell, times, names.

/** An alarm of the files: a high one of a known uuid, times and sources, `overrides` given. */
const alarm = (overrides: Partial<AlarmSummary> = {}): AlarmSummary =>
  testSummary({
    uuid: "0b6b4c3e-8f7a-4d2a-9e1f-1a2b3c4d5e6f",
    priority: 70,
    priorityLabel: "high",
    occurredAt: Date.UTC(2026, 0, 15, 9, 30, 5, 120),
    receivedAt: Date.UTC(2026, 0, 15, 9, 31, 0),
    sources: [
      { ...NO_ENDPOINT, address: "10.0.0.5", hostname: "web-1", eventCount: 3 },
      { ...NO_ENDPOINT, address: "203.0.113.9", country: "NL", eventCount: 1 },
    ],
    sourceUsername: "j.doe",
    eventsShown: 2,
    eventsTotal: 40,
    ...overrides,
    rule: {
      id: "rule-1",
      attackTactics: ["Credential Access", "Initial Access"],
      ...overrides.rule,
    },
  });

const csvOf = (alarms: AlarmSummary[], zone = "UTC") => {
  const writer = exportWriter("csv", zone);
  const text = writer.start() + writer.rows(alarms) + writer.end();
  return parse(text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
};

describe("CSV", () => {
  it.each(["=", "+", "-", "@", "\t", "\r"])(
    "escapes a cell a spreadsheet would run as a formula (leading %j)",
    (trigger) => {
      const payload = `${trigger}HYPERLINK("http://evil.example","x")`;
      const [row] = csvOf([
        alarm({ labels: [payload], rule: { ...alarm().rule, method: payload } }),
      ]);
      expect(row!.labels).toBe(`'${payload}`);
      expect(row!.rule_method).toBe(`'${payload}`);
    },
  );

  it("leaves ordinary cells and numbers as they are", () => {
    const [row] = csvOf([alarm({ labels: ["a=b", "x-y"] })]);
    expect(row!.labels).toBe("a=b; x-y");
    expect(row!.priority).toBe("70");
    expect(row!.rule_intent).toBe("Delivery & Attack");
  });

  it("writes one row an alarm, lists joined in one cell, a header naming the columns", () => {
    const rows = csvOf([alarm(), alarm({ uuid: "other" })]);
    expect(rows).toHaveLength(2);
    expect(Object.keys(rows[0]!)).toEqual([...CSV_COLUMNS]);
    expect(rows[0]).toMatchObject({
      source_addresses: "10.0.0.5; 203.0.113.9",
      source_names: "web-1",
      source_countries: "NL",
      rule_attack_tactics: "Credential Access; Initial Access",
      destination_addresses: "",
    });
  });

  it("writes the alarm's user names, each in a column of its own", () => {
    const [row] = csvOf([alarm({ destinationUsername: "svc-backup" })]);
    expect(row).toMatchObject({ source_username: "j.doe", destination_username: "svc-backup" });
    const [none] = csvOf([alarm({ sourceUsername: null })]);
    expect(none).toMatchObject({ source_username: "", destination_username: "" });
  });

  it("writes times in ISO 8601 UTC and on the view's clock with its offset", () => {
    const [row] = csvOf([alarm()], "America/St_Johns");
    expect(row!.occurred_utc).toBe("2026-01-15T09:30:05.120Z");
    expect(row!.occurred_local).toBe("2026-01-15T06:00:05.120-03:30");
    expect(row!.received_utc).toBe("2026-01-15T09:31:00.000Z");
    expect(isoInZone(Date.UTC(2026, 6, 1, 12), "Europe/Berlin")).toBe(
      "2026-07-01T14:00:00.000+02:00",
    );
    expect(isoInZone(null, "Europe/Berlin")).toBe("");
  });

  it("quotes commas, quotes and line breaks (RFC 4180)", () => {
    const tricky = 'a, "quoted"\nline';
    const [row] = csvOf([alarm({ labels: [tricky] })]);
    expect(row!.labels).toBe(tricky);
  });
});

describe("NDJSON and JSON", () => {
  it("writes one alarm a line, and JSON as one array (an empty view too)", () => {
    const ndjson = exportWriter("ndjson", "UTC");
    const lines = ndjson
      .rows([alarm(), alarm({ uuid: "b" })])
      .trimEnd()
      .split("\n");
    expect(lines.map((line) => (JSON.parse(line) as AlarmSummary).uuid)).toEqual([
      alarm().uuid,
      "b",
    ]);
    const json = exportWriter("json", "UTC");
    const text =
      json.start() + json.rows([alarm()]) + json.rows([alarm({ uuid: "b" })]) + json.end();
    expect((JSON.parse(text) as AlarmSummary[]).map((a) => a.uuid)).toEqual([alarm().uuid, "b"]);
    const empty = exportWriter("json", "UTC");
    expect(JSON.parse(empty.start() + empty.rows([]) + empty.end())).toEqual([]);
  });
});

describe("the file name", () => {
  it("names the deployment, the view and the time in safe characters", () => {
    const at = Date.UTC(2026, 10, 23, 14, 5, 59);
    const query = {
      ...DEFAULT_QUERY,
      filters: {
        status: ["open" as const],
        priority_label: ["high" as const],
        rule_intent: ["Delivery & Attack"],
      },
    };
    const name = exportFileName("acme", query, at, "csv");
    expect(name).toBe(
      "acme-alarms-status-open-priority-high-intent-delivery-attack-2026-11-23T1405Z.csv",
    );
    const several = {
      ...DEFAULT_QUERY,
      filters: {
        status: ["open" as const, "in_review" as const],
        alarm_sensor_sources: ["9f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b"],
      },
    };
    expect(exportFileName("acme", several, at, "csv")).toBe(
      "acme-alarms-status-open-or-in-review-sensor-9f1c2a34-2026-11-23T1405Z.csv",
    );
    expect(exportFileName("acme", DEFAULT_QUERY, at, "ndjson")).toBe(
      "acme-alarms-2026-11-23T1405Z.ndjson",
    );
    const sorted = {
      ...DEFAULT_QUERY,
      sort: { field: "priority" as const, direction: "asc" as const },
    };
    expect(exportFileName("acme", { ...sorted, filters: { range: "24h" } }, at, "json")).toBe(
      "acme-alarms-last-24h-by-priority-asc-2026-11-23T1405Z.json",
    );
    expect(contentDisposition(name)).toBe(
      `attachment; filename="${name}"; filename*=UTF-8''${name}`,
    );
  });
});

describe("the file name of an index view", () => {
  const at = Date.UTC(2026, 10, 23, 14, 5, 59);

  it("names a search in safe characters, cut short", () => {
    const searched = { ...DEFAULT_QUERY, q: 'ip:10.0.0.0/8 AND user:"Alice O\'Neil"' };
    expect(exportFileName("acme", searched, at, "csv")).toBe(
      "acme-alarms-search-ip-10-0-0-0-8-and-user-alice-o-neil-2026-11-23T1405Z.csv",
    );
    const long = {
      ...DEFAULT_QUERY,
      q: `${"word ".repeat(40)}`,
      filters: { range: "7d" as const },
    };
    expect(exportFileName("acme", long, at, "csv")).toBe(
      `acme-alarms-search-${"word-".repeat(7)}word-last-7d-2026-11-23T1405Z.csv`,
    );
  });

  it("names the queue of every deployment, or the deployments it names (three at most)", () => {
    expect(exportFileName(exportScopeName([]), DEFAULT_QUERY, at, "json")).toBe(
      "all-deployments-alarms-2026-11-23T1405Z.json",
    );
    expect(exportScopeName(["acme", "beta"])).toBe("deployments-acme-beta");
    expect(exportScopeName(["acme", "beta", "c", "d", "e"])).toBe(
      "deployments-acme-beta-c-and-2-more",
    );
  });
});

describe("EXPORT_MAX_ROWS and EXPORT_PAGE_SIZE", () => {
  const base = {
    NEXTAUTH_SECRET: "a-long-enough-session-secret",
    USM_BASE_URL: "https://acme.alienvault.cloud",
    USM_CLIENT_ID: "client",
    USM_CLIENT_SECRET: "secret",
  };

  it("defaults to 100,000 and takes a whole number", () => {
    expect(parseEnv(base).export.maxRows).toBe(100_000);
    expect(parseEnv({ ...base, EXPORT_MAX_ROWS: "2500" }).export.maxRows).toBe(2500);
  });

  it("asks pages of 50 unless EXPORT_PAGE_SIZE says otherwise (10 to 1000)", () => {
    expect(parseEnv(base).export.pageSize).toBe(50);
    expect(parseEnv({ ...base, EXPORT_PAGE_SIZE: "1000" }).export.pageSize).toBe(1000);
    expect(() => parseEnv({ ...base, EXPORT_PAGE_SIZE: "5000" })).toThrow(
      /EXPORT_PAGE_SIZE must be a whole number from 10 to 1000/,
    );
    expect(exportPageSizes(200)).toEqual([200, 100, 50, 20, 10]);
  });

  it.each(["lots", "0", "1.5", "-3"])("refuses %j with a message naming the variable", (value) => {
    expect(() => parseEnv({ ...base, EXPORT_MAX_ROWS: value })).toThrow(EnvError);
    expect(() => parseEnv({ ...base, EXPORT_MAX_ROWS: value })).toThrow(/EXPORT_MAX_ROWS must be/);
  });
});
