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
import type { BulkAnswer } from "@/lib/server/triage/bulk";
import { readSummaries } from "@/lib/server/triage/read";
import { setOwner } from "@/lib/server/triage/triage";
import { closeAlarmRow } from "@/lib/server/triage/verdicts";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { parseBody } from "./request-input";
import { BULK_BODY, bulkTriage } from "./triage-bulk";

// Bulk close and reopen (issue 37) on both engines: a view closed as counted and confirmed, a
// teammate's alarm left to them, the verdict's USM label queued only where the deployment maps
// one, and a reopen taking the verdicts (and the labels) back.

const NOW = 1_764_000_000_000;
const FALSE_POSITIVE_LABEL = "0b9f3a52-6c1e-4d7a-9a55-2f0c8e1d4b11";
const alice = testAnalyst("local:alice", { name: "Alice" });
const bob = testAnalyst("local:bob", { name: "Bob" });
const acme = {
  key: "acme",
  config: { analysts: [], groups: [], labels: { false_positive: FALSE_POSITIVE_LABEL } },
} as unknown as Deployment;

describeEachEngine("Bulk close and reopen", ({ database }) => {
  const db = () => database().db;
  let store: MemoryStore;
  let refs: { deployment: string; uuid: string }[];

  beforeEach(async () => {
    forgetRecordedAnalysts();
    store = new MemoryStore();
    const alarms = Array.from({ length: 6 }, (_, i) =>
      indexedAlarm({
        occurredAt: NOW - (i + 1) * 60_000,
        rule: { strategy: i < 4 ? "Brute" : "Scan" },
      }),
    );
    await ingestAlarms(db(), "acme", alarms, 1);
    refs = alarms.map((alarm) => ({ deployment: "acme", uuid: alarm.summary.uuid }));
    await recordAnalyst(db(), alice, NOW);
    await recordAnalyst(db(), bob, NOW);
  });

  async function bulk(body: object, now = NOW): Promise<BulkAnswer> {
    const request = new NextRequest("http://console.test/api/d/acme/alarms/triage", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return bulkTriage(
      await parseBody(request, BULK_BODY),
      { analyst: alice, deployment: acme, visible: [acme] },
      { database: async () => ({ ok: true, database: database() }), store, now: () => now },
    );
  }
  const labelJobs = () =>
    db()
      .selectFrom("label_jobs")
      .select(["uuid", "label_id", "wanted", "state"])
      // This test's alarms only (the table outlives a test).
      .where(
        "uuid",
        "in",
        refs.map((ref) => ref.uuid),
      )
      .orderBy("uuid")
      .execute();
  const close = (verdict: string) => ({ type: "close", verdict, reason: "Patch window scan" });

  it("closes exactly the view counted, leaving a teammate's alarm to them, labels queued", async () => {
    const bobs = refs[1]!;
    const bobActor = { id: bob.id, handle: handleOf(bob), name: "Bob" };
    await setOwner(db(), bobs, bobActor, await analystByHandle(db(), "bob"), NOW);

    const action = close("false_positive");
    const counted = await bulk({ view: "q=strategy:brute&range=7d", action, dryRun: true });
    expect(counted.count).toBe(4);
    const done = await bulk({ view: counted.view, action, expect: 4 }, NOW + 1_000);
    expect(done).toMatchObject({
      count: 4,
      done: 3,
      unchanged: 0,
      skipped: { owned_by_another: 1 },
    });

    const summaries = await readSummaries(db(), refs);
    const verdicts = Object.fromEntries(summaries.alarms.map((item) => [item.uuid, item.verdict]));
    expect(refs.map((ref) => verdicts[ref.uuid] ?? null)).toEqual([
      "false_positive",
      null, // Bob's
      "false_positive",
      "false_positive",
      null, // not in the view
      null,
    ]);
    // Closing acknowledges.
    expect(
      summaries.alarms.filter((item) => item.verdict !== null).every((item) => item.acknowledged),
    ).toBe(true);
    // One label put on per alarm closed, none for Bob's.
    const jobs = await labelJobs();
    expect(jobs).toHaveLength(3);
    expect(jobs.every((job) => job.label_id === FALSE_POSITIVE_LABEL && job.wanted)).toBe(true);
    expect(jobs.map((job) => job.uuid)).not.toContain(bobs.uuid);
  });

  it("queues no label for a verdict the deployment does not map", async () => {
    const answer = await bulk({ view: "", alarms: [refs[0]!.uuid], action: close("benign") });
    expect(answer).toMatchObject({ done: 1 });
    expect(await labelJobs()).toEqual([]);
    const summaries = await readSummaries(db(), [refs[0]!]);
    expect(summaries.alarms[0]?.verdict).toBe("benign");
  });

  it("reopens the rows chosen, taking the verdict and its label back", async () => {
    const chosen = [refs[0]!.uuid, refs[2]!.uuid];
    await bulk({ view: "", alarms: chosen, action: close("false_positive") });
    const reopened = await bulk(
      { view: "", alarms: [...chosen, refs[3]!.uuid], action: { type: "reopen" } },
      NOW + 1_000,
    );
    expect(reopened).toMatchObject({ count: 3, done: 2, unchanged: 1 });
    const summaries = await readSummaries(db(), refs.slice(0, 4));
    expect(summaries.alarms.every((item) => item.verdict === null)).toBe(true);
    // The label comes off again: each job now wants it gone.
    const jobs = await labelJobs();
    expect(jobs).toHaveLength(2);
    expect(jobs.every((job) => !job.wanted && job.state === "pending")).toBe(true);
  });

  it("closes as duplicates only of another alarm the deployment holds", async () => {
    const duplicate = (duplicateOf: string) => ({ ...close("duplicate"), duplicateOf });
    const refused = async (body: object) => {
      const error = await bulk(body).then(
        () => null,
        (thrown: unknown) => thrown,
      );
      expect(error).toMatchObject({ code: "invalid_request", param: "duplicateOf" });
    };
    const chosen = [refs[0]!.uuid, refs[1]!.uuid];
    // An alarm nobody knows, and one of the rows being closed (itself).
    await refused({ view: "", alarms: chosen, action: duplicate(indexedAlarm().summary.uuid) });
    await refused({ view: "", alarms: chosen, action: duplicate(refs[1]!.uuid) });
    // A view holding the alarm named, counted first as the bulk bar does.
    const view = "q=strategy:brute&range=7d";
    const counted = await bulk({ view, action: duplicate(refs[2]!.uuid), dryRun: true });
    await refused({ view: counted.view, action: duplicate(refs[2]!.uuid), expect: 4 });
    const summaries = await readSummaries(db(), refs);
    expect(summaries.alarms.every((item) => item.verdict === null)).toBe(true);
    // Another alarm of the deployment: each row closed as its duplicate.
    const answer = await bulk({ view: "", alarms: chosen, action: duplicate(refs[5]!.uuid) });
    expect(answer).toMatchObject({ done: 2 });
  });

  it("never changes a teammate's verdict in bulk: an alarm they closed keeps it", async () => {
    const bobActor = { id: bob.id, handle: handleOf(bob), name: "Bob" };
    const truePositive = {
      verdict: "true_positive" as const,
      reason: "Seen it",
      duplicateOf: null,
    };
    await closeAlarmRow(db(), refs[0]!, bobActor, truePositive, acme.config.labels, NOW);
    const chosen = [refs[0]!.uuid, refs[1]!.uuid];
    const answer = await bulk({ view: "", alarms: chosen, action: close("false_positive") });
    expect(answer).toMatchObject({ done: 1, skipped: { closed_by_another: 1 } });
    const summaries = await readSummaries(db(), refs.slice(0, 2));
    expect(summaries.alarms.map((item) => item.verdict)).toEqual([
      "true_positive",
      "false_positive",
    ]);
    // Bob's alarm asks USM for no false-positive label.
    const jobs = await labelJobs();
    expect(jobs.map((job) => job.uuid)).toEqual([refs[1]!.uuid]);
  });

  it("leaves a teammate's close to them in a bulk reopen; a new reason asks USM nothing new", async () => {
    const bobActor = { id: bob.id, handle: handleOf(bob), name: "Bob" };
    const benign = { verdict: "false_positive" as const, reason: "Scanner", duplicateOf: null };
    await closeAlarmRow(db(), refs[2]!, bobActor, benign, acme.config.labels, NOW);
    const chosen = [refs[2]!.uuid, refs[3]!.uuid];
    await bulk({ view: "", alarms: [refs[3]!.uuid], action: close("false_positive") });
    const jobsBefore = await labelJobs();
    const reopened = await bulk({ view: "", alarms: chosen, action: { type: "reopen" } });
    expect(reopened).toMatchObject({ done: 1, skipped: { closed_by_another: 1 } });
    const summaries = await readSummaries(db(), [refs[2]!]);
    expect(summaries.alarms[0]?.verdict).toBe("false_positive");
    // Bob gives his close a new reason: the same verdict, so the same label, not queued again.
    const bobsJob = () =>
      db()
        .selectFrom("label_jobs")
        .select(["wanted", "updated_at"])
        .where("uuid", "=", refs[2]!.uuid)
        .execute();
    expect(await bobsJob()).toEqual([{ wanted: true, updated_at: NOW }]);
    const bobs = { ...benign, reason: "The weekly scanner" };
    await closeAlarmRow(db(), refs[2]!, bobActor, bobs, acme.config.labels, NOW + 1);
    expect(await bobsJob()).toEqual([{ wanted: true, updated_at: NOW }]);
    expect(jobsBefore.length).toBeGreaterThan(0);
  });
});
