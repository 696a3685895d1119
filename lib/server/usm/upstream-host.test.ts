import { describe, expect, it } from "vitest";
import { UPSTREAM_MARKER, upstreamHostScrubber } from "./upstream-host";

const withoutUpstreamHost = (value: unknown, baseUrl: string) =>
  upstreamHostScrubber(baseUrl)(value);

// The upstream's address in every form it can take in a vendor payload, and the names and
// numbers that merely look like it.

const BASE = "https://tenant.alienvault.cloud";
const M = UPSTREAM_MARKER;

describe("links", () => {
  it("strips the origin case-insensitively and keeps the query of an href", () => {
    expect(
      withoutUpstreamHost(
        { a: [{ href: "HTTPS://Tenant.AlienVault.cloud/api/2.0/alarms?page=2&size=20" }] },
        BASE,
      ),
    ).toEqual({ a: [{ href: "/api/2.0/alarms?page=2&size=20" }] });
  });

  it("loses any origin, also one that is not the upstream's", () => {
    expect(
      withoutUpstreamHost({ href: "http://internal-proxy:8080/api/2.0/alarms?page=1" }, BASE),
    ).toEqual({ href: "/api/2.0/alarms?page=1" });
  });
});

describe("the upstream's host in any form", () => {
  const scrub = (text: string, baseUrl = BASE) => withoutUpstreamHost({ note: text }, baseUrl);

  it.each([
    ["another scheme", "seen at http://tenant.alienvault.cloud/ui", `seen at ${M}/ui`],
    ["a bare host and port", "tls to tenant.alienvault.cloud:443 failed", `tls to ${M} failed`],
    [
      "the origin and its port",
      "GET https://tenant.alienvault.cloud:443/api/2.0/x",
      `GET ${M}/api/2.0/x`,
    ],
    ["upper case", "TENANT.AlienVault.Cloud answered", `${M} answered`],
    ["user info", "wss://svc:pw@tenant.alienvault.cloud:8443/ws", `${M}/ws`],
    ["a full stop after it", "Connected to tenant.alienvault.cloud.", `Connected to ${M}.`],
    [
      "a percent-encoded URL",
      "next=https%3A%2F%2Ftenant.alienvault.cloud%2Fui",
      `next=https%3A%2F%2F${M}%2Fui`,
    ],
    ["twice in one string", "tenant.alienvault.cloud,tenant.alienvault.cloud", `${M},${M}`],
  ])("takes it out of %s", (_, text, expected) => {
    expect(scrub(text)).toEqual({ note: expected });
  });

  it.each([
    "tenant.alienvault.cloud.example.net",
    "eu-tenant.alienvault.cloud",
    "mytenant.alienvault.cloud",
    "alienvault.cloud",
  ])("leaves another name alone: %s", (text) => {
    expect(scrub(text)).toEqual({ note: text });
  });

  it("matches a loopback address only as a whole address, never inside another", () => {
    const local = "http://127.0.0.1:41234";
    for (const text of [
      "127.0.0.10",
      "10.127.0.0.1",
      "127.0.0.1.5",
      "127.0.0.12:443",
      "8127.0.0.1",
    ]) {
      expect(scrub(text, local)).toEqual({ note: text });
    }
    expect(scrub("from 127.0.0.1:41234/api and 127.0.0.1", local)).toEqual({
      note: `from ${M}/api and ${M}`,
    });
  });

  it("finds an IPv6 host in brackets, with its port", () => {
    expect(scrub("via [::1]:3000/api, not [::10]", "http://[::1]:3000")).toEqual({
      note: `via ${M}/api, not [::10]`,
    });
  });
});
