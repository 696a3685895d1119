import "server-only";
import {
  CATALOGUE_MAX_VALUES,
  type AlarmCatalogue,
  type AlarmSummary,
} from "@/lib/shared/alarms/types";
import { alarmCatalogueSchema } from "@/lib/server/core/shapes";
import type { SharedStore } from "@/lib/server/store";
import type { Shared } from "@/lib/server/store/shared-reads";
import { CatalogueSeed } from "./catalogue-seed";
import {
  CATALOGUE_FIELDS,
  distinctValues,
  emptyFields,
  hasAny,
  isValid,
  merge,
  pairOf,
  parseDoc,
  serialise,
  toCatalogue,
  type CatalogueField,
  type Doc,
  type Fields,
} from "./catalogue-doc";

// The values one deployment's alarms have carried (rule intents, strategies, methods and which
// strategy each method came with, sensors), with how often each was seen, for the list's filter
// suggestions: the upstream has no taxonomy endpoint and its filters are exact matches. Every
// replica records what its upstream reads bring (./alarms.ts notes each page and alarm when it is
// parsed, so a cached or shared read is not counted twice) and the catalogue is shared through
// the store as one JSON document.
//
// The store is not written on every read: each replica keeps a copy in memory and writes only
// when a read brings a value that copy lacks (counts ride along, and on their own at most once a
// minute); it reads the store again at most every few seconds. A write merges into what the
// store holds without a lock: two replicas writing at once can lose the other's new values until
// a later read brings them again (one more write), cheaper than a round trip on every write.
//
// Bounded: each field keeps at most maxValues values (the first seen win: a full field ignores
// unknown values rather than rewrite the store on every page), each a valid exact filter. Seeded
// once per deployment from a first sample (./catalogue-seed.ts, ./catalogue-read.ts).

export interface CatalogueOptions {
  store: SharedStore;
  /** The client's store key prefix (`usm:<deployment>:<client>`). */
  key: string;
  /** How long a seed may hold its lease: as long as the sample's reads can take. */
  seedLockMs: number;
  now?: () => number; // epoch ms; tests inject their own
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
const FORMAT = "c2";
/** Refreshed by every write: a deployment nobody reads for 90 days starts again. */
const STORED_TTL_MS = 90 * 24 * 3_600_000;

export class Catalogue {
  readonly #store: SharedStore;
  readonly #key: string;
  readonly #now: () => number;
  readonly #refreshMs: number;
  readonly #maxValues: number;
  readonly #countFlushMs: number;

  /** The store's document as last read or written by this replica. */
  #stored: Doc = { seeded: false, fields: emptyFields() };
  #storedAt = -Infinity;
  /** Bumped by every write: a read of the store begun before one is older than its result. */
  #generation = 0;
  /** Counts noted here and not yet written; a value may be new to the store. */
  #pending = emptyFields();
  /** What the write in flight carries (still part of this replica's view). */
  #sending?: Fields;
  /** Whether #pending holds a value the store did not hold when last read. */
  #hasNew = false;
  #lastWriteAt: number;
  #writing: Promise<void> | undefined;
  #writeAgain = false;
  #loading: Promise<void> | undefined;
  #seededHere = false; // a seed succeeded here: the next write marks the document seeded
  readonly #seed: CatalogueSeed;
  /** Bumped on every change of the view; the serialised answer is kept per version. */
  #version = 0;
  #answer?: { version: number; shared: Shared<AlarmCatalogue> };

  constructor(options: CatalogueOptions) {
    this.#store = options.store;
    this.#key = `${options.key}:catalogue:${FORMAT}`;
    const leaseKey = `${options.key}:catalogue-seed-lock`;
    this.#now = options.now ?? Date.now;
    this.#refreshMs = options.refreshMs ?? 5_000;
    this.#maxValues = Math.min(options.maxValues ?? CATALOGUE_MAX_VALUES, CATALOGUE_MAX_VALUES);
    this.#countFlushMs = options.countFlushMs ?? 60_000;
    this.#lastWriteAt = this.#now();
    this.#seed = new CatalogueSeed(
      {
        isSeeded: () => this.#isSeeded(),
        refresh: () => this.#reload(),
        look: async (key) => {
          const generation = this.#generation;
          const [doc, lease] = await this.#store.getMany([this.#key, key]);
          this.#loaded(doc ?? null, generation);
          return { leased: lease !== null };
        },
        record: async (alarms) => {
          this.#seededHere = true; // before the values: the write they start carries the mark
          // Weight 0: the sample's reads were counted when parsed (unless they were served from
          // a read someone else parsed); here they are only made sure of.
          this.note(alarms, 0);
          await this.#write();
          await this.settled(); // a write already in flight leaves ours to the one after it
        },
      },
      {
        store: this.#store,
        leaseKey,
        leaseMs: options.seedLockMs,
        retryMs: options.seedRetryMs ?? 30_000,
        now: this.#now,
      },
    );
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
        this.#add("pairs", pairOf(alarm.rule.strategy, alarm.rule.method), weight);
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
   * Seeds the deployment's catalogue from `sample` if it never was (./catalogue-seed.ts): waits
   * as long as the sample's reads take, here or on the replica seeding it. Never throws for a
   * failed sample (the values known are answered), only for a store that does not answer.
   */
  async seed(sample: () => Promise<readonly AlarmSummary[]>): Promise<void> {
    if (this.#now() - this.#storedAt >= this.#refreshMs) await this.#reload();
    return this.#seed.run(sample);
  }

  /** Resolves once no write is in flight (tests, and a seed's own write). */
  async settled(): Promise<void> {
    while (this.#writing) await this.#writing;
  }

  /** Seeded: the store says so, or this replica's mark has yet to reach it. */
  #isSeeded(): boolean {
    return this.#stored.seeded || this.#seededHere;
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

  /** How many values this replica's view of `field` holds (up to maxValues). */
  #size(field: CatalogueField): number {
    return distinctValues(
      field,
      this.#maxValues,
      this.#stored.fields,
      this.#sending,
      this.#pending,
    );
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
