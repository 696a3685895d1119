import { beforeEach, expect, it } from "vitest";
import type { SearchNode } from "@/lib/shared/search/ast";
import { DEFAULT_QUERY } from "@/lib/shared/alarms/query";
import { bindAnalyst } from "@/lib/server/search/query-language/bind";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { ingestAlarms } from "@/lib/server/mirror/ingest";
import { countMatches, searchAlarmPage } from "@/lib/server/search/search";
import { withWords } from "@/lib/server/search/search-where";
import { describeEachEngine } from "@/test/index-db";
import { indexedAlarm } from "@/test/indexed-alarm";
import { actor, alice, bob, T } from "@/test/triage-team";
import { forgetRecordedAnalysts, recordAnalyst } from "@/lib/server/triage/analysts";
import { addNote, deleteNote, setAcknowledged } from "@/lib/server/triage/triage";
import { closeAlarmRow } from "@/lib/server/triage/verdicts";

// The team's verdicts and notes in the search, on both engines: closed:true|false, verdict:,
// closed_by: (me, a handle, its prefix), closed_at compared with a time, note:"…", and free text
// finding the alarms whose notes hold it, alone and with the rest of the language.

const HOUR = 3_600_000;

/** `q` read for `analyst`, as the read seam reads it (lib/server/reads/index-read.ts). */
function readSearch(q: string, analyst: string | null): SearchNode {
  const parsed = parseSearch(q);
  if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
  return bindAnalyst(parsed.query, analyst);
}

describeEachEngine("Searching by the team's verdicts and notes", ({ database }) => {
  const db = () => database().db;
  const alarms = Array.from({ length: 6 }, (_, i) =>
    indexedAlarm({ occurredAt: T - 1_000 * (i + 1), rule: { strategy: i < 3 ? "Brute" : "Scan" } }),
  );
  const keys = alarms.map((alarm) => ({ deployment: "acme", uuid: alarm.summary.uuid }));
  const [a0, a1, a2, a3, a4, a5] = keys.map((key) => key.uuid);
  // Another deployment's alarm whose note names the ticket: never found from acme.
  const elsewhere = indexedAlarm({ deployment: "globex", occurredAt: T - 500 });

  beforeEach(async () => {
    forgetRecordedAnalysts();
    await ingestAlarms(db(), "acme", alarms, 1);
    await ingestAlarms(db(), "globex", [elsewhere], 1);
    await recordAnalyst(db(), alice, T);
    await recordAnalyst(db(), bob, T);
    // Triage state survives the index being emptied (describeEachEngine's beforeEach): set once.
    const done = await db().selectFrom("triage_alarms").select("uuid").executeTakeFirst();
    if (done) return;
    const close = (
      i: number,
      who: typeof alice,
      verdict: "false_positive" | "benign",
      at: number,
    ) =>
      closeAlarmRow(db(), keys[i]!, actor(who), { verdict, reason: "", duplicateOf: null }, {}, at);
    await close(0, alice, "false_positive", T - 30 * HOUR);
    await close(1, alice, "false_positive", T - HOUR);
    await close(2, bob, "benign", T - 2 * HOUR);
    await setAcknowledged(db(), keys[3]!, actor(bob), true, T);
    await addNote(db(), keys[3]!, actor(alice), "Raised as inc-4711 with the service desk", T);
    await addNote(db(), keys[4]!, actor(bob), "Same as INC-4711?", T);
    const gone = await addNote(db(), keys[5]!, actor(bob), "INC-4711 (typo)", T);
    await deleteNote(db(), keys[5]!, actor(bob), gone, T);
    await addNote(
      db(),
      { deployment: "globex", uuid: elsewhere.summary.uuid },
      actor(bob),
      "INC-4711",
      T,
    );
  });

  async function found(q: string, who = alice) {
    const request = {
      allowed: ["acme", "globex"],
      deployments: ["acme"],
      search: readSearch(q, who.id),
      query: DEFAULT_QUERY,
    };
    const page = await searchAlarmPage(db(), request, T);
    return page.alarms.map((alarm) => alarm.uuid);
  }

  it("tells closed from open for the team, and finds a verdict", async () => {
    expect(await found("closed:true")).toEqual([a0, a1, a2]);
    expect(await found("closed:false")).toEqual([a3, a4, a5]);
    expect(await found("NOT closed:true")).toEqual([a3, a4, a5]);
    expect(await found("verdict:false_positive")).toEqual([a0, a1]);
    expect(await found("verdict:BENIGN strategy:brute")).toEqual([a2]);
    expect(await found("verdict:*")).toEqual([a0, a1, a2]);
    expect(await found("verdict:duplicate")).toEqual([]);
    expect(await found("closed:false acknowledged:false")).toEqual([a4, a5]);
  });

  it("finds who closed an alarm: me (whoever reads), a handle, its prefix", async () => {
    expect(await found("closed_by:me", alice)).toEqual([a0, a1]);
    expect(await found("closed_by:me", bob)).toEqual([a2]);
    expect(await found("closed_by:BOB")).toEqual([a2]);
    expect(await found("closed_by:al*")).toEqual([a0, a1]);
    expect(await found("closed_by:nobody")).toEqual([]);
    // Unbound (no analyst), closed_by:me is no one.
    const page = await searchAlarmPage(
      db(),
      {
        allowed: ["acme"],
        deployments: ["acme"],
        search: readSearch("closed_by:me", null),
        query: DEFAULT_QUERY,
      },
      T,
    );
    expect(page.alarms).toEqual([]);
  });

  it("compares when an alarm was closed with a time, an offset or a date", async () => {
    const iso = (ms: number) => new Date(ms).toISOString();
    expect(await found(`closed_at >= ${iso(T - 3 * HOUR)}`)).toEqual([a1, a2]);
    expect(await found(`closed_at:<${iso(T - 3 * HOUR)}`)).toEqual([a0]);
    expect(await found(`closed_at > ${iso(T - 2 * HOUR)} verdict:false_positive`)).toEqual([a1]);
    // T is 2025-11-24T16:00Z: 15:30 at +01:00 is 14:30Z, after a2 (14:00Z) and before a1 (15:00Z).
    expect(await found("closed_at >= 2025-11-24T15:30+01:00")).toEqual([a1]);
    expect(await found("closed_at >= 2025-11-24")).toEqual([a1, a2]);
    expect(await found("closed_at < 2025-11-24 OR closed:false")).toEqual([a0, a3, a4, a5]);
  });

  it("finds a note's text in any case, never a deleted note's nor another deployment's", async () => {
    expect(await found('note:"INC-4711"')).toEqual([a3, a4]);
    expect(await found("note:service")).toEqual([a3]);
    expect(await found('note:"desk" acknowledged:true')).toEqual([a3]);
    expect(await found("note:typo")).toEqual([]);
    expect(await found("note:*")).toEqual([a3, a4]);
  });

  it("finds the alarms whose notes hold a free text typed alone, or with other terms", async () => {
    expect(await found("INC-4711")).toEqual([a3, a4]);
    expect(await found('"inc-4711 with the"')).toEqual([a3]);
    expect(await found("INC-4711 strategy:scan acknowledged:false")).toEqual([a4]);
    expect(await found("INC-4711 OR verdict:benign")).toEqual([a2, a3, a4]);
    expect(await found("NOT INC-4711 closed:false")).toEqual([a5]);
    // A term the document holds and one a note holds, in one AND: both must hold.
    const word = alarms[3]!.summary.rule.strategy!.toLowerCase();
    expect(await found(`${word} INC-4711`)).toEqual([a3, a4]);
    expect(await found("typo")).toEqual([]);
  });

  it("counts the same alarms when a term is in too many notes to name them", async () => {
    const search = readSearch("INC-4711", alice.id);
    const where = await withWords(db(), {
      allowed: ["acme"],
      deployments: ["acme"],
      search,
      filters: {},
    });
    expect(await countMatches(db(), where, null)).toBe(2);
    const many = { ...where, notes: new Map([["inc-4711", "many" as const]]) };
    expect(await countMatches(db(), many, null)).toBe(2);
  });
});
