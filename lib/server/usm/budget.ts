import "server-only";
import { monotonicClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import type { RateSpec, SharedStore } from "@/lib/server/store";
import type { BudgetClass } from "./budget-classes";

// The upstream's per-client limit (100 GET/s, 50 POST/s), shared by every replica through the
// store, and shared fairly between the callers of the classes in ./budget-classes.ts.
//
// Across replicas: the store hands out send times one interval apart (GCRA, one atomic script),
// so no upstream second exceeds the limit whatever the number of replicas. Each replica asks for
// one send time at a time, and only while it has calls waiting, so replicas interleave instead
// of one booking the budget ahead of the others.
//
// Within a replica: foreground calls wait in one queue per caller, and each send time goes to the
// next caller in turn (round-robin), so a caller with many calls waiting delays the others by one
// call at most. Background calls wait apart, round-robin too, and get a send time only when no
// foreground call waits: they never delay an analyst's read. A class's callerShare is checked
// before a call queues (counted across replicas in the store): the excess is refused at once with
// 429 and Retry-After instead of queueing behind everyone.
//
// Why the numbers hold: reservations are spaced T = 1/sustained apart beyond a burst B. A call is
// sent at most MAX_LATENESS_MS after its time (a later wake-up gives its slot up), so the calls
// reaching the upstream within any second were reserved within 1 s + MAX_LATENESS_MS: at most
// B + (1000 + MAX_LATENESS_MS) / T of them, 5 + 1050 / 11.8 = 94 at the documented 100/s (the
// budgetRate test checks it for other limits), which leaves room for the network's own jitter.

const SUSTAINED_SHARE = 0.85;
export const MAX_LATENESS_MS = 50;
/** How far ahead a caller's share may be booked before its calls are refused. */
const CALLER_HORIZON_MS = 2_000;

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
  caller: string;
  background: boolean;
  resolve: () => void;
  reject: (error: unknown) => void;
  cancelExpiry: () => void;
}

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
  /** The rate of a caller's share, per share (a class's callerShare). */
  readonly #shares = new Map<number, RateSpec>();
  readonly #maxWaitMs: number;
  /** Calls sent by the second (monotonic seconds), for usage(). */
  readonly #sentPerSecond = new Map<number, number>();
  readonly #clock: Clock;
  /** Waiting foreground calls per caller; Map order is the round-robin order. */
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
  }

  /**
   * Resolves when a call of `caller`, in class `terms`, may be sent. Throws ApiError rate_limited
   * (429) when the caller is over its share, upstream_rate_limited (503) when the call waited too
   * long or its caller has too many background calls waiting, store_unavailable (503) when the
   * shared budget cannot be asked. `charge: false`: a retry of a call already charged.
   */
  async take(
    caller: string,
    terms: BudgetClass,
    { charge = true }: { charge?: boolean } = {},
  ): Promise<void> {
    if (!this.#rate) return;
    const background = terms.queue === "background";
    if (terms.callerShare !== undefined && charge) {
      await this.#checkShare(caller, terms.callerShare);
    }
    const cap = terms.maxQueuedPerCaller;
    if (cap !== undefined && background && (this.#background.get(caller)?.length ?? 0) >= cap) {
      throw this.refusal();
    }
    await new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        caller,
        background,
        resolve,
        reject,
        cancelExpiry: this.#clock.schedule(() => this.#expire(waiter), this.#maxWaitMs),
      };
      const queues = background ? this.#background : this.#queues;
      const queue = queues.get(caller);
      if (queue) queue.push(waiter);
      else queues.set(caller, [waiter]);
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

  /** Foreground calls of `caller` waiting on this replica. */
  queuedFor(caller: string): number {
    return this.#queues.get(caller)?.length ?? 0;
  }

  async #checkShare(caller: string, part: number): Promise<void> {
    let rate = this.#shares.get(part);
    if (!rate) {
      const spec = budgetRate(this.#limit * part, CALLER_HORIZON_MS);
      rate = { ...spec, burst: Math.max(spec.burst, 10) };
      this.#shares.set(part, rate);
    }
    const share = await this.#store.reserve(`${this.#key}:caller:${caller}`, rate);
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
   * The next foreground caller's oldest waiting call, that caller moving to the back of the
   * round; the next background caller's oldest call (round-robin as well) only when no
   * foreground call waits.
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
    const queue = queues.get(waiter.caller);
    const index = queue?.indexOf(waiter) ?? -1;
    if (!queue || index < 0) return;
    queue.splice(index, 1);
    if (queue.length === 0) queues.delete(waiter.caller);
    this.#waiting--;
    waiter.reject(this.refusal());
  }

  /** What a call the budget gives up on is refused with (the console's own, not the upstream's). */
  refusal(): ApiError {
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
