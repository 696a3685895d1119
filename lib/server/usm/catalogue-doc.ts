import "server-only";
import { isAlarmUuid, isFilterText } from "@/lib/shared/alarms/query";
import type { AlarmCatalogue } from "@/lib/shared/alarms/types";

// The catalogue's stored document and its arithmetic (./catalogue.ts keeps and shares it): one
// JSON document per deployment, each field a list of [value, count] pairs in the order first seen.
// "pairs" holds which method each strategy was seen with (a method's suggestions narrow to those of
// the strategy chosen), each as the strategy and the method joined by PAIR_JOIN.

export const CATALOGUE_FIELDS = ["intents", "strategies", "methods", "sensors", "pairs"] as const;
export type CatalogueField = (typeof CATALOGUE_FIELDS)[number];

export type Counts = Map<string, number>;
export type Fields = Record<CatalogueField, Counts>;

export interface Doc {
  seeded: boolean;
  fields: Fields;
}

export const emptyFields = (): Fields => ({
  intents: new Map(),
  strategies: new Map(),
  methods: new Map(),
  sensors: new Map(),
  pairs: new Map(),
});

/** Between a strategy and a method in "pairs": a control character, which no filter text holds. */
export const PAIR_JOIN = "\u0000";

/** A strategy and a method as one value of "pairs", or null when either is missing. */
export function pairOf(strategy: string | null, method: string | null): string | null {
  return strategy !== null && method !== null ? `${strategy}${PAIR_JOIN}${method}` : null;
}

export function isValid(field: CatalogueField, value: string): boolean {
  if (field === "sensors") return isAlarmUuid(value);
  if (field !== "pairs") return isFilterText(value);
  const parts = value.split(PAIR_JOIN);
  return parts.length === 2 && parts.every(isFilterText);
}

/** The stored document, tolerantly: what is not a valid value is left out, the rest kept. */
const MAX_DOC_CHARS = 4_000_000;

export function parseDoc(text: string | null, maxValues: number): Doc {
  const doc: Doc = { seeded: false, fields: emptyFields() };
  // Far beyond what a full catalogue needs (about 2 MB): a poisoned document is not parsed.
  if (text === null || text.length > MAX_DOC_CHARS) return doc;
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return doc;
  }
  if (typeof json !== "object" || json === null) return doc;
  const record = json as Record<string, unknown>;
  doc.seeded = record.seeded === true;
  for (const field of CATALOGUE_FIELDS) {
    const entries = record[field];
    if (!Array.isArray(entries)) continue;
    const counts = doc.fields[field];
    for (const entry of entries as unknown[]) {
      if (counts.size >= maxValues) break;
      if (!Array.isArray(entry) || entry.length !== 2) continue;
      const [value, count] = entry as unknown[];
      if (typeof value !== "string" || !isValid(field, value)) continue;
      if (typeof count !== "number" || !Number.isSafeInteger(count) || count < 0) continue;
      counts.set(value, count);
    }
  }
  return doc;
}

/**
 * How many distinct values of `field` the first of `all` and the others hold together: the first
 * alone once it holds `limit` (a full field need not be counted further).
 */
export function distinctValues(
  field: CatalogueField,
  limit: number,
  ...all: [Fields, ...(Fields | undefined)[]]
): number {
  const first = all[0][field];
  if (first.size >= limit) return first.size;
  const values = new Set(first.keys());
  for (const fields of all.slice(1))
    for (const value of fields?.[field].keys() ?? []) values.add(value);
  return values.size;
}

export const hasAny = (fields: Fields) => CATALOGUE_FIELDS.some((field) => fields[field].size > 0);

/** `base` with `more` added: counts summed, new values while there is room. */
export function merge(base: Fields, more: Fields, maxValues: number): Fields {
  const merged = emptyFields();
  for (const field of CATALOGUE_FIELDS) {
    const counts = new Map(base[field]);
    for (const [value, count] of more[field]) {
      const had = counts.get(value);
      if (had !== undefined || counts.size < maxValues)
        counts.set(value, Math.min((had ?? 0) + count, Number.MAX_SAFE_INTEGER));
    }
    merged[field] = counts;
  }
  return merged;
}

/** Pairs rather than an object: a value such as "__proto__" must stay a value. */
export function serialise(doc: Doc): string {
  const out: Record<string, unknown> = { seeded: doc.seeded };
  for (const field of CATALOGUE_FIELDS) out[field] = [...doc.fields[field]];
  return JSON.stringify(out);
}

/** Most often seen first; ties by name, case-insensitively, then by code unit. */
function ranked(counts: Counts): string[] {
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || byName(a, b))
    .map(([value]) => value);
}

function byName(a: string, b: string): number {
  const foldA = a.toLowerCase();
  const foldB = b.toLowerCase();
  if (foldA !== foldB) return foldA < foldB ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Each strategy's methods, most often seen with it first; strategies by name. */
function methodsByStrategy(pairs: Counts): [string, string[]][] {
  const byStrategy = new Map<string, Counts>();
  for (const [pair, count] of pairs) {
    const [strategy, method] = pair.split(PAIR_JOIN) as [string, string];
    const methods = byStrategy.get(strategy) ?? new Map<string, number>();
    methods.set(method, count);
    byStrategy.set(strategy, methods);
  }
  return [...byStrategy]
    .sort(([a], [b]) => byName(a, b))
    .map(([strategy, methods]) => [strategy, ranked(methods)]);
}

/** The route's answer: every field ranked. */
export function toCatalogue(fields: Fields): AlarmCatalogue {
  return {
    intents: ranked(fields.intents),
    strategies: ranked(fields.strategies),
    methods: ranked(fields.methods),
    sensors: ranked(fields.sensors),
    methodsByStrategy: methodsByStrategy(fields.pairs),
  };
}
