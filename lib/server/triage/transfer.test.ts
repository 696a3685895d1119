import { randomUUID } from "node:crypto";
import { afterAll, afterEach, beforeEach, expect, it } from "vitest";
import { openDatabase, type ConsoleDatabase, type Engine } from "@/lib/server/db";
import { openTestPglite } from "@/test/pglite-template";
import { describeEachEngine, ENGINES } from "@/test/index-db";
import { testUuid } from "@/test/indexed-alarm";
import { startPostgresServer, type PostgresServer } from "@/test/postgres-server";
import { actor, alice, bob, T } from "@/test/triage-team";
import { analystByHandle, forgetRecordedAnalysts, recordAnalyst } from "./analysts";
import { PAGE_SIZE } from "./snapshot-pages";
import { exportTriage, importTriage } from "./transfer";
import type { AlarmRef } from "./alarm-row";
import { readSummaries, readTriage } from "./read";
import { addNote, deleteNote, editNote, setAcknowledged, setOwner } from "./triage";
import { closeAlarmRow } from "./verdicts";

// Moving the team's triage between databases on both engines, and across them (PGlite to
// PostgreSQL and back): what an analyst reads of each alarm is the same after the move, a second
// import changes nothing, a damaged file writes nothing, the audit keeps its ids and goes on
// after them.

// A test that opens a fresh database waits for its start and migrations: seconds for PGlite on a
// busy machine (a test of 20 s timed out with two suites beside this one).
const FRESH_MS = 60_000;

async function exported(db: ConsoleDatabase): Promise<string[]> {
  let text = "";
  await exportTriage(db.db, (line) => {
    text += line;
  });
  return text.trimEnd().split("\n");
}

/** The rows of an export (its header, with its time, left out), in a stable order. */
const rowsOf = (lines: string[]) => lines.slice(1).sort();

async function failureOf(work: Promise<unknown>): Promise<Error> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof Error)) throw new Error("expected the import to fail");
  return error;
}

describeEachEngine("Moving the triage", ({ engine, database, server }) => {
  const db = () => database().db;
  const opened: ConsoleDatabase[] = [];
  let ownServer: PostgresServer | null = null;

  /** A new, empty database of `kind` (PostgreSQL: on the suite's server, or one of our own). */
  async function fresh(kind: Engine): Promise<ConsoleDatabase> {
    let target: ConsoleDatabase;
    if (kind === "pglite") {
      target = await openTestPglite();
    } else {
      const on = server() ?? (ownServer ??= await startPostgresServer());
      target = await openDatabase({ databaseUrl: await on.createDatabase() });
    }
    opened.push(target);
    return target;
  }

  beforeEach(async () => {
    forgetRecordedAnalysts();
    await recordAnalyst(db(), alice, T);
    await recordAnalyst(db(), bob, T);
  });
  afterEach(async () => {
    for (const target of opened.splice(0)) await target.close();
  });
  afterAll(async () => {
    await ownServer?.close();
  });

  /** Three alarms worked by two analysts: owners, acknowledgements, notes edited and deleted. */
  async function triageSome(): Promise<AlarmRef[]> {
    const alarms = [
      { deployment: "acme", uuid: testUuid() },
      { deployment: "acme", uuid: testUuid() },
      { deployment: "globex", uuid: testUuid() },
    ];
    const [one, two, three] = alarms as [AlarmRef, AlarmRef, AlarmRef];
    await setOwner(db(), one, actor(alice), await analystByHandle(db(), "alice"), T);
    await setOwner(db(), one, actor(alice), await analystByHandle(db(), "bob"), T + 1);
    const note = await addNote(db(), one, actor(alice), 'first ‮ 東京 "quoted"\n', T + 2);
    await editNote(db(), one, actor(alice), note, "first, edited", T + 3);
    const gone = await addNote(db(), two, actor(bob), "to delete", T + 4);
    await deleteNote(db(), two, actor(bob), gone, T + 5);
    await addNote(db(), two, actor(bob), "kept", T + 6);
    await setAcknowledged(db(), three, actor(bob), true, T + 7);
    const labels = { false_positive: "5d1c6f0e-2b7a-4c1e-9f3a-8e2d4b6a0c11" };
    const closing = { verdict: "false_positive", reason: "scanner", duplicateOf: null } as const;
    await closeAlarmRow(db(), two, actor(bob), closing, labels, T + 7);
    const view = randomUUID();
    await db()
      .insertInto("saved_views")
      .values({
        id: view,
        owner_id: alice.id,
        name: `Mine, open ${randomUUID().slice(0, 8)}`,
        view: "/alarms?owner=me&status=open",
        shared: true,
        created_at: T,
        updated_at: T + 8,
      })
      .execute();
    await db()
      .insertInto("view_defaults")
      .values({ owner_id: alice.id, kind: "deployment", view_id: view, updated_at: T + 9 })
      .onConflict((conflict) =>
        conflict.columns(["owner_id", "kind"]).doUpdateSet({ view_id: view, updated_at: T + 9 }),
      )
      .execute();
    return alarms;
  }

  it.each(ENGINES)(
    "moves the triage to a fresh %s database: every alarm reads the same there, and a second import changes nothing",
    async (target) => {
      const alarms = await triageSome();
      const lines = await exported(database());
      const moved = await fresh(target);
      const first = await importTriage(moved.db, lines);
      expect(first.inserted).toEqual(first.read);
      expect(first.read.saved_views).toBeGreaterThan(0);

      for (const alarm of alarms) {
        expect(await readTriage(moved.db, alarm)).toEqual(await readTriage(db(), alarm));
      }
      const summaries = async (on: ConsoleDatabase) => {
        const read = await readSummaries(on.db, alarms);
        return { ...read, alarms: read.alarms.sort((a, b) => a.uuid.localeCompare(b.uuid)) };
      };
      expect(await summaries(moved)).toEqual(await summaries(database()));
      expect(rowsOf(await exported(moved))).toEqual(rowsOf(lines));

      const again = await importTriage(moved.db, lines);
      expect(Object.values(again.inserted)).toEqual([0, 0, 0, 0, 0, 0, 0]);
      expect(first.inserted.view_defaults).toBeGreaterThan(0);
      expect(first.inserted.label_jobs).toBeGreaterThan(0);
      expect((await readTriage(moved.db, alarms[1]!)).closed).toMatchObject({
        verdict: "false_positive",
        reason: "scanner",
      });
      expect(rowsOf(await exported(moved))).toEqual(rowsOf(lines));
    },
    FRESH_MS,
  );

  it(
    "keeps the audit's ids, and numbers what is done after the import after them",
    async () => {
      const [one] = (await triageSome()) as [AlarmRef];
      const lines = await exported(database());
      const highest = Math.max(
        ...(await db().selectFrom("triage_audit").select("id").execute()).map((row) => row.id),
      );
      const moved = await fresh(engine === "pglite" ? (ENGINES.at(-1) ?? "pglite") : "pglite");
      await importTriage(moved.db, lines);
      await importTriage(moved.db, lines);
      await setAcknowledged(moved.db, one, actor(alice), true, T + 100);
      const [newest, ...before] = (await readTriage(moved.db, one)).history;
      expect(newest).toMatchObject({ action: "acknowledged", analyst: "alice" });
      expect(newest?.id).toBe(highest + 1);
      expect(before.map((event) => event.id)).toEqual(
        (await readTriage(db(), one)).history.map((event) => event.id),
      );
    },
    FRESH_MS,
  );

  it(
    "refuses a damaged file, naming the line, and writes nothing of it",
    async () => {
      await triageSome();
      const lines = await exported(database());
      const moved = await fresh(engine);
      const last = lines.length - 1;
      const damaged = (at: number, line: string) =>
        lines.map((text, i) => (i === at ? line : text));
      const noteAt = lines.findIndex((line) => line.startsWith('{"table":"triage_notes"'));
      const badNote = lines[noteAt]!.replace(/"created_at":\d+/, '"created_at":"yesterday"');

      // The last row: every table before it was already sent to the database.
      const refusals = [
        [damaged(last - 1, '{"table":"saved_views","row":{"id":"x"'), `line ${last}: not JSON`],
        [damaged(noteAt, badNote), `line ${noteAt + 1}: a wrong triage_notes row: created_at`],
        [damaged(2, '{"table":"alarms","row":{}}'), "line 3: not a row of a triage table"],
        [damaged(0, '{"format":"something-else"}'), "line 1: not the header of a triage export"],
        [lines.slice(0, -1), "cut short"],
        [lines.filter((_, i) => i !== noteAt), "the export counts"],
      ] as const;
      for (const [file, message] of refusals) {
        expect((await failureOf(importTriage(moved.db, file))).message).toContain(message);
      }
      expect(rowsOf(await exported(moved))).toEqual([
        '{"end":{"analysts":0,"triage_alarms":0,"triage_notes":0,"triage_audit":0,"saved_views":0,"view_defaults":0,"label_jobs":0}}',
      ]);
    },
    FRESH_MS,
  );

  it(
    "still imports a file of version 1 (before verdicts): its alarms are open for the team",
    async () => {
      const alarms = await triageSome();
      const VERDICT_COLUMNS = ["closed_by", "closed_at", "verdict", "close_reason", "duplicate_of"];
      const v1 = (await exported(database()))
        .filter((line) => !/^\{"table":"(label_jobs|view_defaults)"/.test(line))
        .map((line) => {
          const value = JSON.parse(line) as Record<string, unknown>;
          if ("version" in value) return JSON.stringify({ ...value, version: 1 });
          if ("end" in value) {
            const {
              label_jobs: _jobs,
              view_defaults: _defaults,
              ...end
            } = value.end as Record<string, number>;
            return JSON.stringify({ end });
          }
          const { table, row } = value as { table: string; row: Record<string, unknown> };
          if (table !== "triage_alarms") return line;
          const old = Object.entries(row).filter(([column]) => !VERDICT_COLUMNS.includes(column));
          return JSON.stringify({ table, row: Object.fromEntries(old) });
        });
      const moved = await fresh(engine);
      const counts = await importTriage(moved.db, v1);
      expect(counts.inserted).toEqual(counts.read);
      expect(counts.read.label_jobs).toBe(0);
      expect((await readTriage(moved.db, alarms[1]!)).closed).toBeNull();
      expect((await readTriage(moved.db, alarms[0]!)).owner).toBe("bob");
    },
    FRESH_MS,
  );

  it(
    "refuses to import into a database whose audit has other events under the same ids",
    async () => {
      await triageSome();
      const lines = await exported(database());
      const used = await fresh(engine);
      await setAcknowledged(used.db, { deployment: "acme", uuid: testUuid() }, actor(bob), true, T);
      const error = await failureOf(importTriage(used.db, lines));
      expect(error.message).toMatch(
        /^line \d+: this database's audit trail has a different event with id 1:/,
      );
      expect(await used.db.selectFrom("triage_audit").select("id").execute()).toEqual([{ id: 1 }]);
    },
    FRESH_MS,
  );

  it(
    "reads tables larger than a page each row once",
    async () => {
      const count = PAGE_SIZE * 2 + 7;
      const rows = Array.from({ length: count }, () => ({
        deployment: "paged",
        uuid: testUuid(),
        owner_id: alice.id,
        owned_at: T,
        notes: 0,
        updated_at: T,
      }));
      await db().insertInto("triage_alarms").values(rows).execute();
      const lines = await exported(database());
      const paged = lines.filter((line) => line.includes('"deployment":"paged"'));
      expect(new Set(paged).size).toBe(count);
      const moved = await fresh(engine);
      expect((await importTriage(moved.db, lines)).inserted.triage_alarms).toBe(
        lines.filter((line) => line.startsWith('{"table":"triage_alarms"')).length,
      );
    },
    FRESH_MS,
  );
});
