import "server-only";
import { LRUCache } from "lru-cache";
import { ApiError } from "@/lib/shared/core/errors";

// Fair shares of this server's own time. The upstream budget is shared fairly between analysts
// (lib/server/usm/budget.ts), but every request also costs this process a millisecond or two, cached
// answers included, and requests in progress share the event loop: a thousand at once from one
// analyst would queue a colleague's behind them. So each analyst may send this replica so many
// requests a second (a browser needs a handful: a page, its neighbour, a hovered detail) and
// have so many in progress. The excess is answered 429, and that answer is held back for its
// Retry-After period: a client that retries as soon as it is answered then comes back every few
// seconds, not a thousand times a second. Answers held at once have a ceiling.

export interface GateLimits {
  /** Requests a second an analyst may sustain on this replica. */
  perSecond: number;
  /** Requests an analyst may send at once after being quiet. */
  burst: number;
  /** Requests of one analyst in progress at once. */
  inProgress: number;
  /** How long a refused request waits before it is answered (and the Retry-After it gets). */
  holdSeconds: number;
  /** Refused answers held at once, at most (each is an open connection and a timer). */
  maxHeld: number;
}

export const DEFAULT_GATE_LIMITS: GateLimits = {
  perSecond: 20,
  burst: 60,
  inProgress: 24,
  holdSeconds: 5,
  maxHeld: 5_000,
};

interface Bucket {
  tokens: number;
  at: number;
  inProgress: number;
}

export class AnalystGate {
  readonly #limits: GateLimits;
  readonly #now: () => number;
  // Analysts seen lately; an evicted one starts again with a full bucket.
  readonly #buckets = new LRUCache<string, Bucket>({ max: 10_000 });
  #held = 0;

  constructor(limits: GateLimits = DEFAULT_GATE_LIMITS, now: () => number = Date.now) {
    this.#limits = limits;
    this.#now = now;
  }

  /** Counts a request of `analyst` in; the returned function counts it out. Throws when over. */
  enter(analyst: string): () => void {
    const { perSecond, burst, inProgress, holdSeconds } = this.#limits;
    const now = this.#now();
    const bucket = this.#buckets.get(analyst) ?? { tokens: burst, at: now, inProgress: 0 };
    bucket.tokens = Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.#buckets.set(analyst, bucket);
    if (bucket.tokens < 1 || bucket.inProgress >= inProgress) {
      throw new ApiError(
        "rate_limited",
        "You are sending the console more requests than it serves one analyst; the rest of the team keeps their share. Slow down and retry shortly.",
        { retryAfterSeconds: holdSeconds },
      );
    }
    bucket.tokens -= 1;
    bucket.inProgress += 1;
    let left = false;
    return () => {
      if (left) return;
      left = true;
      bucket.inProgress -= 1;
    };
  }

  /** Waits out the hold of a refused request's answer (at once when too many are held). */
  async hold(retryAfterSeconds: number | undefined): Promise<void> {
    if (this.#held >= this.#limits.maxHeld) return;
    this.#held++;
    try {
      const seconds = Math.min(this.#limits.holdSeconds, retryAfterSeconds ?? 1);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
    } finally {
      this.#held--;
    }
  }
}

const KEY = Symbol.for("alarm-console.analyst-gate");
type Holder = { [KEY]?: AnalystGate };

/** This process's gate, shared by every route bundle. */
export function analystGate(): AnalystGate {
  const holder = globalThis as Holder;
  holder[KEY] ??= new AnalystGate();
  return holder[KEY];
}
