// Per-client sliding one-second window: a request is admitted while fewer than `limit` requests
// were admitted in the last 1000 ms. Rejected requests are not counted, so a client recovers as
// soon as its admitted rate falls back under the limit.
import { performance } from "node:perf_hooks";

export class SlidingWindowLimiter {
  private readonly windows = new Map<string, { times: Float64Array; head: number; size: number }>();

  constructor(
    private readonly limit: number,
    /** Milliseconds; monotonic by default, injected by tests. */
    private readonly now: () => number = () => performance.now(),
  ) {}

  admit(key: string): boolean {
    const now = this.now();
    let w = this.windows.get(key);
    if (!w) {
      w = { times: new Float64Array(this.limit), head: 0, size: 0 };
      this.windows.set(key, w);
    }
    if (w.size < this.limit) {
      w.times[(w.head + w.size) % this.limit] = now;
      w.size++;
      return true;
    }
    // The ring is full: the oldest admission decides whether the window has room again.
    if (now - w.times[w.head]! < 1000) return false;
    w.times[w.head] = now;
    w.head = (w.head + 1) % this.limit;
    return true;
  }

  clear(): void {
    this.windows.clear();
  }
}
