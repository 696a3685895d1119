import type { Kysely } from "kysely";
import { expect, it } from "vitest";
import type { Database } from "@/lib/server/db";
import type { AlarmRule, AlarmSummary } from "@/lib/shared/alarms/types";
import type { PivotValue } from "@/lib/shared/search/pivot-link";
import { describeEachEngine } from "@/test/index-db";
import { endpoint, indexedAlarm } from "@/test/indexed-alarm";
import { ingestAlarms, type IndexedAlarm } from "@/lib/server/mirror/ingest";
import { pivotCounts } from "@/lib/server/search/pivots";
import { relatedAlarms } from "@/lib/server/search/related";

// A detail's pivot counts and related alarms, read from a seeded index on both engines: what the
// analyst would see beside each value and under "Related alarms".

const DAY = 24 * 3600_000;
const NOW = 1_764_000_000_000;
const WEEK = { gte: NOW - 7 * DAY, lte: NOW };

const at = (daysAgo: number) => NOW - daysAgo * DAY;
/** A whole rule: the fixtures' defaults, with `fields`. */
const rule = (fields: Partial<AlarmRule>): AlarmRule => ({
  ...indexedAlarm().summary.rule,
  ...fields,
});

/** The alarm whose detail is open, and the index around it. */
function world() {
  const self = indexedAlarm({
    occurredAt: at(0.5),
    sources: [endpoint({ address: "10.0.0.5", hostname: "web-01", fqdn: "web-01.corp.example" })],
    destinations: [endpoint({ address: "2001:db8::1", name: "Mail Server 2" })],
    sourceUsername: "Alice",
    destinationUsername: "svc-backup",
    sensorUuid: "8b3e34f2-1111-4f00-9000-00000000beef",
    rule: rule({ strategy: "Brute Force Authentication", method: "SSH", attackId: "T1110" }),
  });
  // Same address on the other side, same user in another case, same strategy in another case.
  const b = indexedAlarm({
    occurredAt: at(1),
    destinations: [endpoint({ address: "10.0.0.5", hostname: "WEB-01" })],
    sourceUsername: "ALICE",
    rule: rule({ strategy: "brute force authentication", method: "RDP", attackId: "T1110.001" }),
  });
  // The address on both sides: one alarm, counted once.
  const c = indexedAlarm({
    occurredAt: at(2),
    sources: [endpoint({ address: "10.0.0.5" })],
    destinations: [endpoint({ address: "10.0.0.5" })],
    rule: rule({
      strategy: "Web Shell",
      method: "SSH",
      attackId: "T1505",
      attackTechnique: "Shell",
    }),
  });
  // The IPv6 destination (written differently), and the sensor.
  const d = indexedAlarm({
    occurredAt: at(3),
    sources: [endpoint({ address: "2001:DB8:0::1", name: "mail server 2" })],
    destinationUsername: "svc-backup",
    sensorUuid: "8B3E34F2-1111-4F00-9000-00000000BEEF",
    rule: rule({ strategy: "Other", method: null, attackId: null, attackTechnique: "T1110" }),
  });
  // Everything in common, but eight days ago: outside the last 7 days.
  const old = copyOf(self, { occurredAt: at(8) });
  // Everything in common, in another deployment: never counted, never listed.
  const theirs = copyOf(self, { occurredAt: at(0.1), deployment: "globex" });
  return { self, b, c, d, old, theirs };
}

/** Another alarm (its own uuid) with everything `alarm` has but `fields`. */
function copyOf(alarm: IndexedAlarm, fields: Partial<AlarmSummary>): IndexedAlarm {
  const { uuid: _uuid, ...rest } = alarm.summary;
  void _uuid;
  return indexedAlarm({ ...rest, ...fields });
}

async function seed(db: Kysely<Database>) {
  const alarms = world();
  const { self, b, c, d, old, theirs } = alarms;
  await ingestAlarms(db, "acme", [self, b, c, d, old], NOW);
  await ingestAlarms(db, "globex", [theirs], NOW);
  return alarms;
}

const VALUES: PivotValue[] = [
  { field: "ip", value: "10.0.0.5" },
  { field: "ip", value: "2001:db8::1" },
  { field: "host", value: "web-01" },
  { field: "host", value: "web-01.corp.example" },
  { field: "host", value: "Mail Server 2" },
  { field: "user", value: "Alice" },
  { field: "user", value: "svc-backup" },
  { field: "sensor", value: "8b3e34f2-1111-4f00-9000-00000000beef" },
  { field: "strategy", value: "Brute Force Authentication" },
  { field: "method", value: "SSH" },
  { field: "technique", value: "T1110" },
];

describeEachEngine("Pivot counts", ({ database }) => {
  it("counts each value's alarms of the deployment in the range, as the search reads values", async () => {
    const { db } = database();
    await seed(db);
    const counts = await pivotCounts(db, "acme", VALUES, WEEK);
    expect(counts.map(({ field, value, count }) => `${field}:${value}=${count}`)).toEqual([
      "ip:10.0.0.5=3", // self, b (other side), c (both sides, once); not the old one nor Globex's
      "ip:2001:db8::1=2", // self, d (written 2001:DB8:0::1)
      "host:web-01=2", // self, b (WEB-01)
      "host:web-01.corp.example=1",
      "host:Mail Server 2=2",
      "user:Alice=2", // self, b (ALICE)
      "user:svc-backup=2", // a destination user too
      "sensor:8b3e34f2-1111-4f00-9000-00000000beef=2",
      "strategy:Brute Force Authentication=2",
      "method:SSH=2",
      "technique:T1110=3", // self, b's sub-technique T1110.001, d's technique named so
    ]);
    expect(counts.every((count) => !count.capped)).toBe(true);
  });

  it("counts in the range asked: a wider one takes the older alarm, a narrow one leaves most", async () => {
    const { db } = database();
    await seed(db);
    const ip = [{ field: "ip", value: "10.0.0.5" }] as PivotValue[];
    expect((await pivotCounts(db, "acme", ip, { gte: at(30), lte: NOW }))[0]!.count).toBe(4);
    expect((await pivotCounts(db, "acme", ip, { gte: null, lte: null }))[0]!.count).toBe(4);
    expect((await pivotCounts(db, "acme", ip, { gte: at(1.5), lte: NOW }))[0]!.count).toBe(2);
    expect((await pivotCounts(db, "acme", ip, { gte: null, lte: at(1.5) }))[0]!.count).toBe(2);
    // The bounds are inclusive.
    expect((await pivotCounts(db, "acme", ip, { gte: at(1), lte: at(1) }))[0]!.count).toBe(1);
  });

  it("never counts another deployment's alarms", async () => {
    const { db } = database();
    await seed(db);
    const counts = await pivotCounts(db, "globex", VALUES, WEEK);
    expect(counts.map((count) => count.count)).toEqual([1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]);
    expect(await pivotCounts(db, "initech", VALUES, WEEK)).toSatisfy((all: { count: number }[]) =>
      all.every((count) => count.count === 0),
    );
  });

  it("stops at the cap and says so", async () => {
    const { db } = database();
    await seed(db);
    const counts = await pivotCounts(db, "acme", VALUES.slice(0, 1), WEEK, 2);
    expect(counts[0]).toMatchObject({ count: 2, capped: true });
    const exact = await pivotCounts(db, "acme", VALUES.slice(0, 1), WEEK, 3);
    expect(exact[0]).toMatchObject({ count: 3, capped: false });
  });

  it("counts an alarm once however many ways it carries a technique", async () => {
    const { db } = database();
    const both = indexedAlarm({
      occurredAt: at(1),
      rule: rule({ attackId: "T1059", attackTechnique: "t1059" }),
    });
    await ingestAlarms(db, "acme", [both], NOW);
    const [count] = await pivotCounts(db, "acme", [{ field: "technique", value: "T1059" }], WEEK);
    expect(count!.count).toBe(1);
  });

  it("takes values that could be SQL as values", async () => {
    const { db } = database();
    await seed(db);
    const hostile: PivotValue[] = [
      { field: "host", value: "x' or '1'='1" },
      { field: "strategy", value: "%" },
      { field: "technique", value: "t%" },
      { field: "user", value: "alice'); drop table alarms; --" },
    ];
    const counts = await pivotCounts(db, "acme", hostile, WEEK);
    expect(counts.map((count) => count.count)).toEqual([0, 0, 0, 0]);
    expect((await pivotCounts(db, "acme", VALUES.slice(0, 1), WEEK))[0]!.count).toBe(3);
  });
});

describeEachEngine("Related alarms", ({ database }) => {
  it("lists the newest other alarms sharing an address or user, with what each shares", async () => {
    const { db } = database();
    const { self, b, c, d } = await seed(db);
    const shares = [
      { field: "ip", value: "10.0.0.5" },
      { field: "ip", value: "2001:db8::1" },
      { field: "user", value: "Alice" },
      { field: "user", value: "svc-backup" },
    ] as const;
    const related = await relatedAlarms(db, "acme", self.summary.uuid, shares, WEEK);
    expect(related.selfInWindow).toBe(true);
    expect(related.alarms.map((alarm) => [alarm.uuid, alarm.shares])).toEqual([
      [b.summary.uuid, [shares[0], shares[2]]],
      [c.summary.uuid, [shares[0]]],
      [d.summary.uuid, [shares[1], shares[3]]],
    ]);
    expect(related.alarms[0]).toMatchObject({
      occurredAt: at(1),
      priority: 50,
      priorityLabel: "medium",
      status: "open",
      strategy: "brute force authentication",
      method: "RDP",
    });
  });

  it("keeps to the range, the limit and the deployment, and never lists the alarm itself", async () => {
    const { db } = database();
    const { self, b, c, old, theirs } = await seed(db);
    const ip = [{ field: "ip", value: "10.0.0.5" }] as const;
    const wide = await relatedAlarms(db, "acme", self.summary.uuid, ip, { gte: null, lte: null });
    const uuids = wide.alarms.map((alarm) => alarm.uuid);
    expect(uuids).toEqual([b.summary.uuid, c.summary.uuid, old.summary.uuid]);
    expect(uuids).not.toContain(self.summary.uuid);
    expect(uuids).not.toContain(theirs.summary.uuid);

    const one = await relatedAlarms(db, "acme", self.summary.uuid, ip, WEEK, 1);
    expect(one.alarms.map((alarm) => alarm.uuid)).toEqual([b.summary.uuid]);

    const before = await relatedAlarms(db, "acme", self.summary.uuid, ip, {
      gte: null,
      lte: at(1.5),
    });
    expect(before.selfInWindow).toBe(false);
    expect(before.alarms.map((alarm) => alarm.uuid)).toEqual([c.summary.uuid, old.summary.uuid]);

    // Globex's copy of the alarm: its related ones are Globex's (none), never Acme's.
    const across = await relatedAlarms(db, "globex", theirs.summary.uuid, ip, WEEK);
    expect(across.alarms).toEqual([]);
  });

  it("answers nothing to share with nothing", async () => {
    const { db } = database();
    const { self } = await seed(db);
    expect(await relatedAlarms(db, "acme", self.summary.uuid, [], WEEK)).toEqual({
      alarms: [],
      selfInWindow: true,
    });
  });
});
