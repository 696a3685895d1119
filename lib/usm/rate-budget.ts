import "server-only";
import { RateLimiterMemory, RateLimiterQueue } from "rate-limiter-flexible";
import { ApiError } from "@/lib/errors";

// Keeps this process under the upstream's per-client limit (100 GET/s, 50 POST/s), so calls
// wait here, in a bounded queue, instead of earning 429s.
//
// Why slices: RateLimiterMemory counts in fixed windows that start at the first call after the
// previous window ended, so they are never aligned with the upstream's one-second windows, and
// a burst straddling a boundary could put up to 2x the points into one upstream second. With
// windows of 1/n s holding p calls each, any one-second interval touches at most n+1 windows,
// hence sees at most (n+1)*p calls; p is chosen so that stays under the limit with a margin.
// At 100/s: 10 slices of 8 calls, 80/s sustained, at most 88 in any second and 96 in any 1.1 s
// (so calls that reach the upstream up to 100 ms apart from when they left still fit).
// The upstream counts per client and deployment: one process per API client is assumed.

const SAFETY = 0.95;
const MAX_SLICES = 10;

export interface BudgetUsage {
  /** The upstream's documented limit. */
  limitPerSecond: number;
  /** What this client sustains at most (the limit less the safety margin). */
  sustainedPerSecond: number;
  /** Calls sent upstream during the last second. */
  usedLastSecond: number;
  /** Calls waiting for a slot. */
  queued: number;
}

export interface RateBudgetOptions {
  perSecond: number;
  /** How long a call may wait for a slot before failing with upstream_rate_limited. */
  maxWaitMs: number;
}

export class RateBudget {
  private readonly queue: RateLimiterQueue | undefined;
  private readonly sustained: number;
  private readonly maxQueue: number;
  private readonly maxWaitMs: number;
  private readonly limit: number;
  private waiting = 0;
  private readonly sent: number[] = [];

  constructor({ perSecond, maxWaitMs }: RateBudgetOptions) {
    this.limit = perSecond;
    this.maxWaitMs = maxWaitMs;
    // 0 means "no client-side limit" (a deployment with a different agreement).
    if (perSecond <= 0) {
      this.sustained = Infinity;
      this.maxQueue = 0;
      return;
    }
    const allowed = perSecond * SAFETY;
    let slices = MAX_SLICES;
    while (slices > 1 && Math.floor(allowed / (slices + 1)) < 1) slices--;
    // Below ~2/s no slicing keeps the bound exact; one call per 1 s window is the best offer.
    const points = Math.max(1, Math.floor(allowed / (slices + 1)));
    this.sustained = points * slices;
    // A queue longer than what drains within maxWaitMs only turns into timeouts later.
    this.maxQueue = Math.max(1, Math.ceil((this.sustained * maxWaitMs) / 1000));
    const limiter = new RateLimiterMemory({ points, duration: 1 / slices });
    this.queue = new RateLimiterQueue(limiter, { maxQueueSize: this.maxQueue });
  }

  /** Resolves when a call may be sent; throws ApiError upstream_rate_limited when it may not. */
  async take(): Promise<void> {
    if (this.queue) {
      const deadline = Date.now() + this.maxWaitMs;
      this.waiting++;
      let timer: NodeJS.Timeout | undefined;
      try {
        // The library drops a queued call whose deadline (whole seconds) has passed; our own
        // timer answers sooner, so that late rejection has nobody waiting for it.
        const slot = this.queue.removeTokens(1, undefined, Math.ceil(deadline / 1000));
        slot.catch(() => undefined);
        await Promise.race([
          slot,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error("wait expired")), this.maxWaitMs);
          }),
        ]);
      } catch {
        // Queue full or waited too long: this process alone is asking for more than the budget.
        throw new ApiError(
          "upstream_rate_limited",
          "The dashboard is sending USM Anywhere as many requests as it allows; try again shortly.",
          { retryAfterSeconds: 1 },
        );
      } finally {
        clearTimeout(timer);
        this.waiting--;
      }
    }
    this.record();
  }

  private record(): void {
    const now = Date.now();
    this.sent.push(now);
    this.trim(now);
  }

  private trim(now: number): void {
    let drop = 0;
    while (drop < this.sent.length && this.sent[drop]! <= now - 1000) drop++;
    if (drop > 0) this.sent.splice(0, drop);
  }

  usage(): BudgetUsage {
    this.trim(Date.now());
    return {
      limitPerSecond: this.limit,
      sustainedPerSecond: Number.isFinite(this.sustained) ? this.sustained : 0,
      usedLastSecond: this.sent.length,
      queued: this.waiting,
    };
  }
}
