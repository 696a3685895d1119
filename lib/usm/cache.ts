import "server-only";

// Identical upstream reads in flight share one call, and a short shared cache lets many
// analysts on the same page cost one call. Only successes are kept; the size is bounded both in
// entries and in (approximate) bytes, oldest first out.

export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
  maxBytes: number;
}

interface Entry<T> {
  value: T;
  expiresAt: number;
  bytes: number;
}

export class CoalescingCache {
  private readonly entries = new Map<string, Entry<unknown>>();
  private readonly inFlight = new Map<string, Promise<unknown>>();
  private bytes = 0;

  constructor(private readonly options: CacheOptions) {}

  /**
   * The cached value for `key`, the flight already under way for it, or a new flight of
   * `load`. `load` returns the value and its approximate size in bytes.
   */
  get<T>(key: string, load: () => Promise<{ value: T; bytes: number }>): Promise<T> {
    const cached = this.entries.get(key);
    if (cached) {
      if (cached.expiresAt > Date.now()) return Promise.resolve(cached.value as T);
      this.remove(key);
    }
    const flying = this.inFlight.get(key);
    if (flying) return flying as Promise<T>;

    const flight = load().then(
      ({ value, bytes }) => {
        this.inFlight.delete(key);
        this.store(key, value, bytes);
        return value;
      },
      (error: unknown) => {
        this.inFlight.delete(key); // never cache an error: the next caller tries again
        throw error;
      },
    );
    this.inFlight.set(key, flight);
    return flight;
  }

  get size(): number {
    return this.entries.size;
  }

  private store(key: string, value: unknown, bytes: number): void {
    const { ttlMs, maxEntries, maxBytes } = this.options;
    if (ttlMs <= 0 || bytes > maxBytes) return;
    this.remove(key);
    const now = Date.now();
    for (const [oldKey, entry] of this.entries) {
      if (entry.expiresAt <= now) this.remove(oldKey);
    }
    // Map iteration is insertion order, so the first keys are the oldest.
    for (const oldKey of this.entries.keys()) {
      if (this.entries.size < maxEntries && this.bytes + bytes <= maxBytes) break;
      this.remove(oldKey);
    }
    this.entries.set(key, { value, expiresAt: now + ttlMs, bytes });
    this.bytes += bytes;
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.bytes;
    this.entries.delete(key);
  }
}
