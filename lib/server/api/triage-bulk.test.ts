import { NextRequest } from "next/server";
import { beforeEach, expect, it } from "vitest";
import type { Deployment } from "@/lib/server/deployments/registry";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { MemoryStore } from "@/lib/server/store/memory";
import {
  analystByHandle,
  forgetRecordedAnalysts,
  handleOf,
  recordAnalyst,
} from "@/lib/server/triage/analysts";
import { readSummaries } from "@/lib/server/triage/read";
import { setOwner } from "@/lib/server/triage/triage";
import { ApiError } from "@/lib/shared/core/errors";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm, testUuid } from "@/test/indexed-alarm";
import type { BulkAnswer } from "@/lib/server/triage/bulk";
import { parseBody } from "./request-input";
import { BULK_BODY, bulkTriage } from "./triage-bulk";

// A bulk action on both engines: the exact view (filters, search, the range frozen when the
// count was shown, so an alarm arriving later is not swept in), the count confirmed first, the
// rows chosen one by one, and nobody's alarm taken from them.

const NOW = 1_764_000_000_000;
const alice = testAnalyst("local:alice", { name: "Alice" });
const bob = testAnalyst("local:bob", { name: "Bob" });
const acme = { key: "acme", config: { analysts: [], groups: [] } } as unknown as Deployment;

describeEachEngine("Bulk triage", ({ database }) => {
  const db = () => database().db;
  let store: MemoryStore;
  let alarms: ReturnType<typeof indexedAlarm>[];

  beforeEach(async () => {
    forgetRecordedAnalysts();
    store = new MemoryStore();
    alarms = Array.from({ length: 12 }, (_, i) =>
      indexedAlarm({
        occurredAt: NOW - (i + 1) * 60_000,
        status: i % 3 === 0 ? "closed" : "open",
        rule: { strategy: i < 6 ? "Brute" : "Scan" },
      }),
    );
    await ingestAlarms(db(), "acme", alarms, 1);
    await recordAnalyst(db(), alice, NOW);
    await recordAnalyst(db(), bob, NOW);
  });

  async function bulk(body: object, who = alice, now = NOW): Promise<BulkAnswer> {
    const request = new NextRequest("http://console.test/api/d/acme/alarms/triage", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return bulkTriage(
      await parseBody(request, BULK_BODY),
      { analyst: who, deployment: acme, visible: [acme] },
      { database: async () => ({ ok: true, database: database() }), store, now: () => now },
    );
  }
  const refusal = (body: object) =>
    bulk(body).then(
      () => null,
      (error: unknown) => (error instanceof ApiError ? error : null),
    );
  const acknowledge = { type: "acknowledged", acknowledged: true };

  it("counts the view first, freezing its range, and acts on exactly that count", async () => {
    const counted = await bulk({ view: "range=1h&status=open", action: acknowledge, dryRun: true });
    expect(counted.count).toBe(8);
    expect(counted.missing).toEqual(["acme"]); // this process keeps no deployment in step
    const frozen = new URLSearchParams(counted.view);
    expect(frozen.has("range")).toBe(false);
    // Frozen as a time a person can read in the link (ISO-8601).
    expect(Date.parse(frozen.get("timestamp_occured_lte")!)).toBe(NOW);

    // The rolling view itself, or another count than the one confirmed, is refused.
    expect(
      await refusal({ view: "range=1h&status=open", action: acknowledge, expect: 8 }),
    ).toMatchObject({
      code: "invalid_request",
      param: "view",
    });
    expect(await refusal({ view: counted.view, action: acknowledge, expect: 7 })).toMatchObject({
      code: "conflict",
      param: "expect",
    });

    // An open alarm arriving after the count is outside the frozen range: it is not swept in.
    const late = indexedAlarm({ occurredAt: NOW + 30_000, status: "open" });
    await ingestAlarms(db(), "acme", [late], 1);
    const done = await bulk(
      { view: counted.view, action: acknowledge, expect: 8 },
      alice,
      NOW + 60_000,
    );
    expect(done).toMatchObject({ count: 8, done: 8, unchanged: 0, skipped: {} });
    const summaries = await readSummaries(db(), [
      ...alarms.map((alarm) => ({ deployment: "acme", uuid: alarm.summary.uuid })),
      { deployment: "acme", uuid: late.summary.uuid },
    ]);
    expect(summaries.alarms.filter((item) => item.acknowledged)).toHaveLength(8);
    expect(summaries.alarms.some((item) => item.uuid === late.summary.uuid)).toBe(false);
    const again = await bulk({ view: counted.view, action: acknowledge, expect: 8 });
    expect(again).toMatchObject({ done: 0, unchanged: 8 });
  });

  it("takes a searched view's alarms, leaving a teammate's to them", async () => {
    const first = { deployment: "acme", uuid: alarms[1]!.summary.uuid };
    await setOwner(
      db(),
      first,
      { id: bob.id, handle: handleOf(bob), name: "Bob" },
      await analystByHandle(db(), "bob"),
      NOW,
    );
    const take = { type: "owner", owner: "alice" };
    const counted = await bulk({ view: "q=strategy:brute&range=7d", action: take, dryRun: true });
    expect(counted.count).toBe(6);
    const done = await bulk({ view: counted.view, action: take, expect: 6 });
    expect(done).toMatchObject({ done: 5, skipped: { owned_by_another: 1 } });
    const summaries = await readSummaries(db(), [first]);
    expect(summaries.alarms[0]?.owner).toBe("bob");
    // Releasing in bulk lets go of one's own only.
    const release = await bulk(
      { view: counted.view, action: { type: "owner", owner: null }, expect: 6 },
      alice,
    );
    expect(release).toMatchObject({ done: 5, skipped: { owned_by_another: 1 } });
  });

  it("runs one bulk action of an analyst's at a time", async () => {
    await store.setIfAbsent(`triage-bulk:${alice.id}`, "under way", 60_000);
    const chosen = [alarms[0]!.summary.uuid];
    const refused = await refusal({ view: "", alarms: chosen, action: acknowledge });
    expect(refused).toMatchObject({ code: "rate_limited" });
    expect(await bulk({ view: "", alarms: chosen, action: acknowledge }, bob)).toMatchObject({
      done: 1,
    });
  });

  it("acts on the rows chosen, skipping one the index does not hold yet", async () => {
    const chosen = [alarms[0]!.summary.uuid, alarms[5]!.summary.uuid, testUuid()];
    const answer = await bulk({
      view: "",
      alarms: chosen,
      action: { type: "note", text: "Escalated to the network team" },
    });
    expect(answer).toMatchObject({ count: 3, done: 2, skipped: { not_indexed: 1 } });
    const summaries = await readSummaries(
      db(),
      chosen.map((uuid) => ({ deployment: "acme", uuid })),
    );
    expect(summaries.alarms.map((item) => item.notes)).toEqual([1, 1]);
    expect(
      await refusal({ view: "", alarms: ["hidden:" + testUuid()], action: acknowledge }),
    ).toMatchObject({
      code: "not_found",
    });
  });
});
