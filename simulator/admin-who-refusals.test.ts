// What the admin API refuses when it stages who an alarm involves (a 400 naming the field, in the
// vendor layout, or a TypeError in-process), and what a test staging alarms can rely on: the
// generated data never uses the addresses and users it reserves for them.
import { describe, expect, it } from "vitest";
import { USERS } from "./catalog";
import {
  ErrorBody,
  get,
  getToken,
  postAdmin,
  readAll,
  startClocked,
  startWithToken,
  withSimulator,
} from "./test-support";

const { sim, token } = await startWithToken({ alarms: 300, admin: true });

async function total(): Promise<number> {
  return (await readAll(sim, token, "?size=1000")).length;
}

describe("staging who: refusals", () => {
  const ADDRESS = "192.0.2.60";
  it.each([
    ["alarm_sources", { alarm_sources: ADDRESS }],
    ["alarm_sources", { alarm_sources: [] }],
    ["alarm_sources[0]", { alarm_sources: ["10.1.2.300"] }],
    ["alarm_sources[0]", { alarm_sources: ["010.1.2.3"] }],
    ["alarm_sources[0]", { alarm_sources: ["10.0.0.0/8"] }],
    ["alarm_sources[1]", { alarm_sources: [ADDRESS, "host.example.org"] }],
    ["alarm_sources[0]", { alarm_sources: [` ${ADDRESS}`] }],
    ["alarm_destinations[0]", { alarm_destinations: ["fe80::1%eth0"] }],
    ["alarm_destinations[0]", { alarm_destinations: [42] }],
    ["alarm_destinations", { alarm_destinations: [ADDRESS, ADDRESS] }],
    ["alarm_destinations", { alarm_destinations: ["2001:db8::1", "2001:DB8:0::1"] }],
    ["alarm_destinations", { alarm_destinations: Array(101).fill(ADDRESS) }],
    ["sources[0]", { sources: [5] }],
    ["sources[0].address", { sources: [{}] }],
    ["sources[0].address", { sources: [{ address: "999.1.1.1" }] }],
    ["sources[0].port", { sources: [{ address: ADDRESS, port: 22 }] }],
    ["sources[0].country", { sources: [{ address: ADDRESS, country: "Germany" }] }],
    ["sources[0].event_count", { sources: [{ address: ADDRESS, event_count: -1 }] }],
    ["sources[1].address", { sources: [{ address: ADDRESS }, { address: ADDRESS }] }],
    ["destinations[0].hostname", { destinations: [{ address: ADDRESS, hostname: "" }] }],
    ["destinations[0].fqdn", { destinations: [{ address: ADDRESS, fqdn: "x".repeat(256) }] }],
    ["destinations[0].name", { destinations: [{ address: ADDRESS, name: "a\nb" }] }],
    ["destinations", { destinations: {} }],
    // Fields that disagree with each other.
    ["alarm_sources", { alarm_sources: ["192.0.2.61"], sources: [{ address: ADDRESS }] }],
    [
      "alarm_sources",
      { alarm_sources: [ADDRESS], sources: [{ address: ADDRESS }, { address: "192.0.2.61" }] },
    ],
    ["source_name", { source_name: "b", sources: [{ address: ADDRESS, name: "a" }] }],
    [
      "destination_name",
      { destination_name: "b", destinations: [{ address: ADDRESS, hostname: "a" }] },
    ],
    [
      "sources[1].event_count",
      {
        events_count: 5,
        sources: [
          { address: ADDRESS, event_count: 3 },
          { address: "192.0.2.61", event_count: 3 },
        ],
      },
    ],
    // Names and users.
    ["source_name", { source_name: "" }],
    ["source_name", { source_name: "x".repeat(256) }],
    ["source_username", { source_username: "" }],
    ["source_username", { source_username: " jdoe" }],
    ["source_username", { source_username: 42 }],
    ["destination_username", { destination_username: null }],
    ["destination_username", { destination_username: "a\u0000b" }],
    ["alarm_source_names", { alarm_source_names: ["x"] }],
  ])("answers 400 naming '%s' for %j, and adds nothing", async (field, body) => {
    const before = await total();
    const res = await postAdmin(sim, "/_sim/alarms", body);
    expect(res.status).toBe(400);
    const error = (await res.json()) as ErrorBody;
    expect(error).toMatchObject({ result: "error", location: "/_sim/alarms" });
    const escaped = field.replace(/[[\].]/g, "\\$&");
    expect(error.error).toMatch(new RegExp(`^Invalid value for field '${escaped}': \\S`));
    expect(await total()).toBe(before);
  });

  it("says what an address must be, and which address a conflict is about", async () => {
    const bad = await postAdmin(sim, "/_sim/alarms", { alarm_sources: ["10.1.2.300"] });
    expect(((await bad.json()) as ErrorBody).error).toContain("IPv4 or IPv6");
    const extra = await postAdmin(sim, "/_sim/alarms", {
      alarm_sources: ["192.0.2.61"],
      sources: [{ address: ADDRESS }],
    });
    expect(((await extra.json()) as ErrorBody).error).toContain("192.0.2.61");
  });

  it("refuses in-process with a TypeError naming the field", () => {
    expect(() => sim.addAlarm({ alarm_sources: ["nope"] })).toThrow(TypeError);
    expect(() => sim.addAlarm({ alarm_sources: ["nope"] })).toThrow("'alarm_sources[0]'");
    const added = sim.addAlarm({ alarm_sources: ["192.0.2.70"], source_username: "in-process" });
    expect(added).toMatchObject({ alarm_sources: ["192.0.2.70"], source_username: "in-process" });
  });
});

describe("what staging can rely on", () => {
  it("draws no address in 10.4.0.0/14 and up, 172.16.0.0/12, TEST-NET-1/3 or IPv6, no other user", async () => {
    const reserved =
      /^(10\.([4-9]|\d\d+)\.|172\.(1[6-9]|2\d|3[01])\.|192\.0\.2\.|203\.0\.113\.|.*:)/;
    await withSimulator({ alarms: 2000, seed: 5 }, async (other) => {
      const alarms = await readAll(other, await getToken(other), "?size=1000");
      expect(alarms).toHaveLength(2000);
      const addresses = alarms.flatMap((a) => [
        ...(a.alarm_sources as string[]),
        ...(a.alarm_destinations as string[]),
        ...a.events.flatMap((e) => [e.message.source_address, e.message.destination_address]),
      ]);
      expect(addresses.filter((a) => reserved.test(String(a)))).toEqual([]);
      const users = alarms.flatMap((a) => [
        a.source_username,
        ...a.events.map((e) => e.message.source_username),
      ]);
      expect(users.filter((u) => u !== undefined && !USERS.includes(String(u)))).toEqual([]);
    });
  });

  it("serves a staged alarm byte-identically for the same seed, anchor, clock and body", async () => {
    const body = {
      alarm_sources: ["192.0.2.10"],
      destinations: [{ address: "203.0.113.20", hostname: "staged-web" }],
      source_username: "staged.user",
    };
    const served: string[] = [];
    for (let run = 0; run < 2; run++) {
      const twin = await startClocked({ alarms: 50, admin: true });
      const res = await postAdmin(twin.sim, "/_sim/alarms", body);
      const { uuid } = (await res.json()) as { uuid: string };
      const member = await get(`${twin.sim.url}/api/2.0/alarms/${uuid}`, twin.token);
      served.push((await member.text()).replaceAll(twin.sim.url, "http://sim"));
    }
    expect(served[1]).toBe(served[0]);
  });
});
