import { describe, expect, it } from "vitest";
import { searchSql } from "@/test/search-sql";

// The SQL each kind of search becomes over `alarms as a` (PostgreSQL's compiler, no database):
// other tables only through exists subqueries keyed by the alarm, every value a parameter.

const keyed = (table: string, alias: string) =>
  `exists (select 1 as "one" from "${table}" as "${alias}" where "${alias}"."deployment" = "a"."deployment" and "${alias}"."uuid" = "a"."uuid" and `;
const DOCS = keyed("alarm_docs", "d");
const ENTITIES = keyed("alarm_entities", "e");
const ADDRESSES = keyed("alarm_addresses", "x");
const FOUND = (n: number) => `strpos("d"."search_text", $${n}) > 0`;

const SHAPES: [string, string, unknown[]][] = [
  // The word index (its words, the last a prefix), then the exact text of a term that is more
  // than one word (one word, the index finds exactly).
  ["brute", `${DOCS}alarm_words("d"."search_text") @@ $1::tsquery)`, ["'brute':*"]],
  [
    '"brute force" ssh',
    `${DOCS}(alarm_words("d"."search_text") @@ $1::tsquery and ${FOUND(2)}))`,
    ["'brute' & 'force':* & 'ssh':*", "brute force"],
  ],
  [
    "50%_off\\\\",
    `${DOCS}(alarm_words("d"."search_text") @@ $1::tsquery and ${FOUND(2)}))`,
    ["'50' & 'off':*", "50%_off\\"],
  ],
  // No word to look up: the trigram index, through LIKE (its wildcards escaped).
  ["%_\\\\", `${DOCS}"d"."search_text" like $1)`, ["%\\%\\_\\\\%"]],
  // A character outside ASCII: the trigram index of the documents holding one.
  [
    "東京",
    `${DOCS}(octet_length("d"."search_text") <> char_length("d"."search_text") and "d"."search_text" like $1))`,
    ["%東京%"],
  ],
  // A run past the word index's cut: its pieces, cut as the documents' are.
  [
    `${"a".repeat(100)}${"b".repeat(40)}`,
    `${DOCS}(alarm_words("d"."search_text") @@ $1::tsquery and ${FOUND(2)}))`,
    [`'${"a".repeat(100)}' & '${"b".repeat(40)}':*`, `${"a".repeat(100)}${"b".repeat(40)}`],
  ],
  ["188.1.32.78", `${ADDRESSES}"x"."address" = $1::inet)`, ["188.1.32.78"]],
  ["ip:10.0.0.0/8", `${ADDRESSES}"x"."address" <<= $1::cidr)`, ["10.0.0.0/8"]],
  [
    "dst_ip:2001:db8::1",
    `${ADDRESSES}"x"."side" = $1 and "x"."address" = $2::inet)`,
    ["d", "2001:db8::1"],
  ],
  [
    "src_ip:fe80::/10",
    `${ADDRESSES}"x"."side" = $1 and "x"."address" <<= $2::cidr)`,
    ["s", "fe80::/10"],
  ],
  ["host:Web-01", `${ENTITIES}"e"."kind" = $1 and "e"."value" = $2)`, ["host", "web-01"]],
  [
    "source_username:adm*",
    `${ENTITIES}"e"."kind" = $1 and "e"."side" = $2 and "e"."value" like $3)`,
    ["user", "s", "adm%"],
  ],
  ["user:*", `${ENTITIES}"e"."kind" = $1)`, ["user"]],
  ["status:in_review", `"a"."status" = $1`, ["in_review"]],
  ["status:*", `"a"."status" is not null`, []],
  ["priority >= 70", `"a"."priority" >= $1`, [70]],
  ["priority:40", `"a"."priority" = $1`, [40]],
  ["priority:high", `lower("a"."priority_label") = $1`, ["high"]],
  ['strategy:"Brute Force"', `lower("a"."rule_strategy") = $1`, ["brute force"]],
  ["method:ssh*", `lower("a"."rule_method") like $1`, ["ssh%"]],
  ["intent:*", `"a"."rule_intent" is not null`, []],
  ["sensor:9B6A*", `lower("a"."sensor") like $1`, ["9b6a%"]],
  [
    "technique:T1110",
    `(lower("a"."attack_id") = $1 or lower("a"."attack_technique") = $2 or lower("a"."attack_id") like $3)`,
    ["t1110", "t1110", "t1110.%"],
  ],
  [
    'technique:"Brute Force"',
    `(lower("a"."attack_id") = $1 or lower("a"."attack_technique") = $2)`,
    ["brute force", "brute force"],
  ],
  [
    'tactic:"Credential Access"',
    `exists (select 1 from unnest("a"."attack_tactics") as t(v) where lower(t.v) = $1)`,
    ["credential access"],
  ],
  [
    "label:esc*",
    `exists (select 1 from unnest("a"."labels") as t(v) where lower(t.v) like $1)`,
    ["esc%"],
  ],
  ["label:*", `cardinality("a"."labels") > 0`, []],
  ["uuid:3f2a*", `cast("a"."uuid" as text) like $1`, ["3f2a%"]],
  [
    "uuid:3F2A9C1E-0000-4000-8000-000000000001",
    `"a"."uuid" = $1`,
    ["3f2a9c1e-0000-4000-8000-000000000001"],
  ],
  [
    "NOT status:open OR priority < 30",
    `(not coalesce("a"."status" = $1, false) or "a"."priority" < $2)`,
    ["open", 30],
  ],
  [
    "ssh ip:10.0.0.0/8 brute",
    `(${DOCS}alarm_words("d"."search_text") @@ $1::tsquery) and ${ADDRESSES}"x"."address" <<= $2::cidr))`,
    ["'ssh':* & 'brute':*", "10.0.0.0/8"],
  ],
];

describe("compileSearch", () => {
  it.each(SHAPES)("%s", (q, where, parameters) => {
    expect(searchSql(q)).toEqual({ where, parameters });
  });

  it("looks a prefix up as the words it begins, when they are known", () => {
    const words = new Map([
      ["brute", ["brute", "brutes"]],
      ["ssh", []],
    ]);
    expect(searchSql("brute", { words }).parameters).toEqual(["('brute' | 'brutes')"]);
    expect(searchSql("ssh brute", { words }).parameters).toEqual(["'ssh' & ('brute' | 'brutes')"]);
    expect(searchSql("force", { words }).parameters).toEqual(["'force':*"]);
  });

  it("tests the filters every match meets on the document, and walks with a per-row probe", () => {
    const mirrored = [
      { column: "status", op: "=", value: "open" },
      { column: "priority", op: ">=", value: 50 },
    ] as const;
    const onDocument = searchSql("brute priority >= 50", {
      mirrored: [...mirrored],
      mirroredOnDocument: true,
    });
    // The tree's own priority term is not tested again on the alarm.
    expect(onDocument).toEqual({
      where: `${DOCS}("d"."status" = $1 and "d"."priority" >= $2 and alarm_words("d"."search_text") @@ $3::tsquery))`,
      parameters: ["open", 50, "'brute':*"],
    });
    const walked = searchSql("brute priority >= 50", { mirrored: [...mirrored], perRow: true });
    expect(walked).toEqual({
      where: `(${DOCS}("d"."status" = $1 and "d"."priority" >= $2 and alarm_words("d"."search_text") @@ $3::tsquery and ${FOUND(4)}) offset $5) and "a"."priority" >= $6)`,
      parameters: ["open", 50, "'brute':*", "brute", 0, 50],
    });
    // Under OR the tree's terms are not every match's: they stay on the alarm.
    expect(
      searchSql("brute OR priority >= 50", { mirrored: [], mirroredOnDocument: true }).where,
    ).toContain('"a"."priority" >= $2');
  });

  it("names the deployments read in each side table's lookup", () => {
    const deployments = ["acme", "globex"];
    // keyed(), with the two deployments as parameters $n and $n+1 after the alarm's key.
    const keyedIn = (table: string, alias: string, n: number) =>
      keyed(table, alias).replace(
        `"a"."deployment" and `,
        `"a"."deployment" and "${alias}"."deployment" in ($${n}, $${n + 1}) and `,
      );
    expect(searchSql("user:alice 10.1.2.3 brute", { deployments })).toEqual({
      where: `(${keyedIn("alarm_docs", "d", 1)}alarm_words("d"."search_text") @@ $3::tsquery) and ${keyedIn("alarm_entities", "e", 4)}"e"."kind" = $6 and "e"."value" = $7) and ${keyedIn("alarm_addresses", "x", 8)}"x"."address" = $10::inet))`,
      parameters: [
        ...[...deployments, "'brute':*"],
        ...[...deployments, "user", "alice"],
        ...[...deployments, "10.1.2.3"],
      ],
    });
  });

  it("asks the document probe for the alarms whose notes hold free text, by key beside its words", () => {
    const uuid = "0b7e1c52-2f7c-4c5e-9a4f-7a9e2b1c3d4e";
    const notes = new Map([["inc-4711", new Map([["acme", [uuid]]])]]);
    // A term no note holds compiles as before; one some notes hold is either in the text or keyed.
    expect(searchSql("brute", { notes })).toEqual(searchSql("brute"));
    expect(searchSql("brute INC-4711", { notes })).toEqual({
      where: `${DOCS}(alarm_words("d"."search_text") @@ $1::tsquery and ((alarm_words("d"."search_text") @@ $2::tsquery and ${FOUND(3)}) or ("d"."deployment" = $4 and d.uuid = any($5::uuid[])))))`,
      parameters: ["'brute':*", "'inc' & '4711':*", "inc-4711", "acme", [uuid]],
    });
    // Too many to name: the notes are read for each candidate, the text a parameter.
    const many = searchSql("INC-4711", { notes: new Map([["inc-4711", "many"]]) });
    expect(many.where).toContain("strpos(lower(n.text), $3) > 0");
    expect(many.parameters).toEqual(["'inc' & '4711':*", "inc-4711", "inc-4711"]);
  });

  it("reads the team's verdicts and notes through the triage tables, every value a parameter", () => {
    const triaged = (test: string) =>
      `exists (\n    select 1 from triage_alarms t\n    where t.deployment = a.deployment and t.uuid = a.uuid and ${test})`;
    expect(searchSql("verdict:false_positive").where).toBe(
      triaged("t.closed_at is not null and t.verdict = $1"),
    );
    expect(searchSql("closed:false").where).toBe(`not ${triaged("t.closed_at is not null")}`);
    expect(searchSql("closed_at >= 2026-11-29T00:00+01:00")).toEqual({
      where: triaged("t.closed_at is not null and t.closed_at >= $1"),
      parameters: [Date.UTC(2026, 10, 28, 23)],
    });
    expect(searchSql("closed_by:ali*").parameters).toEqual(["ali%"]);
    expect(searchSql('note:"It\'s INC-4711; --"').parameters).toEqual(["it's inc-4711; --"]);
  });

  it("sends what the analyst typed only as parameters", () => {
    const typed = [
      "host:x' OR '1'='1",
      `user:"admin'--" label:"$$ drop $$"`,
      "strategy:'; drop table alarms;-- OR tactic:x\\)",
      'technique:") or true or ("',
      'sensor:a\\"b uuid:0123abcd*',
      `note:"'; drop table triage_notes;--" closed_by:x' OR '1'='1`,
      "verdict:benign closed_at < 2026-01-01T00:00:00.5-05:00 '--",
    ];
    for (const q of typed) {
      const { where, parameters } = searchSql(q);
      expect(where).not.toMatch(/[';]|\$\$|--/);
      expect(parameters.length).toBeGreaterThan(0);
    }
    expect(searchSql("host:x' OR '1'='1").parameters).toEqual([
      "host",
      "x'",
      "'1' & '1':*",
      "'1'='1",
    ]);
  });
});
