// The index bench's corpus: a million alarms shaped like the simulator's (its rules, their
// events and log lines), with the spread of indicators a SOC sees: a few thousand internal
// hosts and users, tens of thousands of external addresses, a handful seen very often and most
// seen rarely. Deterministic (a seed), so two runs search the same index.
import type { IndexedAlarm } from "@/lib/server/mirror/ingest";
import type { AlarmSummary } from "../lib/shared/alarms/types";
import { RULES } from "../simulator/taxonomy";

export const DEPLOYMENTS = ["acme", "globex"] as const;
const DAY = 24 * 3600_000;

/** mulberry32: small, fast and good enough for a corpus. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A skewed pick from 0..n-1: low indexes far more often (a few indicators are everywhere). */
const skewed = (rand: () => number, n: number) => Math.floor(n * Math.pow(rand(), 3));

export function internalAddress(i: number): string {
  return `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;
}
export function externalAddress(i: number): string {
  return `${45 + (i % 150)}.${(i >> 8) & 255}.${(i * 7) & 255}.${(i * 13) & 255}`;
}
export const hostName = (i: number) => `host-${i.toString(36).padStart(4, "0")}`;
export const userName = (i: number) => `user${i}`;

const HOSTS = 4_000;
const USERS = 3_000;
const EXTERNAL = 60_000;

const endpoint = (address: string, name: string | null) => ({
  address,
  hostname: name,
  fqdn: name ? `${name}.corp.example` : null,
  name,
  canonical: null,
  country: name ? null : "NL",
  organisation: null,
  assetId: null,
  eventCount: 1,
});

/** Alarms `from` to `to` (exclusive) of the corpus, newest (index 0) first, `now` the newest. */
export function corpusAlarms(from: number, to: number, now: number, days = 90): IndexedAlarm[] {
  const weights = RULES.map((rule) => rule.weight);
  const total = weights.reduce((a, b) => a + b, 0);
  const step = (days * DAY) / 1_000_000;
  const alarms: IndexedAlarm[] = [];
  for (let i = from; i < to; i++) {
    const rand = random(i * 2654435761);
    let pick = rand() * total;
    const rule = RULES.find((_, at) => (pick -= weights[at]!) < 0) ?? RULES[0]!;
    const host = skewed(rand, HOSTS);
    const user = skewed(rand, USERS);
    const external = skewed(rand, EXTERNAL);
    const inbound = rule.direction !== "outbound";
    const inside = endpoint(internalAddress(host), hostName(host));
    const outside = endpoint(externalAddress(external), null);
    const priority = Math.max(0, Math.min(100, rule.priority + Math.round((rand() - 0.5) * 30)));
    const status = (["open", "in_review", "closed"] as const)[Math.floor(rand() * 3)]!;
    const occurredAt = Math.round(now - i * step - rand() * step);
    const summary: AlarmSummary = {
      uuid: uuidOf(i),
      deployment: DEPLOYMENTS[i % DEPLOYMENTS.length]!,
      status,
      priority,
      priorityLabel: priority >= 70 ? "high" : priority >= 40 ? "medium" : "low",
      suppressed: rand() < rule.suppressRate,
      rule: {
        id: rule.id,
        intent: rule.intent,
        strategy: rule.strategy,
        method: rule.method,
        dictionary: rule.dictionary,
        attackId: rule.attackId,
        attackTechnique: rule.technique,
        attackTactics: [...rule.tactics],
      },
      occurredAt,
      receivedAt: occurredAt + Math.round(rand() * 120_000),
      sources: [inbound ? outside : inside],
      destinations: [inbound ? inside : outside],
      sourceUsername: rule.user ? userName(user) : null,
      destinationUsername: null,
      eventsShown: 10,
      eventsTotal: 10 + Math.floor(rand() * 1000),
      labels: rand() < 0.05 ? ["vip"] : [],
      sensorUuid: `5e4a0000-0000-4000-8000-${(i % 7).toString(16).padStart(12, "0")}`,
      sensorSources: [],
    };
    const log = rule.event.log
      .replace("{host}", hostName(host))
      .replace("{user}", userName(user))
      .replace("{src}", outside.address);
    alarms.push({
      summary,
      eventNames: [rule.event.name],
      rawText: `${rule.event.category} ${rule.event.subcategory} ${rule.event.plugin} ${log}`,
    });
  }
  return alarms;
}

export function uuidOf(i: number): string {
  const hex = i.toString(16).padStart(12, "0");
  return `b0000000-0000-4000-8000-${hex}`;
}
