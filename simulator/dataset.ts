// The alarm set as columns: one typed array per field that filters or sorts need, plus one
// precomputed sort order per sort field. Everything else is rebuilt per page by alarm-builder.
// Only `status` ever changes after the build (live status changes, the admin API), through
// setBaseStatus; its sort order is then rebuilt on its next use.
import { Catalog, buildCatalog } from "./catalog";
import { Rng, at, hash32 } from "./prng";
import { SortOrder, countingOrder, radixOrder, reversedIdentity } from "./sort-orders";
import { RULES, RULE_WEIGHTS } from "./taxonomy";

/**
 * How the data set orders its alarms by each field it sorts by; the fields the API accepts in
 * `sort` are exactly these. Built once per data set (status again when it changes).
 */
const ORDERS = {
  timestamp_occured: (ds: Dataset) => reversedIdentity(ds.count),
  timestamp_received: (ds: Dataset) => radixOrder(receivedTimes(ds)),
  priority: (ds: Dataset) => countingOrder(ds.priority, 100),
  status: (ds: Dataset) => countingOrder(ds.status, STATUS_NAMES.length - 1),
  rule_intent: (ds: Dataset) => ruleOrder(ds, "intent"),
  rule_strategy: (ds: Dataset) => ruleOrder(ds, "strategy"),
  rule_method: (ds: Dataset) => ruleOrder(ds, "method"),
} satisfies Record<string, (ds: Dataset) => SortOrder>;
export type SortField = keyof typeof ORDERS;
export const SIM_SORT_FIELDS = Object.keys(ORDERS) as readonly SortField[];

export const SIM_MAX_PAGE_SIZE = 1000;

/** Status codes are the alphabetical rank of the value, so the code is also the sort key. */
export const STATUS_NAMES = [null, "closed", "in_review", "open"] as const;
export const STATUS_ABSENT = 0;
export type StatusName = NonNullable<(typeof STATUS_NAMES)[number]>;

export function statusCode(name: StatusName): number {
  return STATUS_NAMES.indexOf(name);
}

/** priority_label thresholds: low < 35 <= medium < 65 <= high. */
export const PRIORITY_LABELS = [
  { label: "low", min: 0, max: 34 },
  { label: "medium", min: 35, max: 64 },
  { label: "high", min: 65, max: 100 },
] as const;
export type PriorityLabel = (typeof PRIORITY_LABELS)[number]["label"];

export function priorityLabel(priority: number): PriorityLabel {
  return priority >= 65 ? "high" : priority >= 35 ? "medium" : "low";
}

/** Alarms are spread over the 30 days before the anchor. */
export const WINDOW_SECONDS = 30 * 24 * 3600;
const MAX_DELAY_MS = 10 * 60 * 1000;
const COLUMN_STREAM = 0xc01;
const TIME_STREAM = 0x71e;

export interface Dataset {
  seed: number;
  count: number;
  /** Whole second at or before the anchor; occurred = baseMs - offsetSec * 1000. */
  baseMs: number;
  catalog: Catalog;
  /** Seconds before baseMs, ascending with the index: index 0 is the newest alarm. */
  offsetSec: Uint32Array;
  /** timestamp_received - timestamp_occured, in ms. */
  delayMs: Uint32Array;
  priority: Uint8Array;
  status: Uint8Array;
  rule: Uint8Array;
  suppressed: Uint8Array;
  sensor: Uint8Array;
  eventsCount: Uint32Array;
  orders: Record<SortField, SortOrder>;
  /** The status column changed since orders.status was built: rebuild before reading it. */
  statusOrderStale: boolean;
  /** Reused by every filtered request; safe because page selection is synchronous. */
  scratchMask: Uint8Array;
}

export function occurredMs(ds: Dataset, index: number): number {
  return ds.baseMs - ds.offsetSec[index]! * 1000;
}

export function receivedMs(ds: Dataset, index: number): number {
  return occurredMs(ds, index) + ds.delayMs[index]!;
}

export function buildDataset(seed: number, count: number, anchor: number): Dataset {
  const catalog = buildCatalog(seed);
  const offsetSec = spreadOffsets(seed, count);
  const ds: Dataset = {
    seed,
    count,
    baseMs: Math.floor(anchor / 1000) * 1000,
    catalog,
    offsetSec,
    delayMs: new Uint32Array(count),
    priority: new Uint8Array(count),
    status: new Uint8Array(count),
    rule: new Uint8Array(count),
    suppressed: new Uint8Array(count),
    sensor: new Uint8Array(count),
    eventsCount: new Uint32Array(count),
    orders: {} as Record<SortField, SortOrder>, // filled in just below
    statusOrderStale: false,
    scratchMask: new Uint8Array(count),
  };
  fillColumns(ds);
  ds.orders = buildOrders(ds);
  return ds;
}

/** The current sort order of a field (a counting sort rebuilds the status order when stale). */
export function sortOrder(ds: Dataset, field: SortField): SortOrder {
  if (field === "status" && ds.statusOrderStale) {
    ds.orders.status = ORDERS.status(ds);
    ds.statusOrderStale = false;
  }
  return ds.orders[field];
}

export function setBaseStatus(ds: Dataset, index: number, status: number): void {
  if (ds.status[index] === status) return;
  ds.status[index] = status;
  ds.statusOrderStale = true;
}

/** Sorted offsets, the newest a couple of minutes before the anchor. */
function spreadOffsets(seed: number, count: number): Uint32Array {
  const rng = new Rng(hash32(seed, TIME_STREAM));
  const offsets = new Uint32Array(count);
  for (let i = 0; i < count; i++) offsets[i] = Math.floor(rng.float() * WINDOW_SECONDS);
  offsets.sort();
  const shift = Math.max(0, (offsets[0] ?? 0) - rng.int(5, 180));
  for (let i = 0; i < count; i++) offsets[i]! -= shift;
  return offsets;
}

/** The columns of one alarm, as drawn from its own PRNG stream. */
export interface DrawnRow {
  rule: number;
  priority: number;
  suppressed: boolean;
  sensor: number;
  eventsCount: number;
  delayMs: number;
  status: number;
}

const RULE_TOTAL = RULE_WEIGHTS.reduce((s, w) => s + w, 0);

/**
 * Draws one alarm's columns from `rng` (already seeded for that alarm). `age` (0 = now, 1 = the
 * oldest) weighs the status. Live arrivals draw the same way, so they look like any other alarm;
 * a burst passes its rule in, and everything else is then drawn around that rule.
 */
export function drawRow(rng: Rng, catalog: Catalog, age: number, rule?: number): DrawnRow {
  const drawnRule = rng.weighted(RULE_WEIGHTS, RULE_TOTAL);
  const ruleIndex = rule ?? drawnRule;
  const r = at(RULES, ruleIndex);
  // A bell around the rule's centre; the sum of three uniforms is cheap and bounded.
  const jitter = (rng.float() + rng.float() + rng.float() - 1.5) * 22;
  return {
    rule: ruleIndex,
    priority: Math.max(0, Math.min(100, Math.round(r.priority + jitter))),
    suppressed: rng.chance(r.suppressRate),
    sensor: rng.weighted(catalog.sensorWeights),
    eventsCount: rng.logInt(r.events[0], r.events[1]),
    delayMs: rng.logInt(1500, MAX_DELAY_MS),
    status: drawStatus(rng, age),
  };
}

/** The PRNG stream an alarm's columns are drawn from. */
export function columnSeed(seed: number, index: number): number {
  return hash32(seed, index, COLUMN_STREAM);
}

function fillColumns(ds: Dataset): void {
  const rng = new Rng(0);
  for (let i = 0; i < ds.count; i++) {
    const row = drawRow(
      rng.reseed(columnSeed(ds.seed, i)),
      ds.catalog,
      ds.offsetSec[i]! / WINDOW_SECONDS,
    );
    ds.rule[i] = row.rule;
    ds.priority[i] = row.priority;
    ds.suppressed[i] = row.suppressed ? 1 : 0;
    ds.sensor[i] = row.sensor;
    ds.eventsCount[i] = row.eventsCount;
    ds.delayMs[i] = row.delayMs;
    ds.status[i] = row.status;
  }
}

/** Older alarms are more likely to have been worked; ~2% carry no status at all. */
function drawStatus(rng: Rng, age: number): number {
  if (rng.chance(0.02)) return STATUS_ABSENT;
  const r = rng.float();
  const closed = 0.1 + 0.65 * age;
  if (r < closed) return 1;
  if (r < closed + 0.15) return 2;
  return 3;
}

/** Rank of each rule's string field among the distinct values, for sorting by that string. */
export function ruleRanks(field: "intent" | "strategy" | "method"): Uint8Array {
  const values = [...new Set(RULES.map((r) => r[field]))].sort((a, b) => (a < b ? -1 : 1));
  return Uint8Array.from(RULES, (r) => values.indexOf(r[field]));
}

function buildOrders(ds: Dataset): Record<SortField, SortOrder> {
  const orders = {} as Record<SortField, SortOrder>;
  for (const field of SIM_SORT_FIELDS) orders[field] = ORDERS[field](ds);
  return orders;
}

/** Each alarm's received time, in ms after the window's start (the sort key, not an instant). */
function receivedTimes(ds: Dataset): Uint32Array {
  const received = new Uint32Array(ds.count);
  for (let i = 0; i < ds.count; i++) {
    received[i] = (WINDOW_SECONDS - ds.offsetSec[i]!) * 1000 + ds.delayMs[i]!;
  }
  return received;
}

function ruleOrder(ds: Dataset, field: "intent" | "strategy" | "method"): SortOrder {
  const ranks = ruleRanks(field);
  const keys = new Uint8Array(ds.count);
  for (let i = 0; i < ds.count; i++) keys[i] = ranks[ds.rule[i]!]!;
  return countingOrder(keys, Math.max(0, ...ranks));
}
