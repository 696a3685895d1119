import { sql } from "kysely";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { TriageNotice, Verdict, VerdictLabels } from "@/lib/shared/triage/types";
import { metricsText } from "@/lib/server/core/metrics";
import { MemoryStore } from "@/lib/server/store/memory";
import { subscribeNotices } from "@/lib/server/store/notice-bus";
import type { UsmClientConfig } from "@/lib/server/usm/client";
import { startSimulator, type RunningSimulator } from "@/simulator";
import { describeEachEngine } from "@/test/index-db";
import { ManualClock } from "@/test/manual-clock";
import { actor, alice } from "@/test/triage-team";
import { testClient } from "@/test/usm-client";
import { forgetRecordedAnalysts, recordAnalyst } from "./analysts";
import { labelStatusOf } from "./label-queue";
import { LabelWorker, type LabelWorkerOptions } from "./label-worker";
import { closeAlarmRow, reopenAlarmRow } from "./verdicts";

// The label worker against the real simulator over HTTP, on both engines: a verdict's label put
// on the alarm and taken off, failures retried with backoff on an injected clock, refusals that
// no retry changes (404: the configuration's label; 403: the client may not write), the lease
// that keeps two workers from writing one job twice, and the POST budget the writes keep to.

const WRITER = { id: "label-writer", secret: "label-writer-secret-1f3a" };
const READER = { id: "label-reader", secret: "label-reader-secret-7c2e", writeAccess: false };

let sim: RunningSimulator;
/** Catalogue labels no generated alarm carries. */
let truePositive: string;
let falsePositive: string;

beforeAll(async () => {
  sim = await startSimulator({ port: 0, alarms: 50, clients: [WRITER, READER] });
  truePositive = sim.addLabel("Confirmed Threat").id;
  falsePositive = sim.addLabel("Console False Positive").id;
});
afterAll(() => sim.close());

describeEachEngine("The label worker", ({ database, engine }) => {
  const db = () => database().db;
  let clock: ManualClock;
  let store: MemoryStore;
  let logged: string[];
  const labels = (): VerdictLabels => ({
    true_positive: truePositive,
    false_positive: falsePositive,
  });

  beforeEach(async () => {
    await sql`truncate label_jobs`.execute(db());
    sim.setFaults({ failRate: 0, latencyMs: 0 });
    clock = new ManualClock();
    store = new MemoryStore({ now: clock.now });
    logged = [];
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, clock.now());
  });

  function worker(
    more: Partial<LabelWorkerOptions> = {},
    credentials: { id: string; secret: string } = WRITER,
    client: Partial<UsmClientConfig> = {},
  ): LabelWorker {
    const usm = testClient(sim, credentials, { deployment: "acme", ...client });
    return new LabelWorker({
      deployments: [{ key: "acme", name: "Acme", labels: labels(), client: () => usm }],
      database: () => Promise.resolve(db()),
      store,
      intervalMs: 5_000,
      retry: { firstDelayMs: 40_000, random: () => 0 },
      clock,
      log: (line) => logged.push(line),
      ...more,
    });
  }

  /** A new alarm on the simulator, closed with `verdict` by Alice. */
  async function closed(verdict: Verdict = "true_positive", map = labels()) {
    const alarm = { deployment: "acme", uuid: sim.addAlarm({ alarm_labels: [] }).uuid };
    const closing = { verdict, reason: "", duplicateOf: null };
    await closeAlarmRow(db(), alarm, actor(alice), closing, map, clock.now());
    return alarm;
  }

  const auditOf = (uuid: string) =>
    db()
      .selectFrom("triage_audit")
      .select(["action", "analyst_id", "before", "after"])
      .where("uuid", "=", uuid)
      .where("action", "in", ["label_written", "label_failed"])
      .orderBy("id")
      .execute();

  it("puts the verdict's label on the alarm in USM, takes it off on reopen, and says so", async () => {
    const heard: TriageNotice[] = [];
    const leave = await subscribeNotices(store, "triage", (notice) => heard.push(notice));
    const alarm = await closed("true_positive");
    expect(await labelStatusOf(db(), alarm)).toEqual({ state: "pending" });
    expect(sim.labelsOf(alarm.uuid)).not.toContain(truePositive);

    expect(await worker().round()).toBe(1);
    expect(sim.labelsOf(alarm.uuid)).toContain(truePositive);
    expect(await labelStatusOf(db(), alarm)).toEqual({ state: "written" });
    const { text } = await metricsText();
    expect(text).toMatch(/label_writes_total\{deployment="acme",outcome="written"\} [1-9]/);
    expect(text).toMatch(/label_queue_depth\{deployment="acme"\} 0/);
    expect(await auditOf(alarm.uuid)).toEqual([
      {
        action: "label_written",
        analyst_id: alice.id,
        before: { label: truePositive, wanted: true, state: "pending" },
        after: { label: truePositive, wanted: true, state: "written" },
      },
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(heard).toContainEqual(
      expect.objectContaining({ uuids: [alarm.uuid], action: "label_written", analyst: "alice" }),
    );

    await reopenAlarmRow(db(), alarm, actor(alice), labels(), clock.now());
    expect(await worker().round()).toBe(1);
    expect(sim.labelsOf(alarm.uuid)).not.toContain(truePositive);
    expect(await labelStatusOf(db(), alarm)).toEqual({ state: "written" });
    await leave();
  });

  it("tries a failed write again with backoff, then writes it", async () => {
    const alarm = await closed("false_positive");
    sim.setFaults({ routes: ["labels"], failRate: 1, failStatus: 500 });
    const labelWorker = worker();
    expect(await labelWorker.round()).toBe(1);
    expect(await labelStatusOf(db(), alarm)).toEqual({
      state: "pending",
      message: "USM failed to answer (HTTP 500); retrying in 20 s",
    });
    // Not due yet: nothing is sent.
    const calls = sim.stats().byRoute.labels;
    await clock.advance(19_000);
    expect(await labelWorker.round()).toBe(0);
    expect(sim.stats().byRoute.labels).toBe(calls);
    // Due, and failing again: the wait doubles.
    await clock.advance(1_000);
    expect(await labelWorker.round()).toBe(1);
    expect((await labelStatusOf(db(), alarm)).message).toBe(
      "USM failed to answer (HTTP 500); retrying in 40 s",
    );
    sim.setFaults({ failRate: 0 });
    await clock.advance(40_000);
    expect(await labelWorker.round()).toBe(1);
    expect(sim.labelsOf(alarm.uuid)).toContain(falsePositive);
    expect(await labelStatusOf(db(), alarm)).toEqual({ state: "written" });
  });

  it("gives up after the last attempt, the failure kept for the analyst and the audit", async () => {
    const alarm = await closed("false_positive");
    sim.setFaults({ routes: ["labels"], failRate: 1, failStatus: 503 });
    const labelWorker = worker({ retry: { firstDelayMs: 1_000, maxAttempts: 2, random: () => 0 } });
    await labelWorker.round();
    await clock.advance(1_000);
    await labelWorker.round();
    const failed = {
      state: "failed",
      message: "USM failed to answer (HTTP 503); gave up after 2 attempts",
    };
    expect(await labelStatusOf(db(), alarm)).toEqual(failed);
    expect((await auditOf(alarm.uuid)).map((row) => row.action)).toEqual(["label_failed"]);
    await clock.advance(3_600_000);
    expect(await labelWorker.round()).toBe(0);
  });

  it("fails a label USM does not know at once, naming the configuration to fix", async () => {
    const unknown = "0b7c5f0e-59a3-4f3c-9d59-4d0a8c0e0d11";
    const alarm = await closed("benign", { benign: unknown });
    const before = sim.stats().byRoute.labels;
    const usm = testClient(sim, WRITER, { deployment: "acme" });
    const deployments = [
      { key: "acme", name: "Acme", labels: { benign: unknown }, client: () => usm },
    ];
    expect(await worker({ deployments }).round()).toBe(1);
    expect(await labelStatusOf(db(), alarm)).toEqual({
      state: "failed",
      message: `USM knows no label ${unknown} (404): check labels.benign in the configuration of Acme`,
    });
    expect(sim.stats().byRoute.labels - before).toBe(1);
  });

  it("says once that the client may not write labels (403), and stops asking", async () => {
    const first = await closed();
    const second = await closed("false_positive");
    const labelWorker = worker({}, READER);
    const before = sim.stats().byRoute.labels;
    expect(await labelWorker.round()).toBe(1);
    const forbidden = {
      state: "failed",
      message: "The API client of Acme may not write labels (403)",
    };
    expect(await labelStatusOf(db(), first)).toEqual(forbidden);
    expect(await labelStatusOf(db(), second)).toEqual(forbidden);
    // A later verdict's label fails the same way, without a call upstream.
    const third = await closed();
    expect(await labelWorker.round()).toBe(1);
    expect(await labelStatusOf(db(), third)).toEqual(forbidden);
    expect(sim.stats().byRoute.labels - before).toBe(1);
    expect(logged).toEqual([
      "[labels] The API client of Acme may not write labels (403): label write-backs of acme stop until the console restarts",
    ]);
    // The verdicts stand.
    const row = await db()
      .selectFrom("triage_alarms")
      .select("verdict")
      .where("uuid", "=", second.uuid)
      .executeTakeFirstOrThrow();
    expect(row.verdict).toBe("false_positive");
  });

  it.runIf(engine === "postgres")(
    "never lets two workers write one job at once (the lease)",
    async () => {
      const alarms = [];
      for (let n = 0; n < 24; n++) alarms.push(await closed());
      sim.setFaults({ latencyMs: 20 });
      const before = sim.stats().byRoute.labels;
      const [one, two] = await Promise.all([
        worker({ batch: 4, owner: "one" }).round(),
        worker({ batch: 4, owner: "two" }).round(),
      ]);
      expect(one + two).toBe(24);
      expect(one).toBeGreaterThan(0);
      expect(two).toBeGreaterThan(0);
      expect(sim.stats().byRoute.labels - before).toBe(24);
      for (const alarm of alarms) expect(sim.labelsOf(alarm.uuid)).toContain(truePositive);
    },
  );

  it("keeps to the deployment's POST budget, the token's POST included", async () => {
    // A deployment allowed 10 POSTs a second: 30 labels take seconds of real time, which the
    // simulator counts per second as the upstream would, refusing any beyond.
    const limited = await startSimulator({
      port: 0,
      alarms: 10,
      seed: 9, // alarms of their own: the file's simulator's are closed already
      clients: [WRITER],
      rateLimit: { getPerSecond: 100, postPerSecond: 10 },
    });
    try {
      const map = { true_positive: limited.addLabel("Confirmed Threat").id };
      const usm = testClient(limited, WRITER, { deployment: "acme", postPerSecond: 10 });
      for (let n = 0; n < 30; n++) {
        const alarm = { deployment: "acme", uuid: limited.addAlarm({ alarm_labels: [] }).uuid };
        const closing = { verdict: "true_positive" as const, reason: "", duplicateOf: null };
        await closeAlarmRow(db(), alarm, actor(alice), closing, map, clock.now());
      }
      const labelWorker = worker({
        deployments: [{ key: "acme", name: "Acme", labels: map, client: () => usm }],
      });
      expect(await labelWorker.round()).toBe(30);
      const stats = limited.stats();
      expect(stats.byRoute.labels).toBe(30);
      expect(stats.tokensIssued).toBe(1);
      expect(stats.rateLimited).toBe(0);
      expect(stats.busiestSecond.post).toBeLessThanOrEqual(10);
    } finally {
      await limited.close();
    }
  }, 30_000);
});
