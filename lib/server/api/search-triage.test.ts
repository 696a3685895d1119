import { beforeEach, expect, it } from "vitest";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { readSearch } from "@/lib/server/api/search-routes";
import { allOverview } from "@/lib/server/api/overview-routes";
import { readIndexStatuses } from "@/lib/server/mirror/sync/status";
import { MemoryStore } from "@/lib/server/store/memory";
import type { DimensionOverview } from "@/lib/shared/overview/types";
import { INTERVAL_MS } from "@/test/index-sync";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { searchAlarmPage } from "@/lib/server/search/search";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import {
  analystByHandle,
  forgetRecordedAnalysts,
  handleOf,
  recordAnalyst,
} from "@/lib/server/triage/analysts";
import { addNote, setAcknowledged, setOwner } from "@/lib/server/triage/triage";

// The team's triage in the search, on both engines: owner:me (whoever the request is for),
// owner:none, owner:<handle> and its prefix, acknowledged:true|false and has:notes, alone and
// combined with the rest of the language.

const alice = testAnalyst("local:alice", { name: "Alice" });
const bob = testAnalyst("local:bob", { name: "Bob" });
const NOW = 1_764_000_100_000;
const actor = (who: typeof alice) => ({ id: who.id, handle: handleOf(who), name: who.name });

describeEachEngine("Searching by the team's triage", ({ database }) => {
  const db = () => database().db;
  const alarms = Array.from({ length: 5 }, (_, i) =>
    indexedAlarm({
      occurredAt: NOW - 1_000 * (i + 1),
      rule: { strategy: i < 3 ? "Brute" : "Scan" },
    }),
  );
  const [a0, a1, a2, a3] = alarms.map((alarm) => ({
    deployment: "acme",
    uuid: alarm.summary.uuid,
  }));

  beforeEach(async () => {
    forgetRecordedAnalysts();
    await ingestAlarms(db(), "acme", alarms, 1);
    await recordAnalyst(db(), alice, NOW);
    await recordAnalyst(db(), bob, NOW);
    // Triage state survives the index being emptied (describeEachEngine's beforeEach): set it
    // once, as a rebuilt index would find it.
    const owner = await db()
      .selectFrom("triage_alarms")
      .select("uuid")
      .where("uuid", "=", a0!.uuid)
      .executeTakeFirst();
    if (owner) return;
    await setOwner(db(), a0!, actor(alice), await analystByHandle(db(), "alice"), NOW);
    await setOwner(db(), a1!, actor(bob), await analystByHandle(db(), "bob"), NOW);
    await setAcknowledged(db(), a1!, actor(bob), true, NOW);
    await setAcknowledged(db(), a2!, actor(bob), true, NOW);
    await addNote(db(), a3!, actor(alice), "seen before", NOW);
  });

  async function uuids(q: string, who = alice) {
    const page = await searchAlarmPage(
      db(),
      {
        allowed: ["acme"],
        deployments: ["acme"],
        search: readSearch(q, who.id),
        query: DEFAULT_QUERY,
      },
      NOW,
    );
    return page.alarms.map((alarm) => alarm.uuid);
  }

  it("finds each analyst's own alarms with owner:me, and others' by handle", async () => {
    expect(await uuids("owner:me", alice)).toEqual([a0!.uuid]);
    expect(await uuids("owner:me", bob)).toEqual([a1!.uuid]);
    expect(await uuids("owner:BOB")).toEqual([a1!.uuid]);
    expect(await uuids("assignee:al*")).toEqual([a0!.uuid]);
    expect(await uuids("owner:*")).toEqual([a0!.uuid, a1!.uuid]);
    expect(await uuids("owner:none")).toEqual([a2!.uuid, a3!.uuid, alarms[4]!.summary.uuid]);
    expect(await uuids("owner:nobody-such")).toEqual([]);
  });

  it("filters by acknowledgement and notes, combined with the rest of the language", async () => {
    expect(await uuids("acknowledged:true")).toEqual([a1!.uuid, a2!.uuid]);
    expect(await uuids("acknowledged:false strategy:brute")).toEqual([a0!.uuid]);
    expect(await uuids("has:notes")).toEqual([a3!.uuid]);
    expect(await uuids("NOT has:notes AND owner:none")).toEqual([
      a2!.uuid,
      alarms[4]!.summary.uuid,
    ]);
    expect(await uuids("owner:none OR acknowledged:true")).toEqual([
      a1!.uuid,
      a2!.uuid,
      a3!.uuid,
      alarms[4]!.summary.uuid,
    ]);
  });

  it("keeps owner:me meaning the analyst it was read for after the request (an export's later pages)", async () => {
    const bound = readSearch("owner:me", bob.id);
    const page = await searchAlarmPage(
      db(),
      { allowed: ["acme"], deployments: ["acme"], search: bound, query: DEFAULT_QUERY },
      NOW,
    );
    expect(page.alarms.map((alarm) => alarm.uuid)).toEqual([a1!.uuid]);
  });

  it("matches no alarm for owner:me read for no one (background work), nor left unbound", async () => {
    const parsed = parseSearch("owner:me");
    if (!parsed.ok) throw new Error(parsed.problem.message);
    for (const search of [readSearch("owner:me", null), parsed.query]) {
      const page = await searchAlarmPage(
        db(),
        { allowed: ["acme"], deployments: ["acme"], search, query: DEFAULT_QUERY },
        NOW,
      );
      expect(page.alarms).toEqual([]);
    }
  });

  it("counts a search's overview with owner:me for each analyst, sharing none's with another", async () => {
    const store = new MemoryStore(); // one shared store for both, as replicas share one
    const total = async (who: typeof alice) => {
      const url = new URL(
        "http://app.test/api/d/all/alarms/overview?part=status&q=owner%3Ame+OR+acknowledged%3Atrue",
      );
      const section = await allOverview(url, ["acme"], {
        database: database(),
        now: NOW,
        statuses: (keys) => readIndexStatuses(db(), keys, NOW, INTERVAL_MS),
        store,
        analyst: who.id,
      });
      const counts = (section as DimensionOverview).counts;
      return counts.reduce((sum, entry) => sum + entry.count!, 0);
    };
    expect(await total(alice)).toBe(3); // a0, and a1 and a2 acknowledged
    expect(await total(bob)).toBe(2); // a1 (his own, acknowledged) and a2
  });
});
