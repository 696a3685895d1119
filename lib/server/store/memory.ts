import "server-only";
import { EventEmitter } from "node:events";
import { LRUCache } from "lru-cache";
import {
  throttleDelayMs,
  type RateSpec,
  type Reservation,
  type SharedStore,
  type ThrottleOutcome,
  type ThrottleRule,
  type ThrottleState,
} from "./types";

// The store of a single process: nothing to install, gone at restart. Every table is bounded
// (entries, and bytes for the read cache), and nothing holds a timer: expiry is checked when a
// key is read. A timer set while serving a request would keep that request's whole context
// (Next's async-local stores) alive until it fired, which is how a sign-in flood once kept
// 36 KB per attempt for 15 minutes.

export interface MemoryStoreOptions {
  /** Epoch milliseconds; tests inject their own. */
  now?: () => number;
  /** Bounds per table (the key's first segment, before ':'). */
  tables?: Record<string, TableLimits>;
}

export interface TableLimits {
  maxEntries: number;
  /** Bound on the sum of keys' and values' lengths; undefined: entries only. */
  maxBytes?: number;
}

/** Generous for what a team does, small for memory: a flood evicts its own oldest entries. */
const DEFAULT_TABLES: Record<string, TableLimits> = {
  cache: { maxEntries: 2_000, maxBytes: 64 * 1024 * 1024 },
  throttle: { maxEntries: 100_000 },
  session: { maxEntries: 100_000 },
  // Apart from the sessions, so that no number of new sessions can evict an ended generation.
  "session-generation": { maxEntries: 100_000 },
  // The live queue's watched views: churned views must not evict tokens or locks.
  live: { maxEntries: 5_000, maxBytes: 32 * 1024 * 1024 },
  default: { maxEntries: 10_000 },
};

interface Counter {
  attempts: number;
  last: number;
}

export class MemoryStore implements SharedStore {
  readonly kind = "memory";
  readonly #now: () => number;
  readonly #tables = new Map<string, LRUCache<string, string>>();
  readonly #limits: Record<string, TableLimits>;
  /** The GCRA's theoretical arrival time per budget key. */
  readonly #budgets = new Map<string, number>();
  /** Publish/subscribe within the process: one channel per event name. */
  readonly #channels = new EventEmitter().setMaxListeners(0);

  constructor(options: MemoryStoreOptions = {}) {
    this.#now = options.now ?? Date.now;
    this.#limits = { ...DEFAULT_TABLES, ...options.tables };
  }

  async ping(): Promise<void> {}

  async get(key: string): Promise<string | null> {
    return this.#table(key).get(key) ?? null;
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    return keys.map((key) => this.#table(key).get(key) ?? null);
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    this.#table(key).set(key, value, { ttl: Math.max(1, Math.ceil(ttlMs)) });
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const table = this.#table(key);
    if (table.has(key)) return false;
    table.set(key, value, { ttl: Math.max(1, Math.ceil(ttlMs)) });
    return true;
  }

  async setIfPresent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const table = this.#table(key);
    if (!table.has(key)) return false;
    table.set(key, value, { ttl: Math.max(1, Math.ceil(ttlMs)) });
    return true;
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    const table = this.#table(key);
    const value = Number(table.get(key) ?? 0) + 1;
    table.set(key, String(value), { ttl: Math.max(1, Math.ceil(ttlMs)) });
    return value;
  }

  async deleteIfEquals(key: string, value: string): Promise<boolean> {
    const table = this.#table(key);
    if (table.get(key) !== value) return false;
    table.delete(key);
    return true;
  }

  async delete(key: string): Promise<void> {
    this.#table(key).delete(key);
  }

  async extendIfEquals(key: string, value: string, ttlMs: number): Promise<boolean> {
    const table = this.#table(key);
    if (table.get(key) !== value) return false;
    table.set(key, value, { ttl: Math.max(1, Math.ceil(ttlMs)) });
    return true;
  }

  async publish(channel: string, message: string): Promise<void> {
    this.#channels.emit(channel, message);
  }

  async subscribe(
    channel: string,
    listener: (message: string) => void,
  ): Promise<() => Promise<void>> {
    // A listener of its own per subscription, so the same function may subscribe twice.
    const deliver = (message: string) => listener(message);
    this.#channels.on(channel, deliver);
    return async () => {
      this.#channels.off(channel, deliver);
    };
  }

  async reserve(key: string, rate: RateSpec): Promise<Reservation> {
    const now = this.#now();
    const tolerance = (Math.max(1, rate.burst) - 1) * rate.intervalMs;
    const tat = Math.max(this.#budgets.get(key) ?? now, now);
    const at = Math.max(now, tat - tolerance);
    if (at - now > rate.maxWaitMs) return { granted: false, retryInMs: at - now - rate.maxWaitMs };
    this.#budgets.set(key, tat + rate.intervalMs);
    // Budgets are few (one per deployment and method, one per analyst): prune the idle ones.
    if (this.#budgets.size > 10_000) this.#pruneBudgets(now);
    return { granted: true, waitMs: at - now, at };
  }

  async throttleAttempt(rules: readonly ThrottleRule[]): Promise<ThrottleOutcome> {
    const now = this.#now();
    const counters = rules.map((rule) => this.#counter(rule.key));
    let waitMs = 0;
    rules.forEach((rule, i) => {
      const counter = counters[i];
      if (counter)
        waitMs = Math.max(waitMs, counter.last + throttleDelayMs(rule, counter.attempts) - now);
    });
    if (waitMs > 0) return { waitMs };
    const attempts = rules.map((rule, i) => {
      const count = (counters[i]?.attempts ?? 0) + 1;
      this.#table(rule.key).set(rule.key, JSON.stringify({ attempts: count, last: now }), {
        ttl: rule.windowMs,
      });
      return count;
    });
    return { waitMs: 0, attempts };
  }

  async throttleGiveBack(rules: readonly ThrottleRule[], reset: readonly string[]): Promise<void> {
    for (const rule of rules) {
      const table = this.#table(rule.key);
      const counter = this.#counter(rule.key);
      if (reset.includes(rule.key) || !counter || counter.attempts <= 1) {
        table.delete(rule.key);
        continue;
      }
      const remaining = table.getRemainingTTL(rule.key);
      table.set(rule.key, JSON.stringify({ ...counter, attempts: counter.attempts - 1 }), {
        ttl: Math.max(1, remaining),
      });
    }
  }

  async throttleState(rule: ThrottleRule): Promise<ThrottleState> {
    const counter = this.#counter(rule.key);
    if (!counter) return { attempts: 0, waitMs: 0 };
    const waitMs = counter.last + throttleDelayMs(rule, counter.attempts) - this.#now();
    return { attempts: counter.attempts, waitMs: Math.max(0, waitMs) };
  }

  async close(): Promise<void> {
    this.#tables.clear();
    this.#budgets.clear();
    this.#channels.removeAllListeners();
  }

  /** Entries held per table, for tests and benches: the bound they must respect. */
  sizes(): Record<string, number> {
    return Object.fromEntries([...this.#tables].map(([name, table]) => [name, table.size]));
  }

  #counter(key: string): Counter | undefined {
    const raw = this.#table(key).get(key);
    return raw === undefined ? undefined : (JSON.parse(raw) as Counter);
  }

  #table(key: string): LRUCache<string, string> {
    const colon = key.indexOf(":");
    const name = colon > 0 && key.slice(0, colon) in this.#limits ? key.slice(0, colon) : "default";
    let table = this.#tables.get(name);
    if (!table) {
      const limits = this.#limits[name] ?? { maxEntries: 10_000 };
      table = new LRUCache<string, string>({
        max: limits.maxEntries,
        ...(limits.maxBytes
          ? { maxSize: limits.maxBytes, sizeCalculation: (value, k) => value.length + k.length }
          : {}),
        ttl: 0,
        // The store's clock, and no timer: ttlResolution 0 reads the clock at every check.
        perf: { now: this.#now },
        ttlResolution: 0,
      });
      this.#tables.set(name, table);
    }
    return table;
  }

  #pruneBudgets(now: number): void {
    for (const [key, tat] of this.#budgets) if (tat < now) this.#budgets.delete(key);
  }
}
