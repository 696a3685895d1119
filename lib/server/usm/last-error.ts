import "server-only";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import type { LastError } from "@/lib/shared/deployments/tile";
import type { SharedStore } from "@/lib/server/store";
import { isOwnRefusal } from "./budget";

// The last upstream failure any replica met on a deployment in the past day, for its home tile,
// and when the deployment answered again after it (the first success any replica saw since).
// Only the deployment's own failures: an analyst's refusal over their share, the console's own
// budget and the store's failures are not the upstream's.

const KEEP_MS = 86_400_000;
/**
 * A replica that has noted no failure itself looks whether another did at most this often on
 * its successes: one store read per success would double the store's traffic. So another
 * replica's failure is marked recovered within this long of the first success here after it.
 */
const LOOK_EVERY_MS = 5_000;

export class LastErrors {
  /** Whether this replica may hold a failure not yet marked recovered (at start: unknown). */
  #failing = true;
  #lookedAt = -Infinity;

  constructor(
    private readonly store: SharedStore,
    private readonly key: string,
    // Wall-clock time (tests inject theirs): it is shown to analysts.
    private readonly clock: Clock = systemClock,
  ) {}

  /** Records `error` if it is the deployment's; never fails the read it came from. */
  note(error: unknown): void {
    if (!(error instanceof ApiError) || !error.code.startsWith("upstream_")) return;
    if (isOwnRefusal(error)) return; // the console's own queue, not the deployment's answer
    const last: LastError = {
      code: error.code,
      message: error.message,
      at: this.clock.now(),
      recoveredAt: null,
    };
    this.#failing = true;
    this.store.set(this.key, JSON.stringify(last), KEEP_MS).catch(() => undefined);
  }

  /**
   * The deployment answered: a failure not yet marked recovered is marked now. Never fails the
   * read it came from. Two replicas may race (one notes a failure while another marks the one
   * before recovered, overwriting it): the failure then shows as recovered, which the success
   * that raced it makes true enough, and the next failure is noted afresh.
   */
  async noteSuccess(): Promise<void> {
    const now = this.clock.now();
    if (!this.#failing && now - this.#lookedAt < LOOK_EVERY_MS) return;
    this.#failing = false;
    this.#lookedAt = now;
    try {
      const last = await this.read();
      if (!last || last.recoveredAt !== null || now < last.at) return;
      const ttlMs = last.at + KEEP_MS - now;
      if (ttlMs <= 0) return;
      await this.store.set(this.key, JSON.stringify({ ...last, recoveredAt: now }), ttlMs);
    } catch {
      this.#failing = true; // the store failed: asked again at the next success
    }
  }

  async read(): Promise<LastError | null> {
    const text = await this.store.get(this.key);
    if (!text) return null;
    try {
      const last = JSON.parse(text) as LastError; // our own JSON, from our own store
      // Written before recoveries were kept: not known to have recovered.
      return { ...last, recoveredAt: last.recoveredAt ?? null };
    } catch {
      return null;
    }
  }
}
