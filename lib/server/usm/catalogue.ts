import "server-only";
import {
  CATALOGUE_MAX_VALUES,
  type AlarmCatalogue,
  type AlarmSummary,
} from "@/lib/shared/alarms/types";
import { alarmCatalogueSchema } from "@/lib/server/core/shapes";
import { ApiError } from "@/lib/shared/core/errors";
import type { SharedStore } from "@/lib/server/store";
import { Lease } from "@/lib/server/store/lease";
import type { Shared } from "./cache";
import {
  CATALOGUE_FIELDS,
  emptyFields,
  hasAny,
  isValid,
  merge,
  parseDoc,
  serialise,
  toCatalogue,
  type CatalogueField,
  type Doc,
  type Fields,
} from "./catalogue-doc";

// The values one deployment's alarms have carried (rule intents, strategies, methods, sensors),
// with how often each was seen, for the list's filter suggestions: the upstream has no taxonomy
// endpoint and its filters are exact matches. Every replica records what its upstream reads bring
// (lib/server/usm/alarms.ts notes each page and alarm when it is parsed, so a cached or shared read is
// not counted twice) and the catalogue is shared through the store as one JSON document.
//
// The store is not written on every read: each replica keeps a copy in memory and writes only
// when a read brings a value that copy does not hold (its counts ride along, and on their own at
// most once a minute). It reads the store again at most every few seconds. A write merges into
// what the store holds (read, add, write back) without a lock: two replicas writing at once can
// lose the other's new values, at most until a later read brings them again, which costs one more
// write. A lock would cost a round trip on every write to save a value the next page re-adds.
//
// Bounded: each field keeps at most maxValues values (the first ones seen win: once a field is
// full, unknown values are ignored rather than swapped for rarer ones, which would rewrite the
// store on every page), each one a valid exact filter (at most 200 characters; sensors: uuids).
//
// Seeding: a catalogue that never was seeded reads a first sample of alarms (see
// ./catalogue-read.ts) once per deployment, under a lease, so that its first answer already
// offers more than the pages someone happened to open.

export interface CatalogueOptions {
  store: SharedStore;
  /** The client's store key prefix (`usm:<deployment>:<client>`). */
  key: string;
  /** How long a seed may hold its lock: as long as the sample's reads can take. */
  seedLockMs: number;
  /** Epoch ms; tests inject their own. */
  now?: () => number;
  /** The in-memory copy is read again from the store at most this often. Default 5 s. */
  refreshMs?: number;
  /** Values kept per field. Default (and at most) CATALOGUE_MAX_VALUES. */
  maxValues?: number;
  /** Counts alone (no new value) are written at most this often. Default 60 s. */
  countFlushMs?: number;
  /** After a seed failed, this replica tries again after this long. Default 30 s. */
  seedRetryMs?: number;
}

/** Bump when the stored document changes shape (an older one then reads as empty). */
const FORMAT = "c1";
/** Refreshed by every write; a deployment nobody reads for this long starts again. */
const STORED_TTL_MS = 90 * 24 * 3_600_000;
/** While another replica seeds, look for its result this often. */
const SEED_POLL_MS = 50;

export class Catalogue {
  readonly #store: SharedStore;
  readonly #key: string;
  readonly #lockKey: string;
  readonly #now: () => number;
  readonly #refreshMs: number;
  readonly #maxValues: number;
  readonly #countFlushMs: number;
  readonly #seedLockMs: number;
  readonly #seedRetryMs: number;

  /** The store's document as last read or written by this replica. */
  #stored: Doc = { seeded: false, fields: emptyFields() };
  #storedAt = -Infinity;
  /** Bumped by every write: a read of the store begun before one is older than its result. */
  #generation = 0;
  /** Counts noted here and not yet written; a value may be new to the store. */
  #pending = emptyFields();
  /** What the write in flight carries (still part of this replica's view). */
  #sending: Fields | undefined;
  /** Whether #pending holds a value the store did not hold when last read. */
  #hasNew = false;
  #lastWriteAt: number;
  #writing: Promise<void> | undefined;
  #writeAgain = false;
  #loading: Promise<void> | undefined;
  /** A seed succeeded here: the next write marks the document seeded. */
  #seededHere = false;
  #seeding: Promise<void> | undefined;
  #nextSeedAt = -Infinity;
  /** Bumped on every change of the view; the serialised answer is kept per version. */
  #version = 0;
  #answer: { version: number; shared: Shared<AlarmCatalogue> } | undefined;

  constructor(options: CatalogueOptions) {
    this.#store = options.store;
    this.#key = `${options.key}:catalogue:${FORMAT}`;
    this.#lockKey = `${options.key}:catalogue-seed-lock`;
    this.#now = options.now ?? Date.now;
    this.#refreshMs = options.refreshMs ?? 5_000;
    this.#maxValues = Math.min(options.maxValues ?? CATALOGUE_MAX_VALUES, CATALOGUE_MAX_VALUES);
    this.#countFlushMs = options.countFlushMs ?? 60_000;
    this.#seedLockMs = options.seedLockMs;
    this.#seedRetryMs = options.seedRetryMs ?? 30_000;
    this.#lastWriteAt = this.#now();
  }

  /**
   * Records the values of alarms just read from the upstream, `weight` times each (0: known, not
   * counted). Never throws and never waits: a write it starts runs in the background, and a
   * store that fails it only delays the values to the next write.
   */
  note(alarms: readonly AlarmSummary[], weight = 1): void {
    try {
      for (const alarm of alarms) {
        this.#add("intents", alarm.rule.intent, weight);
        this.#add("strategies", alarm.rule.strategy, weight);
        this.#add("methods", alarm.rule.method, weight);
        this.#add("sensors", alarm.sensorUuid, weight);
        for (const sensor of alarm.sensorSources) this.#add("sensors", sensor, weight);
      }
      const now = this.#now();
      const countsDue = now - this.#lastWriteAt >= this.#countFlushMs && hasAny(this.#pending);
      if (this.#hasNew || countsDue) void this.#write();
      // Another replica's writes reach this copy too, so a value lost to a concurrent write is
      // seen as new again by the next read that brings it.
      else if (now - this.#storedAt >= this.#refreshMs) this.#reload().catch(() => undefined);
    } catch {
      // A suggestion list is never worth failing a read for.
    }
  }

  /**
   * The catalogue as the route answers it (serialised once per change): the store's, read again
   * when this copy is older than refreshMs, with what this replica noted since. Throws
   * store_unavailable when the store does not answer.
   */
  async read(): Promise<Shared<AlarmCatalogue>> {
    if (this.#now() - this.#storedAt >= this.#refreshMs) await this.#reload();
    const answer = this.#answer;
    if (answer?.version === this.#version) return answer.shared;
    const value = alarmCatalogueSchema.parse(toCatalogue(this.#view()));
    const shared: Shared<AlarmCatalogue> = { json: JSON.stringify(value), value: () => value };
    this.#answer = { version: this.#version, shared };
    return shared;
  }

  /**
   * Seeds the deployment's catalogue from `sample` if it never was: once for all replicas (a
   * store lock), once at a time in this one (callers join the flight). Waits as long as the
   * sample's reads take, here or on the replica holding the lock, and no longer than that lock
   * lives. A failed sample is logged, answered with what is known and retried seedRetryMs later.
   */
  async seed(sample: () => Promise<readonly AlarmSummary[]>): Promise<void> {
    if (this.#now() - this.#storedAt >= this.#refreshMs) await this.#reload();
    if (this.#isSeeded() || this.#now() < this.#nextSeedAt) return;
    this.#seeding ??= this.#seedOnce(sample).finally(() => {
      this.#seeding = undefined;
    });
    return this.#seeding;
  }

  /** Resolves once no write is in flight (tests). */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  /** Seeded: the store says so, or this replica's mark has yet to reach it. */
  #isSeeded(): boolean {
    return this.#stored.seeded || this.#seededHere;
  }

  async #seedOnce(sample: () => Promise<readonly AlarmSummary[]>): Promise<void> {
    const lease = new Lease(this.#store, this.#lockKey, { ttlMs: this.#seedLockMs });
    try {
      const outcome = await lease.exclusive(
        // Seeded by another replica between our look and our lease?
        async () => {
          await this.#reload();
          return this.#isSeeded() ? true : undefined;
        },
        async () => {
          const alarms = await sample();
          this.#seededHere = true; // before the values: the write they start carries the mark
          // Weight 0: the sample's reads were counted when parsed (unless they were served from
          // a read someone else parsed); here they are only made sure of.
          this.note(alarms, 0);
          await this.#write();
          await this.settled(); // a write already in flight leaves ours to the one after it
          return true;
        },
      );
      if (!outcome.ran) await this.#awaitOtherSeed();
    } catch (error) {
      this.#nextSeedAt = this.#now() + this.#seedRetryMs;
      const code = error instanceof ApiError ? error.code : "unexpected";
      console.warn(`[usm] catalogue seed failed (${code}); answering with the values known`);
    }
  }

  /** Another replica seeds: wait until it has written, or let go of its lock, or the lock ends. */
  async #awaitOtherSeed(): Promise<void> {
    for (let polls = Math.ceil(this.#seedLockMs / SEED_POLL_MS); polls > 0; polls--) {
      await new Promise((resolve) => setTimeout(resolve, SEED_POLL_MS));
      const generation = this.#generation;
      const [doc, lock] = await this.#store.getMany([this.#key, this.#lockKey]);
      this.#loaded(doc ?? null, generation);
      if (this.#isSeeded() || lock === null) return;
    }
  }

  #add(field: CatalogueField, value: string | null, weight: number): void {
    if (value === null) return;
    const pending = this.#pending[field];
    const had = pending.get(value);
    const known =
      had !== undefined ||
      this.#stored.fields[field].has(value) ||
      this.#sending?.[field].has(value);
    if (!known) {
      if (!isValid(field, value) || this.#size(field) >= this.#maxValues) return;
      this.#hasNew = true;
    } else if (weight === 0) {
      return;
    }
    pending.set(value, (had ?? 0) + weight);
    this.#version++;
  }

  /** How many values this replica's view of `field` holds. */
  #size(field: CatalogueField): number {
    const stored = this.#stored.fields[field];
    if (stored.size >= this.#maxValues) return stored.size; // full: no need to count the rest
    const values = new Set(stored.keys());
    for (const value of this.#sending?.[field].keys() ?? []) values.add(value);
    for (const value of this.#pending[field].keys()) values.add(value);
    return values.size;
  }

  #view(): Fields {
    const stored = this.#stored.fields;
    const sent = this.#sending ? merge(stored, this.#sending, this.#maxValues) : stored;
    return merge(sent, this.#pending, this.#maxValues);
  }

  /** One write at a time; a call during a write asks for another one after it. */
  #write(): Promise<void> {
    if (this.#writing) {
      this.#writeAgain = true;
      return this.#writing;
    }
    const writing = this.#writeOnce()
      .catch(() => undefined) // kept in #pending: the next new value writes them again
      .finally(() => {
        this.#writing = undefined;
        if (this.#writeAgain) {
          this.#writeAgain = false;
          if (this.#hasNew || this.#seededHere) void this.#write();
        }
      });
    this.#writing = writing;
    return writing;
  }

  /** Read, merge what this replica noted, write back (see the race above). */
  async #writeOnce(): Promise<void> {
    const sending = this.#pending;
    const seeded = this.#seededHere;
    this.#sending = sending;
    this.#pending = emptyFields();
    this.#hasNew = false;
    try {
      const fresh = parseDoc(await this.#store.get(this.#key), this.#maxValues);
      const merged: Doc = {
        seeded: fresh.seeded || seeded,
        fields: merge(fresh.fields, sending, this.#maxValues),
      };
      await this.#store.set(this.#key, serialise(merged), STORED_TTL_MS);
      this.#stored = merged;
      this.#generation++;
      this.#storedAt = this.#now();
      this.#lastWriteAt = this.#storedAt;
      if (seeded) this.#seededHere = false;
    } catch (error) {
      this.#pending = merge(sending, this.#pending, Infinity);
      this.#hasNew = true;
      throw error;
    } finally {
      this.#sending = undefined;
      this.#version++;
    }
  }

  /** Reads the store's document into this copy (one read at a time). */
  #reload(): Promise<void> {
    const generation = this.#generation;
    this.#loading ??= this.#store
      .get(this.#key)
      .then((text) => this.#loaded(text, generation))
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }

  /** Takes a document read from the store, unless a write of ours has landed since the read began. */
  #loaded(text: string | null, generation: number): void {
    if (generation !== this.#generation) return;
    this.#stored = parseDoc(text, this.#maxValues);
    this.#storedAt = this.#now();
    this.#hasNew = CATALOGUE_FIELDS.some((field) =>
      [...this.#pending[field].keys()].some((value) => !this.#stored.fields[field].has(value)),
    );
    this.#version++;
  }
}
