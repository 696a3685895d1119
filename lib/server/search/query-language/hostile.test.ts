import { describe, expect, it } from "vitest";
import { searchSql } from "@/test/search-sql";
import { parseSearch } from "@/lib/server/search/query-language/parse";

// Queries written to hurt: SQL injection, huge and deep inputs, regex bombs, odd Unicode. Each
// must be read into a tree or refused with a problem, never throw; a tree must compile to SQL
// that carries none of the typed text (no string literal, no statement break, no comment).

const HOSTILE: string[] = [
  "'; drop table alarms;--",
  "host:x' OR '1'='1",
  '" OR 1=1 --',
  "user:admin'--",
  "1; select pg_sleep(10)",
  "ip:10.0.0.1'::inet; drop table alarms",
  "technique:') or true or ('",
  "label:$1 $$ drop $$",
  "status:open) OR (1=1",
  "\\' OR 1=1",
  "%_%",
  "host:%",
  "uuid:' OR ''='",
  "a".repeat(10_000),
  `${"(".repeat(200)}a${")".repeat(200)}`,
  "(".repeat(200),
  ")".repeat(200),
  `${"!".repeat(999)}a`,
  `${"NOT ".repeat(200)}a`,
  '"'.repeat(999),
  "\\".repeat(999),
  "*".repeat(999),
  "(a+)+$",
  "(a|aa)+",
  "^(([a-z])+.)+[A-Z]([a-z])+$",
  "(.*a){20}",
  "\u0000",
  "a\u0000' OR 1=1",
  "\u202Eevil\u202C",
  "\u200F",
  "\uFEFFadmin",
  "𝕒𝕕𝕞𝕚𝕟",
  "ｕｓｅｒ:admin",
  "user:İstanbul",
  "host:e\u0301",
  "\ud800",
  "\udfff host:x",
  "\u00a0host:x\u3000",
  `ip:${"1".repeat(900)}`,
  `host:${"*".repeat(50)}`,
  ":::::::",
  "::",
  "ip:::",
  "ip::::1:::",
  "x ".repeat(500),
  "a AND ".repeat(150),
  "host:(".repeat(50),
  `priority >= ${"9".repeat(500)}`,
  "priority:-1",
  "priority:0x10",
  "src_ip:1.2.3.4/-1",
  "ip:1.2.3.4/08",
  "dst_ip:[::1]",
  "host:\\",
  'host:"\\',
  "\r\n\t",
  `note:"'; drop table triage_notes;--"`,
  "closed_by:x' OR '1'='1",
  "verdict:'--",
  "closed:1=1",
  "closed_at >= 2026-11-29'; drop table alarms;--",
  "closed_at >= 2026-02-30",
  "closed_at:(>= 2026-11-29 AND < 2026-11-30')",
  "closed_at >= 99999-01-01",
  "closed_at >= 2026-11-29T25:00Z",
  `INC-4711' OR 1=1 --`,
];

/** A seeded generator (mulberry32): the same queries on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  "(",
  ")",
  '"',
  "'",
  "\\",
  "*",
  ":",
  "-",
  "!",
  " ",
  " ",
  "AND",
  "OR",
  "NOT",
  "&&",
  "||",
  "host:",
  "ip:",
  "src_ip:",
  "priority",
  ">=",
  "<",
  "status:",
  "uuid:",
  "10.0.0.1",
  "/8",
  "::",
  "fe80",
  "2001:db8",
  "x",
  "admin",
  "%",
  "_",
  ";",
  "--",
  "é",
  "\u202E",
  "𝕒",
  "\u0000",
  "T1110",
  "*:*",
  "note:",
  "verdict:",
  "closed:",
  "closed_by:",
  "closed_at",
  "2026-11-29T00:00+01:00",
];

function expectSafe(q: string): void {
  let parsed: ReturnType<typeof parseSearch> | undefined;
  expect(() => (parsed = parseSearch(q))).not.toThrow();
  if (!parsed?.ok) {
    // Every refusal says what is wrong, never only the grammar's generic "cannot read here".
    expect(parsed?.problem.message).not.toMatch(/^Cannot read the query here/);
    expect(parsed?.problem.position).toBeGreaterThanOrEqual(0);
    expect(parsed?.problem.position).toBeLessThanOrEqual(q.length);
    return;
  }
  const { where } = searchSql(q);
  expect(where).not.toMatch(/[';]|\$\$|--|\/\*/);
}

describe("hostile queries", () => {
  it.each(HOSTILE.map((q) => [JSON.stringify(q).slice(0, 60), q]))("%s", (_, q) => {
    expectSafe(q);
  });

  it("refuse the huge, the deep and the invisible with a problem", () => {
    const refused = (q: string) => parseSearch(q).ok === false;
    expect(refused("a".repeat(10_000))).toBe(true);
    expect(refused(`${"(".repeat(200)}a${")".repeat(200)}`)).toBe(true);
    expect(refused(`${"!".repeat(999)}a`)).toBe(true);
    expect(refused("a\u0000' OR 1=1")).toBe(true);
    expect(refused("\u202Eevil\u202C")).toBe(true);
    expect(refused("\ud800")).toBe(true);
  });

  it("read injection attempts as plain values", () => {
    expect(parseSearch("host:x' OR '1'='1")).toMatchObject({
      ok: true,
      query: { type: "or", children: [{ field: "host", value: "x'" }, { value: "'1'='1" }] },
    });
  });

  it("survive 3,000 random queries built from the language's sharp edges", () => {
    const next = random(21);
    for (let n = 0; n < 3000; n++) {
      const length = 1 + Math.floor(next() * 24);
      const q = Array.from({ length }, () => PIECES[Math.floor(next() * PIECES.length)]).join("");
      expectSafe(q);
    }
  });
});
