import { describe, expect, it } from "vitest";
import { parseAddress, parseIpv4Wildcard } from "@/lib/server/search/query-language/address";

// Addresses are written back canonically, a range without host bits: what PostgreSQL's inet and
// cidr take without error, and what the index stores.

describe("parseAddress", () => {
  it.each([
    ["188.1.32.78", "188.1.32.78", null],
    ["010.001.0.9", "10.1.0.9", null],
    ["10.0.0.0/8", "10.0.0.0", 8],
    ["10.9.8.7/8", "10.0.0.0", 8],
    ["192.168.1.77/0", "0.0.0.0", 0],
    ["192.168.1.77/32", "192.168.1.77", 32],
    ["2001:db8::1", "2001:db8::1", null],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1", null],
    ["2001:0db8:0000:0000:0001:0000:0000:0001", "2001:db8::1:0:0:1", null],
    ["2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1", null],
    ["::", "::", null],
    ["::1", "::1", null],
    ["1::", "1::", null],
    ["fe80::/10", "fe80::", 10],
    ["fe80::1234/10", "fe80::", 10],
    ["fe80::1/128", "fe80::1", 128],
    ["::ffff:192.0.2.1", "::ffff:c000:201", null],
    ["2001:db8::/129", null, null],
  ])("%s", (text, address, prefix) => {
    expect(parseAddress(text)).toEqual(address === null ? null : { address, prefix });
  });

  it.each([
    "",
    "1.2.3",
    "1.2.3.4.5",
    "256.1.1.1",
    "1.2.3.-4",
    "1.2.3.4/33",
    "1.2.3.4/",
    "1.2.3.4/x",
    "1.2.3.4/8/8",
    "2001:db8:::1",
    "1::2::3",
    "1:2:3:4:5:6:7:8:9",
    "1:2:3:4:5:6:7",
    "1:2:3:4:5:6:7::8",
    "12345::1",
    "fe80::1%eth0",
    "1.2.3.4::1",
    ":1",
    "web-01",
    "dead:beef",
  ])("refuses %j", (text) => {
    expect(parseAddress(text)).toBeNull();
  });
});

describe("parseIpv4Wildcard", () => {
  it.each([
    ["10.", { address: "10.0.0.0", prefix: 8 }],
    ["10.1.", { address: "10.1.0.0", prefix: 16 }],
    ["192.168.1.", { address: "192.168.1.0", prefix: 24 }],
    ["192.168.1.2.", null],
    ["300.", null],
    ["10", null],
    ["adm", null],
  ])("%s*", (stem, expected) => {
    expect(parseIpv4Wildcard(stem)).toEqual(expected);
  });
});
