import { describe, expect, it } from "vitest";
import { parseSearch } from "@/lib/server/search/query-language/parse";

// Queries that cannot be read: each gets a message the page shows under the box, and the place
// of the problem (a 0-based offset into q) it points at.

const deep = (levels: number) => `${"(".repeat(levels)}a${")".repeat(levels)}`;
const terms = (count: number) => Array.from({ length: count }, (_, i) => `t${i}`).join(" ");

const BAD: [string, string, number][] = [
  ["foo:bar", "Unknown field 'foo': the fields are ip, src_ip, dst_ip, host, user,", 0],
  ["brute AND foo:bar", "Unknown field 'foo'", 10],
  ["http://evil.example", "Unknown field 'http'", 0],
  ["(a OR b", "This '(' is never closed", 0],
  ["a (b OR (c)", "This '(' is never closed", 2],
  ["a)", "This ')' closes nothing", 1],
  ['host:web "brute', "This quote is never closed", 9],
  ["a AND", "'AND' needs a term after it", 2],
  ["a || ", "'||' needs a term after it", 2],
  ["(a OR)", "'OR' needs a term after it", 3],
  ["NOT", "'NOT' needs a term after it", 0],
  ["a !", "'!' needs a term after it", 2],
  ["OR b", "'OR' needs a term before it", 0],
  ["()", "Empty parentheses", 0],
  ["host:", "A field needs a value after its ':'", 5],
  ["host: AND x", "A field needs a value after its ':'", 6],
  [
    "ip:10.0.0.256",
    "ip takes an IP address or CIDR range (ip:10.0.0.0/8), or *; '10.0.0.256' is not one",
    3,
  ],
  ["ip:10.0.0.0/33", "'10.0.0.0/33' is not one", 3],
  ["ip:2001:db8:::1", "'2001:db8:::1' is not one", 3],
  ["ip:fe80::1/129", "is not one", 3],
  ["src_ip:web-01", "src_ip takes an IP address or CIDR range", 7],
  ["ip:10.0.0.1*", "is not one", 3],
  ["status:pending", "status is one of open, in_review, closed, none; 'pending' is not", 7],
  ["status:op*", "status is one of", 7],
  [
    "priority:urgent",
    "priority takes a number from 0 to 100, a label (critical, high, medium, low) or *; 'urgent' is none of them",
    9,
  ],
  ["priority >= high", "priority >= takes a number from 0 to 100; 'high' is not one", 12],
  ["priority:101", "priority takes a number", 9],
  ["priority:7.5", "priority takes a number", 9],
  ["priority:>=", "'>=' needs a value after it", 9],
  ["priority >", "'priority >' needs a value after it", 0],
  ["host >= 5", "Only priority and closed_at compare; host cannot", 8],
  ["event_name:>3", "Only priority and closed_at compare", 12],
  ["uuid:not-a-uuid", "uuid takes an alarm's id", 5],
  ["closed_at >= 2026-02-30", "closed_at >= takes a date or a time", 13],
  ["closed_at >= today", "closed_at >= takes a date or a time", 13],
  ["closed_at:2026-11-29", "closed_at is compared with a time", 10],
  ["verdict:maybe", "verdict is one of true_positive, false_positive, benign, duplicate", 8],
  ["closed:yes", "closed is one of true, false", 7],
  ["uuid:*", "Every alarm has a uuid", 5],
  ["a*b", "A * may only end a term", 1],
  ["host:we*b", "A * may only end a term", 7],
  ["*", "A lone * matches everything", 0],
  ['""', "Empty quotes", 0],
  ['label:""', "label needs a value", 6],
  ["host:(a OR user:b)", "Only values go inside a field's parentheses; 'user' names a field", 11],
  ["", "The query is empty", 0],
  ["   ", "The query is empty", 0],
  ["x".repeat(1001), "The query is too long: 1,001 characters, at most 1,000", 1000],
  [deep(17), "Nested too deeply: at most 16 levels of parentheses and NOT", 16],
  [`${"NOT ".repeat(17)}a`, "Nested too deeply", 64],
  [`host:${deep(17)}`, "Nested too deeply", 21],
  [terms(65), "Too many terms: at most 64", terms(64).length + 1],
  [`label:(${terms(65)})`, "Too many terms", 7 + terms(64).length + 1],
  ["a\u0000b", "A control character (U+0000) cannot be searched for", 1],
  ["a\u001bb", "A control character (U+001B)", 1],
  ["evil\u202Egnp.exe", "An invisible formatting character (U+202E)", 4],
  ["\u200Fadmin", "An invisible formatting character (U+200F)", 0],
  ["ad\u200Bmin", "(U+200B)", 2],
  ["a\ud800b", "A broken character", 1],
];

describe("parseSearch says what it cannot read, and where", () => {
  it.each(BAD)("%j", (q, message, position) => {
    const parsed = parseSearch(q);
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.problem.message).toContain(message);
    expect(parsed.problem.position).toBe(position);
  });

  it("points into q for every problem", () => {
    for (const [q] of BAD) {
      const parsed = parseSearch(q);
      if (!parsed.ok) expect(parsed.problem.position).toBeLessThanOrEqual(q.length);
    }
  });
});
