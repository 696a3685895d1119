// Random alarms and searches for the search's property test (lib/server/search/
// search-truth.test.ts): words with 50 and 51 completions, runs past the word index's cut,
// Unicode, hyphens and digits; nested AND, OR and NOT with status and priority; list filters.
import type { AlarmFilters, AlarmStatus } from "@/lib/shared/alarms/query";
import type { IndexedAlarm } from "@/lib/server/mirror/ingest";
import { Rng } from "@/simulator/prng";
import { endpoint, indexedAlarm } from "./indexed-alarm";

/** A seeded generator of floats in [0, 1): the simulator's mulberry32. */
export function rng(seed: number): () => number {
  const generator = new Rng(seed);
  return () => generator.float();
}

export const T = 1_764_000_000_000;
const pad = (n: number) => String(n).padStart(2, "0");
const FAMILY_A = Array.from({ length: 50 }, (_, i) => `pfxa${pad(i)}`);
const FAMILY_B = Array.from({ length: 51 }, (_, i) => `pfxb${pad(i)}`);
const VOCAB = [
  "logon",
  "logoff",
  "login",
  "failed",
  "success",
  "host-00",
  "host-01",
  "a-b",
  "admin",
  "powershell",
  "cmd.exe",
  "00",
  "007",
  "2024",
  "y".repeat(100),
  `${"y".repeat(100)}zz`,
  `${"q".repeat(150)}tail`,
  `${"w".repeat(99)}v`,
  "café",
  "İstanbul",
  "naïve",
  "日本語",
  "straße",
  "LOGON",
  "x1",
  ...FAMILY_A,
  ...FAMILY_B,
];
export const DEPLOYMENTS = ["acme", "beta", "zeta"];
export const STATUS: (AlarmStatus | null)[] = ["open", "in_review", "closed", null];

export function corpus(r: () => number, n: number): IndexedAlarm[] {
  const pick = <X>(xs: readonly X[]) => xs[Math.floor(r() * xs.length)]!;
  return Array.from({ length: n }, () => {
    const words = Array.from({ length: 1 + Math.floor(r() * 5) }, () => pick(VOCAB));
    return indexedAlarm(
      {
        deployment: pick(DEPLOYMENTS),
        status: pick(STATUS),
        priority: Math.floor(r() * 101),
        priorityLabel: pick(["low", "medium", "high", null] as const),
        occurredAt: r() < 0.03 ? null : T - Math.floor(r() * 300) * 1000,
        rule: { strategy: r() < 0.5 ? "Brute" : "Scan", method: null, intent: null },
        sourceUsername: r() < 0.3 ? pick(["alice", "Alan", "bob"]) : null,
        sources:
          r() < 0.3
            ? [
                endpoint({
                  address: pick(["10.1.2.3", "192.0.2.7"]),
                  hostname: pick(["WEB-01", "db"]),
                }),
              ]
            : [],
        labels: r() < 0.2 ? ["escalated"] : [],
      },
      { rawText: words.join(r() < 0.5 ? " " : "/") },
    );
  });
}

function quoteIfNeeded(word: string): string {
  return /^[a-z0-9]+$/i.test(word) ? word : `"${word}"`;
}

function textTerm(r: () => number): string {
  const word = VOCAB[Math.floor(r() * VOCAB.length)]!;
  const roll = r();
  if (roll < 0.3) return quoteIfNeeded(word);
  if (roll < 0.7) {
    const cut = word.slice(0, 1 + Math.floor(r() * word.length));
    return /^[a-z0-9]+$/.test(cut) ? `${cut}${r() < 0.5 ? "*" : ""}` : `"${cut}"`;
  }
  if (roll < 0.8)
    return [
      "pfxa",
      "pfxb",
      "pfx",
      "pfxa0",
      "pfxb5",
      "log",
      "host-0*",
      "a-b",
      "cmd.ex*",
      "user:alice",
      "user:al*",
      "host:web-01",
      "10.0.0.0/8",
      "label:esc*",
      "HOST-00",
      `${"y".repeat(100)}*`,
      `${"y".repeat(101)}`,
      `"${"q".repeat(100)}"`,
      "qqqq*",
      '"İstanbul"',
      "stanbul",
      "caf",
      '"café"',
      '"日本"',
    ][Math.floor(r() * 24)]!;
  const other = VOCAB[Math.floor(r() * VOCAB.length)]!;
  return `"${word} ${other.slice(0, 3)}"`;
}

function term(r: () => number, depth: number): string {
  const roll = r();
  if (depth > 2 || roll < 0.4) return textTerm(r);
  if (roll < 0.5) return `status:${["open", "closed", "in_review", "*"][Math.floor(r() * 4)]}`;
  if (roll < 0.58)
    return `priority${[">=", "<", ":", ">"][Math.floor(r() * 4)]}${Math.floor(r() * 100)}`;
  if (roll < 0.62) return `priority:${["high", "low", "medium"][Math.floor(r() * 3)]}`;
  if (roll < 0.72) return `NOT ${term(r, depth + 1)}`;
  if (roll < 0.84) return `(${term(r, depth + 1)} OR ${term(r, depth + 1)})`;
  return `(${term(r, depth + 1)} ${term(r, depth + 1)})`;
}

export function query(r: () => number): string {
  const n = 1 + Math.floor(r() * 3);
  return Array.from({ length: n }, () => term(r, 0)).join(" ");
}

export function filters(r: () => number): AlarmFilters {
  const f: AlarmFilters = {};
  // One status, or two of them (several values of a filter: any of them).
  if (r() < 0.4) {
    const statuses = ["open", "closed", "in_review"] as const;
    const one = statuses[Math.floor(r() * 3)]!;
    const other = statuses[Math.floor(r() * 3)]!;
    f.status = r() < 0.5 || one === other ? [one] : [one, other];
  }
  if (r() < 0.3) f.timestamp_occured_gte = T - Math.floor(r() * 300) * 1000;
  if (r() < 0.3) f.timestamp_occured_lte = T - Math.floor(r() * 300) * 1000;
  if (r() < 0.15) f.priority_label = r() < 0.5 ? ["high"] : ["high", "low"];
  return f;
}
