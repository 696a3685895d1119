import { describe, expect, it } from "vitest";
import { parseAlarmListQuery } from "@/lib/shared/alarms/query";
import { NO_ENDPOINT } from "@/lib/shared/alarms/format";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import {
  isIpAddress,
  pivotHref,
  pivotRangeOf,
  pivotTerm,
  pivotValues,
  quoteSearchValue,
} from "./pivot-link";

// The detail's pivot links: the term each value becomes in `q` (read back as exactly that value
// by the search language: a quoted phrase takes \" and \\ as escapes), and the list link keeping
// the time range and zone of the list the analyst came from.

/** How the search language reads a value back (its Phrase and Word rules). */
function readBack(written: string): string {
  if (!written.startsWith('"')) return written;
  return written.slice(1, -1).replace(/\\(.)/g, "$1");
}

describe("quoteSearchValue", () => {
  it.each([
    ["web-01", "web-01"],
    ["10.0.0.5", "10.0.0.5"],
    ["alice@corp.example", "alice@corp.example"],
    ["8b3e34f2-1111-4f00-9000-00000000beef", "8b3e34f2-1111-4f00-9000-00000000beef"],
    ["T1110.001", "T1110.001"],
    ["Jürgen", "Jürgen"],
    ["2001:db8::1", '"2001:db8::1"'],
    ["Brute Force Authentication", '"Brute Force Authentication"'],
    ['say "hi"', '"say \\"hi\\""'],
    ["CORP\\alice", '"CORP\\\\alice"'],
    ["admin*", '"admin*"'],
    ["-rf", '"-rf"'],
    ["OR", '"OR"'],
    ["not", '"not"'],
    [">=70", '">=70"'],
    ["(x)", '"(x)"'],
    ["a:b", '"a:b"'],
    ["tab\there", '"tab\there"'],
  ])("%j is written %s and read back as itself", (value, written) => {
    expect(quoteSearchValue(value)).toBe(written);
    expect(readBack(written)).toBe(value);
  });
});

describe("pivotHref", () => {
  it("searches the deployment's list for field:value in the range and zone given", () => {
    const href = pivotHref(
      "acme",
      { field: "user", value: 'O"Brien Smith' },
      { range: "24h" },
      "Europe/Berlin",
    );
    const url = new URL(href, "http://console.test");
    expect(url.pathname).toBe("/d/acme/alarms");
    expect([...url.searchParams]).toEqual([
      ["q", 'user:"O\\"Brien Smith"'],
      ["range", "24h"],
      ["tz", "Europe/Berlin"],
    ]);
  });

  it("keeps a list's absolute bounds, writes an IPv6 quoted, and leaves UTC out", () => {
    const href = pivotHref(
      "acme corp",
      { field: "ip", value: "fe80::1" },
      { gte: 1000, lte: null },
      "UTC",
    );
    expect(href).toBe(
      "/d/acme%20corp/alarms?q=ip%3A%22fe80%3A%3A1%22&timestamp_occured_gte=1970-01-01T00:00:01Z",
    );
  });
});

describe("pivotRangeOf", () => {
  const from = (search: string) => parseAlarmListQuery(new URLSearchParams(search)).query;

  it("takes the list's rolling range or its bounds, and the last 7 days otherwise", () => {
    expect(pivotRangeOf(from("range=30d&status=open"))).toEqual({ range: "30d" });
    expect(pivotRangeOf(from("timestamp_occured_lte=5000"))).toEqual({ gte: null, lte: 5000 });
    expect(pivotRangeOf(from("status=open"))).toEqual({ range: "7d" });
    expect(pivotRangeOf(null)).toEqual({ range: "7d" });
  });
});

describe("pivotValues", () => {
  const endpoint = (fields: Partial<typeof NO_ENDPOINT>) => ({ ...NO_ENDPOINT, ...fields });
  const alarm = {
    sources: [
      endpoint({ address: "10.0.0.5", hostname: "web-01", fqdn: "web-01.corp.example" }),
      endpoint({ address: "not an address", name: "10.9.9.9" }),
    ],
    destinations: [endpoint({ address: "10.0.0.5", hostname: "WEB-01", fqdn: "WEB-01" })],
    sourceUsername: "Alice",
    destinationUsername: "alice",
    sensorUuid: "8b3e34f2-1111-4f00-9000-00000000beef",
    sensorSources: ["8b3e34f2-1111-4f00-9000-00000000beef", "0c0c0c0c-1111-4f00-9000-000000000000"],
    rule: {
      strategy: "Brute Force Authentication",
      method: "SSH",
      attackId: "T1110",
      attackTechnique: "Brute Force",
    },
  } as unknown as AlarmSummary;

  it("lists each value once, as the search compares them, in the detail's order", () => {
    expect(pivotValues(alarm).map(pivotTerm)).toEqual([
      "ip:10.0.0.5",
      "host:web-01",
      "host:web-01.corp.example",
      "ip:10.9.9.9", // a name that is an address pivots as one
      "user:Alice",
      "sensor:8b3e34f2-1111-4f00-9000-00000000beef",
      "sensor:0c0c0c0c-1111-4f00-9000-000000000000",
      'strategy:"Brute Force Authentication"',
      "method:SSH",
      "technique:T1110", // the id rather than the name
    ]);
  });
});

describe("isIpAddress", () => {
  it.each([
    ["192.0.2.1", true],
    ["2001:db8::1", true],
    ["::ffff:192.0.2.1", true],
    ["256.0.0.1", false],
    ["10.0.0.0/8", false],
    ["fe80::1%eth0", false],
    ["web-01", false],
    ["1:2", false],
  ])("%s: %s", (value, expected) => {
    expect(isIpAddress(value)).toBe(expected);
  });
});
