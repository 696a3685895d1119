import "server-only";
import { ApiError } from "@/lib/shared/core/errors";
import type { SharedStore } from "./types";

// Identical reads share one call: in flight within a replica, and for a few seconds afterwards
// through the store, across replicas. The process's one cache of shared reads: the vendor
// client's upstream reads (lib/server/usm/client.ts) and the overview's sections the index
// counts (lib/server/reads/counts.ts) each name a kind of the closed set below. What is shared
// is the result serialised once, as the JSON the browser gets: a hundred analysts on one page
// cost one upstream call, one reshape and one JSON.stringify, not a hundred. Only successes are
// kept.

/**
 * What a shared read holds, one kind per parser: a key names its kind, so two parsers never
 * share each other's values (a typo cannot make them: the set is closed).
 */
export const CACHE_KINDS = [
  "page",
  "page-fresh",
  "alarm",
  "count",
  "live-window",
  "live-status",
  "export-page",
  "index-page",
  /** A section of an overview the index counted (lib/server/reads/counts.ts). */
  "overview-section",
] as const;
export type CacheKind = (typeof CACHE_KINDS)[number];

/** A read's result: the JSON every caller sends, and the value for those that render it. */
export interface Shared<T> {
  readonly json: string;
  value(): T;
}

/**
 * Results larger than this are not kept in the store. Our own page of 1,000 of the simulator's
 * alarms is about 1.2 MB of JSON (its upstream JSON, events included, about 10 MB).
 */
const MAX_STORED_CHARS = 8 * 1024 * 1024;

function sharedOf<T>(value: T): Shared<T> {
  const json = JSON.stringify(value);
  return { json, value: () => value };
}

function sharedFromJson<T>(json: string): Shared<T> {
  let parsed: { value: T } | undefined;
  return {
    json,
    // Our own serialisation, read back from our own store: parsed only if someone renders it.
    value: () => (parsed ??= { value: JSON.parse(json) as T }).value,
  };
}

export class SharedReads {
  readonly #inFlight = new Map<string, Promise<Shared<unknown>>>();

  constructor(
    private readonly store: SharedStore,
    private readonly prefix: string,
    private readonly ttlMs: number,
  ) {}

  /**
   * The stored result for `key`, the flight already under way for it, or a new flight of
   * `load`. A caller who joined someone else's flight and met that caller's own refusal (over
   * their share of the budget) tries once more on its own account.
   */
  async get<T>(
    kind: CacheKind,
    query: string,
    load: () => Promise<T>,
    ttlMs: number = this.ttlMs,
  ): Promise<Shared<T>> {
    const key = `${kind} ${query}`;
    const flying = this.#inFlight.get(key) as Promise<Shared<T>> | undefined;
    if (flying) {
      try {
        return await flying;
      } catch (error) {
        if (!(error instanceof ApiError && error.code === "rate_limited")) throw error;
        return this.get(kind, query, load, ttlMs);
      }
    }
    // Gone from the map before anyone awaiting it resumes, so a retry starts a new flight.
    const flight = this.#fly(key, load, ttlMs).finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, flight);
    return flight;
  }

  /**
   * The stored result for `key` when another caller kept one, else null; it loads nothing (a
   * caller that must first learn whether it may read at all looks here before).
   */
  async peek<T>(kind: CacheKind, query: string): Promise<Shared<T> | null> {
    const stored = await this.store.get(`${this.prefix}${kind} ${query}`);
    return stored === null ? null : sharedFromJson<T>(stored);
  }

  async #fly<T>(key: string, load: () => Promise<T>, ttlMs: number): Promise<Shared<T>> {
    const storeKey = `${this.prefix}${key}`;
    if (ttlMs > 0) {
      const stored = await this.store.get(storeKey);
      if (stored !== null) return sharedFromJson<T>(stored);
    }
    const shared = sharedOf(await load());
    if (ttlMs > 0 && shared.json.length <= MAX_STORED_CHARS) {
      // Sharing with other replicas is a bonus: a store that fails now must not fail the read.
      await this.store.set(storeKey, shared.json, ttlMs).catch(() => undefined);
    }
    return shared;
  }
}
