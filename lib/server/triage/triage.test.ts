import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { ApiError } from "@/lib/shared/core/errors";
import { NOTE_EDIT_WINDOW_MS } from "@/lib/shared/triage/types";
import { testAnalyst } from "@/test/analyst";
import { describeEachEngine } from "@/test/index-db";
import { testUuid } from "@/test/indexed-alarm";
import {
  analystByHandle,
  forgetRecordedAnalysts,
  handleOf,
  recordAnalyst,
  teammates,
} from "./analysts";
import type { Actor } from "./alarm-row";
import { readSummaries, readTriage } from "./read";
import { addNote, deleteNote, editNote, setAcknowledged, setOwner } from "./triage";

// The team's triage on both engines (PGlite in process, a real PostgreSQL): who has an alarm,
// who acknowledged it, notes and their window, the history with before and after, and the
// audit trail no statement can rewrite.

const alice = testAnalyst("local:alice", { name: "Alice Archer" });
const bob = testAnalyst("local:bob", { name: "Bob Baker" });
const actor = (who: typeof alice): Actor => ({ id: who.id, handle: handleOf(who), name: who.name });
const T = 1_764_000_000_000;

async function conflictOf(work: Promise<unknown>): Promise<ApiError> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describeEachEngine("The team's triage", ({ database }) => {
  const db = () => database().db;
  const alarm = () => ({ deployment: "acme", uuid: testUuid() });

  beforeEach(async () => {
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, T);
    await recordAnalyst(db(), bob, T);
  });

  it("gives an alarm to the first of two analysts taking it at once, and tells the other who has it", async () => {
    const one = alarm();
    const a = await analystByHandle(db(), "alice");
    const b = await analystByHandle(db(), "BOB");
    expect(b?.name).toBe("Bob Baker");
    const results = await Promise.allSettled([
      setOwner(db(), one, actor(alice), a, T, null),
      setOwner(db(), one, actor(bob), b, T, null),
    ]);
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refused = results.find((result) => result.status === "rejected");
    const error = (refused as PromiseRejectedResult).reason as ApiError;
    expect(error.code).toBe("conflict");
    const triage = await readTriage(db(), one);
    expect(error.message).toBe(`${triage.owner} has this alarm.`);
    expect(triage.history).toHaveLength(1);
  });

  it("assigns, releases and records each change with the owner before and after", async () => {
    const one = alarm();
    await setOwner(db(), one, actor(alice), await analystByHandle(db(), "alice"), T);
    await setOwner(db(), one, actor(alice), await analystByHandle(db(), "bob"), T + 1);
    // Taking what one has already changes nothing and records nothing.
    const again = await setOwner(db(), one, actor(bob), await analystByHandle(db(), "bob"), T + 2);
    expect(again.changed).toBe(false);
    await setOwner(db(), one, actor(bob), null, T + 3);
    const triage = await readTriage(db(), one);
    expect(triage.owner).toBeNull();
    expect(triage.history.map((event) => [event.analyst, event.before, event.after])).toEqual([
      ["bob", { owner: "bob" }, { owner: null }],
      ["alice", { owner: "alice" }, { owner: "bob" }],
      ["alice", { owner: null }, { owner: "alice" }],
    ]);
    expect(triage.names).toEqual({ alice: "Alice Archer", bob: "Bob Baker" });
    const stale = await conflictOf(
      setOwner(db(), one, actor(alice), await analystByHandle(db(), "alice"), T + 4, "bob"),
    );
    expect(stale.message).toBe("Nobody has this alarm any more; look again before you act.");
  });

  it("acknowledges with who and when, and takes it back", async () => {
    const one = alarm();
    await setAcknowledged(db(), one, actor(bob), true, T + 5);
    expect((await readTriage(db(), one)).acknowledged).toEqual({ by: "bob", at: T + 5 });
    expect((await setAcknowledged(db(), one, actor(alice), true, T + 6)).changed).toBe(false);
    await setAcknowledged(db(), one, actor(alice), false, T + 7);
    const triage = await readTriage(db(), one);
    expect(triage.acknowledged).toBeNull();
    expect(triage.history[0]).toMatchObject({
      analyst: "alice",
      action: "acknowledged",
      before: { acknowledged: true, by: "bob" },
      after: { acknowledged: false },
    });
  });

  it("keeps notes as written; only their author edits or deletes them, for 15 minutes, and the history keeps every text", async () => {
    const one = alarm();
    const hostile = "<script>alert(1)</script> ‮evil‬ 東京 👩‍💻";
    const id = await addNote(db(), one, actor(alice), hostile, T);
    await addNote(db(), one, actor(bob), "second", T + 1);
    expect((await conflictOf(editNote(db(), one, actor(bob), id, "mine now", T + 2))).code).toBe(
      "forbidden",
    );
    await editNote(db(), one, actor(alice), id, "edited", T + 3);
    const late = await conflictOf(
      deleteNote(db(), one, actor(alice), id, T + NOTE_EDIT_WINDOW_MS + 1),
    );
    expect(late.code).toBe("forbidden");
    let triage = await readTriage(db(), one);
    expect(triage.notes.map((note) => [note.author, note.text, note.editedAt])).toEqual([
      ["alice", "edited", T + 3],
      ["bob", "second", null],
    ]);
    await deleteNote(db(), one, actor(alice), id, T + 4);
    triage = await readTriage(db(), one);
    expect(triage.notes.map((note) => note.text)).toEqual(["second"]);
    expect(triage.history.map((event) => event.action)).toEqual([
      "note_deleted",
      "note_edited",
      "note_added",
      "note_added",
    ]);
    expect(triage.history[1]?.before).toEqual({ id, text: hostile });
    expect(triage.history[0]?.before).toEqual({ id, text: "edited" });
    expect((await readSummaries(db(), [one])).alarms).toEqual([
      {
        deployment: "acme",
        uuid: one.uuid,
        owner: null,
        acknowledged: false,
        notes: 1,
        verdict: null,
      },
    ]);
  });

  it("summarises a page's alarms, leaving out those nobody acted on", async () => {
    const [one, two, three] = [alarm(), alarm(), { deployment: "globex", uuid: testUuid() }];
    await setOwner(db(), one, actor(alice), await analystByHandle(db(), "alice"), T);
    await setAcknowledged(db(), three, actor(bob), true, T);
    const summaries = await readSummaries(db(), [one, two, three]);
    expect(summaries.alarms.sort((x, y) => x.deployment.localeCompare(y.deployment))).toEqual([
      {
        deployment: "acme",
        uuid: one.uuid,
        owner: "alice",
        acknowledged: false,
        notes: 0,
        verdict: null,
      },
      {
        deployment: "globex",
        uuid: three.uuid,
        owner: null,
        acknowledged: true,
        notes: 0,
        verdict: null,
      },
    ]);
    expect(summaries.names).toEqual({ alice: "Alice Archer" });
  });

  it("keeps the audit trail append-only: no update, delete or truncate passes", async () => {
    const one = alarm();
    await setAcknowledged(db(), one, actor(alice), true, T);
    for (const statement of [
      sql`update triage_audit set analyst_id = 'local:mallory'`,
      sql`delete from triage_audit`,
      sql`truncate triage_audit`,
    ]) {
      await expect(statement.execute(db())).rejects.toThrow(/append-only/);
    }
    expect((await readTriage(db(), one)).history).toHaveLength(1);
  });

  it("offers as teammates those who may see the deployment", async () => {
    const carol = testAnalyst("sso:carol", {
      name: "Carol",
      email: "carol@example.com",
      sso: true,
      emailVerified: true,
      groups: ["red"],
    });
    await recordAnalyst(db(), carol, T);
    const everyone = await teammates(db(), { analysts: [], groups: [] });
    expect(everyone.map((mate) => mate.handle)).toEqual(
      expect.arrayContaining(["alice", "bob", "carol@example.com"]),
    );
    const red = await teammates(db(), { analysts: ["alice"], groups: ["red"] });
    expect(red.map((mate) => mate.handle).sort()).toEqual(["alice", "carol@example.com"]);
  });
});
