import { sql } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { endpoint, indexedAlarm } from "@/test/indexed-alarm";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { ingestAlarms, type IndexedAlarm } from "../ingest";
import { compileSearch } from "./compile";
import { parseSearch } from "./parse";

// The compiled searches run on both engines against alarms the sync's own ingest wrote: each
// finds exactly the alarms an analyst would expect, and none of another deployment's.

/** An alarm with some of its rule's fields replaced (indexedAlarm types `rule` as a whole). */
function withRule(alarm: IndexedAlarm, rule: Partial<AlarmSummary["rule"]>): IndexedAlarm {
  return { ...alarm, summary: { ...alarm.summary, rule: { ...alarm.summary.rule, ...rule } } };
}

const brute = indexedAlarm(
  {
    sources: [endpoint({ address: "188.1.32.78", hostname: "attacker.example" })],
    destinations: [endpoint({ address: "10.1.2.3", name: "WEB-01" })],
    destinationUsername: "Administrator",
    priority: 80,
    priorityLabel: "high",
    labels: ["Escalated"],
    sensorUuid: "9B6A1C3E-5A4F-4D2B-8E7A-1F2C3D4E5F60",
  },
  { eventNames: ["Failed SSH login"], rawText: "50%_off\\deal" },
);
const scan = withRule(
  indexedAlarm({
    status: "in_review",
    sources: [endpoint({ address: "2001:db8::1" })],
    destinations: [endpoint({ address: "fe80::42", fqdn: "db.corp.local" })],
    sourceUsername: "admin2",
    priority: 30,
    priorityLabel: "low",
  }),
  {
    intent: "Reconnaissance & Probing",
    strategy: "Port Scan",
    method: "Nmap",
    attackId: "T1046",
    attackTechnique: "Network Service Discovery",
    attackTactics: ["Discovery"],
  },
);
const LONG_RUN = `${"x".repeat(150)}tail`;
const sub = withRule(
  indexedAlarm(
    {
      status: "closed",
      destinations: [endpoint({ address: "192.168.1.5" })],
      priority: 60,
    },
    { rawText: `token=${LONG_RUN} café` },
  ),
  { strategy: null, attackId: "T1110.001", attackTechnique: "Password Guessing" },
);
// Another deployment's alarm under the same uuid: it must never answer for acme's.
const other = indexedAlarm(
  {
    uuid: scan.summary.uuid,
    deployment: "globex",
    sources: [endpoint({ address: "188.1.32.78" })],
    sourceUsername: "root",
  },
  { rawText: "mimikatz" },
);

const NAMES = new Map([
  [brute.summary.uuid, "brute"],
  [scan.summary.uuid, "scan"],
  [sub.summary.uuid, "sub"],
]);

describeEachEngine("Search", ({ database }) => {
  beforeEach(async () => {
    const { db } = database();
    await ingestAlarms(db, "acme", [brute, scan, sub], 1);
    await ingestAlarms(db, "globex", [other], 1);
  });

  async function found(q: string): Promise<string[]> {
    const parsed = parseSearch(q);
    if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
    const rows = await database()
      .db.selectFrom("alarms as a")
      .select(sql<string>`a.uuid::text`.as("uuid"))
      .where("a.deployment", "=", "acme")
      .where((eb) => compileSearch(parsed.query, eb))
      .execute();
    return rows.map((row) => NAMES.get(row.uuid) ?? row.uuid).sort();
  }

  it.each([
    ["188.1.32.78", ["brute"]],
    ["src_ip:188.1.32.78", ["brute"]],
    ["dst_ip:188.1.32.78", []],
    ["ip:10.0.0.0/8", ["brute"]],
    ["ip:10.1.*", ["brute"]],
    ["ip:2001:db8::1", ["scan"]],
    ["ip:fe80::/10", ["scan"]],
    ["ip:192.168.1.0/24 OR ip:2001:db8::/32", ["scan", "sub"]],
    ["host:web-01", ["brute"]],
    ["destination_name:WEB-01", ["brute"]],
    ["source_name:web-01", []],
    ["host:db.*", ["scan"]],
    ["user:adm*", ["brute", "scan"]],
    ["source_username:adm*", ["scan"]],
    ["user:root", []],
    ["status:in_review", ["scan"]],
    ["NOT status:open", ["scan", "sub"]],
    ["priority >= 60", ["brute", "sub"]],
    ["priority:high", ["brute"]],
    ['strategy:"brute force authentication"', ["brute"]],
    ["NOT strategy:brute*", ["scan", "sub"]],
    ["method:nm*", ["scan"]],
    ['intent:"Reconnaissance & Probing"', ["scan"]],
    ["technique:T1110", ["brute", "sub"]],
    ['technique:"network service discovery"', ["scan"]],
    ['tactic:"credential access"', ["brute", "sub"]],
    ["label:escalated", ["brute"]],
    ["label:*", ["brute"]],
    ["sensor:9b6a1c3e*", ["brute"]],
    [`uuid:${brute.summary.uuid.slice(0, 30)}*`, ["brute", "scan", "sub"]],
    [`uuid:${scan.summary.uuid.toUpperCase()}`, ["scan"]],
    ['"failed ssh login"', ["brute"]],
    ["50%_off\\\\deal", ["brute"]],
    ["50%", ["brute"]],
    ["5_%", []],
    ["mimikatz", []],
    ["(ip:10.0.0.0/8 OR dst_ip:192.168.1.5) AND priority >= 70", ["brute"]],
    // Free text finds words and the beginnings of words, punctuation and order as typed.
    ["administ", ["brute"]],
    ["dministrator", []],
    ['"ssh log"', ["brute"]],
    ['"login ssh"', []],
    ["attacker.exam", ["brute"]],
    ["attacker-example", []],
    // Past the word index's cut (100 characters), a run is still found from its start.
    ["x".repeat(60), ["sub"]],
    ["x".repeat(140), ["sub"]],
    [`token=${LONG_RUN}`, ["sub"]],
    // Letters outside a-z separate words; a term of them alone is read by its text.
    ["café", ["sub"]],
    ["é", ["sub"]],
  ])("%s", async (q, expected) => {
    expect(await found(q)).toEqual(expected);
  });

  it("reads free text through the word index", async () => {
    const parsed = parseSearch('"ssh login" admin*');
    if (!parsed.ok) throw new Error(parsed.problem.message);
    const query = database()
      .db.selectFrom("alarms as a")
      .select("a.uuid")
      .where((eb) => compileSearch(parsed.query, eb));
    const plan = await database()
      .db.transaction()
      .execute(async (trx) => {
        // A handful of rows would be read whole; the plan a million would get is asked for.
        await sql`set local enable_seqscan = off`.execute(trx);
        const compiled = query.compile();
        const { rows } = await trx.executeQuery<Record<string, string>>({
          ...compiled,
          sql: `explain ${compiled.sql}`,
        });
        return rows.map((row) => Object.values(row).join(" ")).join("\n");
      });
    expect(plan).toContain("alarm_docs_words");
  });

  it("runs the hostile queries it accepts as plain searches that match nothing", async () => {
    for (const q of ["'; drop table alarms;--", "host:x' OR '1'='1", "label:$1 $$", "%_%"]) {
      expect(await found(q)).toEqual([]);
    }
    const left = await database().db.selectFrom("alarms").select("uuid").execute();
    expect(left).toHaveLength(4);
  });
});
