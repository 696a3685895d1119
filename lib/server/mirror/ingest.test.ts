import { expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { endpoint, indexedAlarm } from "@/test/indexed-alarm";
import { dropOlderThan, ingestAlarms } from "@/lib/server/mirror/ingest";

describeEachEngine("Ingest", ({ database }) => {
  it("indexes an alarm with its addresses, hosts and users, and rewrites it only when it changed", async () => {
    const { db } = database();
    const alarm = indexedAlarm({
      sources: [endpoint({ address: "10.1.2.3", hostname: "WEB-01" })],
      destinations: [endpoint({ address: "2001:db8::1", fqdn: "db.example.com" })],
      sourceUsername: "Alice",
    });
    expect(await ingestAlarms(db, "acme", [alarm, alarm], 1)).toEqual({ written: 1, unchanged: 0 });
    expect(await ingestAlarms(db, "acme", [alarm], 2)).toEqual({ written: 0, unchanged: 1 });
    const closed = { ...alarm, summary: { ...alarm.summary, status: "closed" as const } };
    expect(await ingestAlarms(db, "acme", [closed], 3)).toEqual({ written: 1, unchanged: 0 });

    const row = await db
      .selectFrom("alarms")
      .select(["status", "indexed_at"])
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "closed", indexed_at: 3 });
    const addresses = await db
      .selectFrom("alarm_addresses")
      .select(["side", (eb) => eb.cast<string>("address", "text").as("address")])
      .orderBy("side")
      .execute();
    expect(addresses).toEqual([
      { side: "d", address: "2001:db8::1/128" },
      { side: "s", address: "10.1.2.3/32" },
    ]);
    const entities = await db
      .selectFrom("alarm_entities")
      .select(["kind", "side", "value"])
      .orderBy("value")
      .execute();
    expect(entities).toEqual([
      { kind: "user", side: "s", value: "alice" },
      { kind: "host", side: "d", value: "db.example.com" },
      { kind: "host", side: "s", value: "web-01" },
    ]);
  });

  it("skips an address that is not one rather than failing the batch", async () => {
    const { db } = database();
    const odd = indexedAlarm({ sources: [endpoint({ address: "not-an-ip" })] });
    const fine = indexedAlarm({ sources: [endpoint({ address: "192.0.2.9" })] });
    expect(await ingestAlarms(db, "acme", [odd, fine], 1)).toEqual({ written: 2, unchanged: 0 });
    const count = await db
      .selectFrom("alarm_addresses")
      .select((eb) => eb.fn.countAll().as("n"))
      .executeTakeFirstOrThrow();
    expect(count.n).toBe(1);
  });

  it("drops what is older than the retention from every table, and only that deployment's", async () => {
    const { db } = database();
    const old = indexedAlarm({ occurredAt: 1_000, sourceUsername: "old" });
    const recent = indexedAlarm({ occurredAt: 5_000, sourceUsername: "new" });
    await ingestAlarms(db, "acme", [old, recent], 1);
    await ingestAlarms(db, "other", [old], 1);
    expect(await dropOlderThan(db, "acme", 2_000)).toBe(1);
    const left = await db
      .selectFrom("alarm_entities")
      .select(["deployment", "value"])
      .orderBy("deployment")
      .execute();
    expect(left).toEqual([
      { deployment: "acme", value: "new" },
      { deployment: "other", value: "old" },
    ]);
  });
});
