// The admin API stages who an alarm involves in the vendor's own names (alarm_sources,
// alarm_destinations, sources[] / destinations[], source_/destination_name and _username), and
// what it then serves agrees everywhere: the alarm, its sources/destinations, its events, the list.
import { describe, expect, it } from "vitest";
import {
  Alarm,
  MemberAlarm,
  alarmsOf,
  get,
  getPage,
  postAdmin,
  readAll,
  startClocked,
} from "./test-support";
import { CORP_DOMAIN } from "./catalog";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const { sim, token } = await startClocked({ alarms: 300, admin: true });

interface ServedEndpoint {
  address: string;
  hostname?: string;
  fqdn?: string;
  asset_id?: string;
  country?: string;
  organisation?: string;
  canonical: string;
  name: string;
  event_count: number;
}

/** The who-fields of a served alarm. */
interface Who extends MemberAlarm {
  sources: ServedEndpoint[];
  destinations: ServedEndpoint[];
  alarm_sources: string[];
  alarm_destinations: string[];
}

async function stage(body: Record<string, unknown>): Promise<Who> {
  const res = await postAdmin(sim, "/_sim/alarms", body);
  expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
  return (await res.json()) as Who;
}

async function member(uuid: string): Promise<Who> {
  return (await (await get(`${sim.url}/api/2.0/alarms/${uuid}`, token)).json()) as Who;
}

async function listed(uuid: string): Promise<Alarm> {
  const all = await readAll(sim, token, "?size=1000");
  const found = all.find((a) => a.uuid === uuid);
  expect(found, `${uuid} is listed`).toBeDefined();
  return found!;
}

describe("staging who an alarm involves", () => {
  it("takes addresses alone: sources, alarm_sources, names and every event's addresses agree", async () => {
    const alarm = await stage({
      alarm_sources: ["192.0.2.7"],
      alarm_destinations: ["203.0.113.5", "2001:DB8:0::1"],
    });
    expect(alarm.alarm_sources).toEqual(["192.0.2.7"]);
    expect(alarm.sources.map((s) => s.address)).toEqual(["192.0.2.7"]);
    // IPv6 is served in its canonical form.
    expect(alarm.alarm_destinations).toEqual(["203.0.113.5", "2001:db8::1"]);
    expect(alarm.destinations.map((d) => d.address)).toEqual(["203.0.113.5", "2001:db8::1"]);
    expect(alarm).toMatchObject({
      source_name: "192.0.2.7",
      source_canonical: "192.0.2.7",
      destination_name: "203.0.113.5",
      alarm_source_names: ["192.0.2.7"],
      alarm_destination_names: ["203.0.113.5", "2001:db8::1"],
    });
    expect(alarm.events.length).toBeGreaterThan(0);
    for (const event of alarm.events) {
      expect(event.source_address).toBe("192.0.2.7");
      expect(alarm.alarm_destinations).toContain(event.destination_address);
    }
    // Event counts split the alarm's events between the endpoints of each side.
    expect(alarm.sources[0]!.event_count).toBe(alarm.alarm_events_count);
    const split = alarm.destinations.reduce((sum, d) => sum + d.event_count, 0);
    expect(split).toBe(alarm.alarm_events_count);
    // The member route and the list serve the same (the list with its events wrapped).
    expect(await member(alarm.uuid)).toEqual(alarm);
    const entry = await listed(alarm.uuid);
    expect(entry.alarm_sources).toEqual(alarm.alarm_sources);
    expect(entry.destinations).toEqual(alarm.destinations);
    expect(entry.events.map((e) => e.message.source_address)).toEqual(
      alarm.events.map((e) => e.source_address),
    );
  });

  it("sets source and destination users on the alarm and on every event", async () => {
    const alarm = await stage({
      rule_method: "Port sweep", // a rule that draws no user of its own
      source_username: "CORP\\j.doe",
      destination_username: "svc-staged@example.org",
    });
    expect(alarm).toMatchObject({
      source_username: "CORP\\j.doe",
      destination_username: "svc-staged@example.org",
    });
    for (const event of alarm.events) {
      expect(event).toMatchObject({
        source_username: "CORP\\j.doe",
        destination_username: "svc-staged@example.org",
      });
    }
    const entry = await listed(alarm.uuid);
    expect(entry.events[0]!.message.source_username).toBe("CORP\\j.doe");
    // Without them, an alarm of that rule names no user at all.
    const plain = await stage({ rule_method: "Port sweep" });
    expect(plain.source_username).toBeUndefined();
    expect(plain.destination_username).toBeUndefined();
  });

  it("takes sources[] objects whole and derives alarm_sources, the names and the lists", async () => {
    const alarm = await stage({
      sources: [
        {
          address: "203.0.113.50",
          country: "NL",
          organisation: "Staged Hosting B.V.",
          event_count: 7,
        },
        { address: "203.0.113.51", name: "scanner-2", country: "DE" },
      ],
      destinations: [
        {
          address: "10.200.0.9",
          hostname: "staged-db-01",
          fqdn: "staged-db-01.corp.example.org",
          asset_id: "asset-42",
        },
      ],
      events_count: 10,
    });
    expect(alarm.alarm_sources).toEqual(["203.0.113.50", "203.0.113.51"]);
    expect(alarm.sources).toMatchObject([
      {
        address: "203.0.113.50",
        country: "NL",
        organisation: "Staged Hosting B.V.",
        name: "203.0.113.50",
        canonical: "203.0.113.50",
        event_count: 7,
      },
      { address: "203.0.113.51", name: "scanner-2", country: "DE", event_count: 3 },
    ]);
    expect(alarm.destinations).toMatchObject([
      {
        address: "10.200.0.9",
        hostname: "staged-db-01",
        fqdn: "staged-db-01.corp.example.org",
        asset_id: "asset-42",
        name: "staged-db-01",
        canonical: "staged-db-01.corp.example.org",
        event_count: 10,
      },
    ]);
    expect(alarm).toMatchObject({
      source_name: "203.0.113.50",
      destination_name: "staged-db-01",
      destination_canonical: "staged-db-01.corp.example.org",
      alarm_source_names: ["203.0.113.50", "scanner-2"],
      alarm_source_countries: ["NL", "DE"],
      alarm_source_organisations: ["Staged Hosting B.V."],
      alarm_destination_assset_ids: ["asset-42"],
      alarm_events_count: 10,
    });
    for (const event of alarm.events) {
      expect(event).toMatchObject({
        source_address: "203.0.113.50",
        source_country: "NL",
        source_organisation: "Staged Hosting B.V.",
        destination_address: "10.200.0.9",
        destination_name: "staged-db-01",
      });
    }
  });

  it("makes a bare address of the estate that asset", async () => {
    const generated = await readAll(sim, token, "?size=200");
    const asset = generated
      .flatMap((a) => a.destinations as ServedEndpoint[])
      .find((d) => d.fqdn?.endsWith(`.${CORP_DOMAIN}`));
    expect(asset).toBeDefined();
    const alarm = await stage({ alarm_destinations: [asset!.address] });
    expect(alarm.destinations[0]).toMatchObject({
      address: asset!.address,
      hostname: asset!.hostname,
      fqdn: asset!.fqdn,
      asset_id: asset!.asset_id,
      name: asset!.hostname,
      canonical: asset!.fqdn,
    });
    // Named by the caller, it is that name and nothing of the estate's.
    const named = await stage({ alarm_destinations: [asset!.address], destination_name: "other" });
    expect(named.destinations[0]).toMatchObject({ address: asset!.address, name: "other" });
    expect(named.destinations[0]!.hostname).toBeUndefined();
    expect(named.destination_name).toBe("other");
  });

  it("lets source_name and destination_name name the first endpoint, staged or drawn", async () => {
    const withAddresses = await stage({
      alarm_sources: ["192.0.2.20", "192.0.2.21"],
      source_name: "edge-fw",
    });
    expect(withAddresses.sources.map((s) => s.name)).toEqual(["edge-fw", "192.0.2.21"]);
    expect(withAddresses.source_name).toBe("edge-fw");
    expect(withAddresses.alarm_source_names).toEqual(["edge-fw", "192.0.2.21"]);
    // Beside an object with that name or hostname: the same name is no conflict.
    const agreeing = await stage({
      sources: [{ address: "192.0.2.22", hostname: "edge-fw-2" }],
      source_name: "edge-fw-2",
    });
    expect(agreeing.source_name).toBe("edge-fw-2");
    // Alone, it names the drawn first source.
    const drawn = await stage({ destination_name: "only-a-name" });
    expect(drawn.destination_name).toBe("only-a-name");
    expect(drawn.destinations[0]!.name).toBe("only-a-name");
    expect((drawn.alarm_destination_names as string[])[0]).toBe("only-a-name");
  });

  it("accepts alarm_sources beside sources[] naming the same addresses, in any order", async () => {
    const alarm = await stage({
      alarm_sources: ["192.0.2.31", "192.0.2.30"],
      sources: [{ address: "192.0.2.30" }, { address: "192.0.2.31" }],
    });
    expect(alarm.alarm_sources).toEqual(["192.0.2.30", "192.0.2.31"]);
  });

  it("takes the alarm's event count from staged endpoint counts when none is given", async () => {
    const alarm = await stage({
      sources: [{ address: "192.0.2.40", event_count: 4 }],
      destinations: [
        { address: "192.0.2.41", event_count: 5 },
        { address: "192.0.2.42", event_count: 1 },
      ],
    });
    expect(alarm.alarm_events_count).toBe(6);
    expect(alarm.events).toHaveLength(6);
  });
});

describe("staged alarms in the list", () => {
  it("count in size=1 totals per filter and day exactly as generated ones", async () => {
    const [oldest] = alarmsOf(
      (await getPage(sim, token, "?size=1&sort=timestamp_occured,asc")).body,
    );
    const from = Number(oldest!.timestamp_occured) - (Number(oldest!.timestamp_occured) % DAY);
    const query =
      `?size=1&status=in_review&rule_strategy=Network%20Scanning` +
      `&timestamp_occured_gte=${from}&timestamp_occured_lte=${from + DAY - 1}`;
    const count = async () => (await getPage(sim, token, query)).body.page.totalElements;
    const before = await count();
    const alarm = await stage({
      status: "in_review",
      rule_strategy: "Network Scanning",
      timestamp_occured: from + 5 * MINUTE,
      timestamp_received: from + 6 * MINUTE,
      alarm_sources: ["192.0.2.80"],
      source_username: "counted",
    });
    expect(await count()).toBe(before + 1);
    const inDay = await readAll(sim, token, query.replace("size=1", "size=1000"));
    expect(inDay.map((a) => a.uuid)).toContain(alarm.uuid);
    // Moved upstream, it leaves that bucket as a generated alarm would.
    await postAdmin(sim, `/_sim/alarms/${alarm.uuid}/status`, { status: "closed" });
    expect(await count()).toBe(before);
  });
});
