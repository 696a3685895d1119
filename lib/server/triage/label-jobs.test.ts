import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { testUuid } from "@/test/indexed-alarm";
import { actor, alice, T } from "@/test/triage-team";
import { recordAnalyst } from "./analysts";
import { claimDueJobs, completeJob } from "./label-jobs";
import { labelStatusOf } from "./label-queue";
import { closeAlarmRow, reopenAlarmRow } from "./verdicts";

// The label queue's claims on both engines: a job is claimed by one worker until its lease runs
// out, and an attempt's outcome never overwrites what a newer verdict asked meanwhile.

const LABEL = "6f1c2a8e-3b4d-4e5f-8a9b-0c1d2e3f4a5b";
const labels = { true_positive: LABEL };
const closing = { verdict: "true_positive" as const, reason: "", duplicateOf: null };

describeEachEngine("The label queue's claims", ({ database }) => {
  const db = () => database().db;
  const claim = (owner: string, now: number) =>
    claimDueJobs(db(), { deployments: ["acme"], owner, now, leaseMs: 60_000, limit: 10 });

  beforeEach(async () => {
    await sql`truncate label_jobs`.execute(db());
    await recordAnalyst(db(), alice, T);
  });

  it("gives a due job to one worker until its lease runs out", async () => {
    const alarm = { deployment: "acme", uuid: testUuid() };
    await closeAlarmRow(db(), alarm, actor(alice), closing, labels, T);
    const [first] = await claim("one", T);
    expect(first).toMatchObject({ uuid: alarm.uuid, labelId: LABEL, wanted: true, attempts: 1 });
    expect(await claim("two", T + 59_999)).toEqual([]);
    // The holder died: the next worker takes it up, as attempt 2.
    const [again] = await claim("two", T + 60_000);
    expect(again).toMatchObject({ uuid: alarm.uuid, attempts: 2, owner: "two" });
    // The first holder's late outcome is not recorded.
    expect(await completeJob(db(), first!, { state: "written" }, T + 60_001)).toBe(false);
    expect(await labelStatusOf(db(), alarm)).toEqual({ state: "pending" });
  });

  it("keeps what a newer verdict asked while an attempt was under way", async () => {
    const alarm = { deployment: "acme", uuid: testUuid() };
    await closeAlarmRow(db(), alarm, actor(alice), closing, labels, T);
    const [put] = await claim("one", T);
    // Reopened (the label to come off) while the PUT is under way, in the same millisecond.
    await reopenAlarmRow(db(), alarm, actor(alice), labels, T);
    // The old PUT's outcome is dropped, and the newer job waits until that attempt is over.
    expect(await claim("two", T)).toEqual([]);
    expect(await completeJob(db(), put!, { state: "written" }, T + 1)).toBe(false);
    expect(await labelStatusOf(db(), alarm)).toEqual({ state: "pending" });
    const [remove] = await claim("two", T + 2);
    expect(remove).toMatchObject({ uuid: alarm.uuid, wanted: false, attempts: 1 });
    expect(await completeJob(db(), remove!, { state: "written" }, T + 3)).toBe(true);
    expect(await labelStatusOf(db(), alarm)).toEqual({ state: "written" });
  });
});
