import { sql, type Expression, type SqlBool } from "kysely";
import { beforeEach, expect, it } from "vitest";
import { describeEachEngine } from "@/test/index-db";
import { endpoint, indexedAlarm } from "@/test/indexed-alarm";
import type { AlarmSummary } from "@/lib/shared/alarms/types";
import { ingestAlarms, type IndexedAlarm } from "@/lib/server/mirror/ingest";
import type { AlarmFilters } from "@/lib/shared/alarms/query";
import { whereOf } from "@/lib/server/search/search-where";
import { compileSearch, type SearchScope } from "@/lib/server/search/query-language/compile";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { expandPrefixes, MAX_EXPANSIONS, textWords } from "@/lib/server/mirror/words";

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
    { rawText: `token=${LONG_RUN} café from 東京 -> x` },
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

  /** What `q` finds in acme, with the list's `filters`: compiled alone, and as a page reads it. */
  async function found(q: string, filters: AlarmFilters = {}): Promise<string[]> {
    const parsed = parseSearch(q);
    if (!parsed.ok) throw new Error(`${q}: ${parsed.problem.message}`);
    const { db } = database();
    const run = async (condition: (eb: SearchScope) => Expression<SqlBool>) => {
      const rows = await db
        .selectFrom("alarms as a")
        .select(sql<string>`a.uuid::text`.as("uuid"))
        .where(condition)
        .execute();
      return rows.map((row) => NAMES.get(row.uuid) ?? row.uuid).sort();
    };
    const where = { allowed: ["acme"], deployments: ["acme"], search: parsed.query, filters };
    // Prefixes as prefixes, the filters on the alarm alone...
    const plain = await run((eb) => whereOf(eb, where));
    // ...and as a page reads it: prefixes as the words they begin, the filters on the document too.
    const words = await expandPrefixes(db, parsed.query);
    const read = await run((eb) => whereOf(eb, { ...where, words }));
    expect(read).toEqual(plain);
    return plain;
  }

  it.each([
    ["188.1.32.78", ["brute"]],
    ["src_ip:188.1.32.78", ["brute"]],
    ["dst_ip:188.1.32.78", []],
    ["src_ip:*", ["brute", "scan"]],
    ["NOT src_ip:*", ["sub"]],
    ["ip:* AND NOT dst_ip:*", []],
    ["priority:* AND NOT priority:high", ["scan", "sub"]],
    ["NOT priority:*", []],
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
    ["東京", ["sub"]],
    ["京", ["sub"]],
    ["大阪", []],
    ['"->"', ["sub"]],
    // The run's pieces (100 characters, then the rest) from its start, not from inside it.
    [`token=${"x".repeat(120)}`, ["sub"]],
    ["x".repeat(149), ["sub"]],
    [`${"x".repeat(100)}tail`, []],
  ])("%s", async (q, expected) => {
    expect(await found(q)).toEqual(expected);
  });

  it("applies the list's filters and the query's top-level ones to free text alike", async () => {
    expect(await found("failed", { status: ["open"] })).toEqual(["brute"]);
    expect(await found("failed", { status: ["closed"] })).toEqual([]);
    expect(await found("failed priority >= 81")).toEqual([]);
    expect(await found("failed priority >= 80 status:open")).toEqual(["brute"]);
    expect(await found("NOT failed", { status: ["in_review"] })).toEqual(["scan"]);
    expect(await found("failed OR nmap", { status: ["in_review"] })).toEqual(["scan"]);
    const day = {
      timestamp_occured_gte: 1_764_000_000_000,
      timestamp_occured_lte: 1_764_000_000_000,
    };
    expect(await found("failed", day)).toEqual(["brute"]);
    expect(await found("failed", { ...day, timestamp_occured_gte: 1_764_000_000_001 })).toEqual([]);
  });

  it("follows an alarm whose status and priority change upstream", async () => {
    const { db } = database();
    const closed = {
      ...brute,
      summary: { ...brute.summary, status: "closed" as const, priority: 20 },
    };
    await ingestAlarms(db, "acme", [closed], 2);
    expect(await found("failed", { status: ["open"] })).toEqual([]);
    expect(await found("failed", { status: ["closed"] })).toEqual(["brute"]);
    expect(await found("failed priority < 30")).toEqual(["brute"]);
  });

  it("finds the alarms without a status by status:none and the status filter's none", async () => {
    const bare = indexedAlarm({ status: null }, { eventNames: ["Failed VPN login"] });
    NAMES.set(bare.summary.uuid, "bare");
    await ingestAlarms(database().db, "acme", [bare], 1);
    expect(await found("status:none")).toEqual(["bare"]);
    expect(await found("status:(none OR closed)")).toEqual(["bare", "sub"]);
    expect(await found("NOT status:none")).toEqual(["brute", "scan", "sub"]);
    // The list's filter, alone and with a status, with free text (tested on its document) or not.
    for (const q of ["failed", "uuid:0*"]) {
      expect(await found(q, { status: ["none"] })).toEqual(["bare"]);
      expect(await found(q, { status: ["open", "none"] })).toEqual(["bare", "brute"]);
    }
  });

  it("looks a prefix up as the words it begins, or as a prefix when it begins too many", async () => {
    const { db } = database();
    const many = Array.from({ length: MAX_EXPANSIONS + 5 }, (_, n) =>
      indexedAlarm({}, { rawText: `zq${String(n).padStart(3, "0")}` }),
    );
    await ingestAlarms(db, "acme", many, 1);
    const expanded = async (q: string) => {
      const parsed = parseSearch(q);
      if (!parsed.ok) throw new Error(parsed.problem.message);
      return Object.fromEntries(await expandPrefixes(db, parsed.query));
    };
    expect(await expanded("zq00 zq9")).toEqual({
      zq00: [
        "zq000",
        "zq001",
        "zq002",
        "zq003",
        "zq004",
        "zq005",
        "zq006",
        "zq007",
        "zq008",
        "zq009",
      ],
      zq9: [],
    });
    // Past MAX_EXPANSIONS the prefix is left to the word index as a prefix: still every match.
    expect(await expanded("zq")).toEqual({});
    expect(await found("zq")).toHaveLength(MAX_EXPANSIONS + 5);
    expect(await found("zq00")).toHaveLength(10);
    expect(await found("zq9")).toEqual([]);
  });

  it("splits a text into the same words as the word index does", async () => {
    const texts = [
      "brute force \u0001 user9 \u0001 176.0.149.167 host-02h7.corp.example",
      `token=${"ab1".repeat(70)} café naïve ÉCOLE 東京 x_y--z`,
      `${"x".repeat(100)}${"y".repeat(100)}z ${"9".repeat(250)}`,
      '{"eventname":"consolelogin","k":[1,2.5e3]}',
      "",
    ];
    for (const text of texts) {
      const { rows } = await sql<{ word: string }>`
        select unnest(tsvector_to_array(alarm_words(${text}))) as word`.execute(database().db);
      const indexed = rows.map((row) => row.word).sort();
      expect([...new Set(textWords(text))].sort()).toEqual(indexed);
    }
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
