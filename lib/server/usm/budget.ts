import "server-only";
import { monotonicClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import type { RateSpec, SharedStore } from "@/lib/server/store";

// The upstream's per-client limit (100 GET/s, 50 POST/s), shared by every replica through the
// store, and shared fairly between analysts.
//
// Across replicas: the store hands out send times one interval apart (GCRA, one atomic script),
// so no upstream second exceeds the limit whatever the number of replicas. Each replica asks for
// one send time at a time, and only while it has calls waiting, so replicas interleave instead
// of one booking the budget ahead of the others.
//
// Within a replica: calls wait in one queue per analyst, and each send time goes to the next
// analyst in turn (round-robin), so an analyst with many calls waiting delays the others by one
// call at most. Background calls (the live queue's watchers) wait apart and get a send time only
// when no analyst's call waits: they never delay an analyst's read. Before it queues, an analyst's call must fit that analyst's share (half the
// budget, counted across replicas in the store); the excess is refused at once with 429 and
// Retry-After instead of queueing behind everyone.
//
// Why the numbers hold: reservations are spaced T = 1/sustained apart beyond a burst B. A call is
// sent at most MAX_LATENESS_MS after its time (a later wake-up gives its slot up), so the calls
// reaching the upstream within any second were reserved within 1 s + MAX_LATENESS_MS, at most
// B + (1000 + MAX_LATENESS_MS) / T of them: 5 + 1050 / 11.8 = 94 at the documented 100/s, which
// leaves room for the network's own jitter.

const SUSTAINED_SHARE = 0.85;
export const MAX_LATENESS_MS = 50;
/** The share of the budget one analyst may use, across replicas. */
const ANALYST_SHARE = 0.5;
/** How far ahead an analyst's share may be booked before calls are refused. */
const ANALYST_HORIZON_MS = 2_000;

export interface BudgetOptions {
  store: SharedStore;
  /** The store key of this budget (deployment and method). */
  key: string;
  /** The upstream's documented limit; 0 = no limit on our side. */
  perSecond: number;
  /** How long a call may wait for its send time before failing with upstream_rate_limited. */
  maxWaitMs: number;
  /** What waits and measures lateness; tests inject a manual one. Default: monotonicClock. */
  clock?: Clock;
}

export interface BudgetUsage {
  /** The upstream's documented limit. */
  limitPerSecond: number;
  /** What the console sustains at most, all replicas together (the limit less a margin). */
  sustainedPerSecond: number;
  /** Calls this replica sent a second, over the last ten seconds. */
  recentPerSecond: number;
  /** Calls waiting on this replica now. */
  waiting: number;
}

/** The cause of our own budget's refusals: the upstream said nothing (see isOwnRefusal). */
const OWN_BUDGET = Symbol("the console's own rate budget");

/** Whether `error` is the console's own budget refusing, not something the upstream answered. */
export function isOwnRefusal(error: ApiError): boolean {
  return error.cause === OWN_BUDGET;
}

/** The window `recentPerSecond` averages over. */
const RECENT_WINDOW_S = 10;

/** The rate the store enforces for a documented limit (exported for the proof in the tests). */
export function budgetRate(perSecond: number, maxWaitMs: number): RateSpec {
  const sustained = Math.max(1, Math.floor(perSecond * SUSTAINED_SHARE));
  return {
    intervalMs: 1000 / sustained,
    burst: Math.max(1, Math.floor(perSecond / 20)),
    maxWaitMs,
  };
}

interface Waiter {
  analyst: string;
  background: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
  cancelExpiry: () => void;
}

/**
 * The most background calls one caller may have waiting on a replica: a whole view's overview
 * (at most 60 reads) and a little more. Beyond it a call is refused at once (its count shows as
 * unknown) rather than queued behind the caller's own backlog.
 */
export const MAX_BACKGROUND_QUEUED = 90;

/** The oldest call of the caller whose turn it is; that caller moves to the back of the round. */
function nextInTurn(queues: Map<string, Waiter[]>): Waiter | undefined {
  for (const [caller, queue] of queues) {
    const waiter = queue.shift();
    queues.delete(caller);
    if (queue.length > 0) queues.set(caller, queue);
    if (waiter) return waiter;
  }
  return undefined;
}

export class FairBudget {
  readonly #store: SharedStore;
  readonly #key: string;
  readonly #limit: number;
  readonly #rate: RateSpec | undefined;
  readonly #share: RateSpec | undefined;
  readonly #maxWaitMs: number;
  /** Calls sent by the second (monotonic seconds), for usage(). */
  readonly #sentPerSecond = new Map<number, number>();
  readonly #clock: Clock;
  /** Waiting calls per analyst; Map order is the round-robin order. */
  readonly #queues = new Map<string, Waiter[]>();
  /**
   * Background calls (watchers, overviews, exports) per caller, served round-robin too, but only
   * while no analyst's call waits: one analyst's burst of overview reads cannot starve the live
   * queue's watchers or a colleague's overview.
   */
  readonly #background = new Map<string, Waiter[]>();
  #waiting = 0;
  #pumping = false;

  constructor({ store, key, perSecond, maxWaitMs, clock = monotonicClock }: BudgetOptions) {
    this.#store = store;
    this.#clock = clock;
    this.#key = key;
    this.#limit = perSecond;
    this.#maxWaitMs = maxWaitMs;
    if (perSecond <= 0) return; // a deployment with a different agreement: no limit here
    this.#rate = budgetRate(perSecond, maxWaitMs);
    const analystRate = budgetRate(perSecond * ANALYST_SHARE, ANALYST_HORIZON_MS);
    this.#share = { ...analystRate, burst: Math.max(analystRate.burst, 10) };
  }

  /**
   * Resolves when a call on behalf of `analyst` may be sent. Throws ApiError rate_limited (429)
   * when the analyst is over their share, upstream_rate_limited (503) when the call waited too
   * long, store_unavailable (503) when the shared budget cannot be asked.
   */
  async take(
    analyst: string,
    options: { shared?: boolean; background?: boolean } = {},
  ): Promise<void> {
    if (!this.#rate) return;
    const background = options.background === true;
    if (this.#share && options.shared !== false && !background) await this.#checkShare(analyst);
    // Background calls are not charged to a share (a watcher has none): bounded here instead.
    if (background && (this.#background.get(analyst)?.length ?? 0) >= MAX_BACKGROUND_QUEUED) {
      throw this.#refusal();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        analyst,
        background,
        resolve,
        reject,
        cancelExpiry: this.#clock.schedule(() => this.#expire(waiter), this.#maxWaitMs),
      };
      const queues = background ? this.#background : this.#queues;
      const queue = queues.get(analyst);
      if (queue) queue.push(waiter);
      else queues.set(analyst, [waiter]);
      this.#waiting++;
      void this.#pump();
    });
  }

  usage(): BudgetUsage {
    const second = Math.floor(this.#clock.now() / 1000);
    let recent = 0;
    for (const [at, count] of this.#sentPerSecond) {
      if (second - at < RECENT_WINDOW_S) recent += count;
    }
    return {
      limitPerSecond: this.#limit,
      sustainedPerSecond: this.#rate ? Math.round(1000 / this.#rate.intervalMs) : 0,
      recentPerSecond: Math.round((recent / RECENT_WINDOW_S) * 10) / 10,
      waiting: this.#waiting,
    };
  }

  /** Counts one call sent, by the second, keeping the last window's seconds only. */
  #countSent(): void {
    const second = Math.floor(this.#clock.now() / 1000);
    this.#sentPerSecond.set(second, (this.#sentPerSecond.get(second) ?? 0) + 1);
    for (const at of this.#sentPerSecond.keys()) {
      if (second - at >= RECENT_WINDOW_S) this.#sentPerSecond.delete(at);
    }
  }

  /** Calls of `analyst` waiting on this replica. */
  queuedFor(analyst: string): number {
    return this.#queues.get(analyst)?.length ?? 0;
  }

  async #checkShare(analyst: string): Promise<void> {
    const share = await this.#store.reserve(`${this.#key}:analyst:${analyst}`, this.#share!);
    if (share.granted) return;
    throw new ApiError(
      "rate_limited",
      "You are asking this deployment for more than your share of its rate limit; the rest of the team keeps theirs. Slow down and retry shortly.",
      { retryAfterSeconds: Math.max(1, Math.ceil(share.retryInMs / 1000)) },
    );
  }

  /** One loop per replica and budget, running while calls wait: a send time, then a call. */
  async #pump(): Promise<void> {
    if (this.#pumping) return;
    this.#pumping = true;
    try {
      while (this.#waiting > 0) {
        let slot;
        try {
          slot = await this.#store.reserve(this.#key, this.#rate!);
        } catch (error) {
          this.#failAll(error); // fail closed: no call goes without the shared budget's word
          return;
        }
        if (!slot.granted) {
          // Other replicas have booked the budget ahead; try again when a time could fit.
          await this.#clock.sleep(Math.min(Math.max(1, slot.retryInMs), 250));
          continue;
        }
        const due = this.#clock.now() + slot.waitMs;
        if (slot.waitMs > 0) await this.#clock.sleep(slot.waitMs);
        // Woken too late (a busy event loop): the slot's time has passed, sending now could
        // crowd the upstream's second. Give it up and book another.
        if (this.#clock.now() - due > MAX_LATENESS_MS) continue;
        const waiter = this.#next();
        if (waiter) this.#countSent();
        waiter?.resolve();
      }
    } finally {
      this.#pumping = false;
    }
  }

  /**
   * The next analyst's oldest waiting call, that analyst moving to the back of the round; the
   * next background caller's oldest call (round-robin as well) only when no analyst's call waits.
   */
  #next(): Waiter | undefined {
    const waiter = nextInTurn(this.#queues) ?? nextInTurn(this.#background);
    if (!waiter) return undefined;
    waiter.cancelExpiry();
    this.#waiting--;
    return waiter;
  }

  #expire(waiter: Waiter): void {
    const queues = waiter.background ? this.#background : this.#queues;
    const queue = queues.get(waiter.analyst);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) queues.delete(waiter.analyst);
    this.#waiting--;
    waiter.reject(this.#refusal());
  }

  #refusal(): ApiError {
    return new ApiError(
      "upstream_rate_limited",
      "The console is sending this deployment as many requests as it allows; try again shortly.",
      { retryAfterSeconds: 1, cause: OWN_BUDGET },
    );
  }

  #failAll(error: unknown): void {
    for (const queue of [...this.#queues.values(), ...this.#background.values()]) {
      for (const waiter of queue) {
        waiter.cancelExpiry();
        waiter.reject(error);
      }
    }
    this.#queues.clear();
    this.#background.clear();
    this.#waiting = 0;
  }
}
