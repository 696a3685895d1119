// Request counters behind GET /_sim/stats and RunningSimulator.stats().
import { performance } from "node:perf_hooks";
import type { FaultRoute, SimulatorStats } from "./types";

/** The per-second series keeps this many seconds. */
const SERIES_SECONDS = 600;

type Kind = "get" | "post";

export class StatsCollector {
  private data: SimulatorStats = StatsCollector.empty();
  /** Arrival times within the last second, per client and kind. */
  private readonly recent = new Map<string, number[]>();
  private readonly seconds = new Map<number, { get: number; post: number }>();

  /** `now`: an injected clock (epoch ms) for both the sliding window and the series. */
  constructor(private readonly now?: () => number) {}

  private static empty(): SimulatorStats {
    return {
      tokensIssued: 0,
      rateLimited: 0,
      byRoute: { token: 0, alarms: 0, alarm: 0, labels: 0 },
      byStatus: {},
      busiestSecond: { get: 0, post: 0 },
      perSecond: [],
    };
  }

  /**
   * A request the rate limiter judged (admitted or not), at the time it judged it: the most one
   * client sent within any 1,000 ms, and a series of whole seconds.
   */
  arrival(kind: Kind, client: string): void {
    const now = this.now ? this.now() : performance.now();
    const wall = this.now ? now : Date.now();
    const key = `${kind} ${client}`;
    let times = this.recent.get(key);
    if (!times) this.recent.set(key, (times = []));
    times.push(now);
    let drop = 0;
    while (drop < times.length && times[drop]! <= now - 1000) drop++;
    if (drop > 0) times.splice(0, drop);
    this.data.busiestSecond[kind] = Math.max(this.data.busiestSecond[kind], times.length);

    const second = Math.floor(wall / 1000);
    let bucket = this.seconds.get(second);
    if (!bucket) {
      this.seconds.set(second, (bucket = { get: 0, post: 0 }));
      for (const old of this.seconds.keys()) {
        if (old > second - SERIES_SECONDS) break;
        this.seconds.delete(old);
      }
    }
    bucket[kind]++;
  }

  route(route: FaultRoute): void {
    this.data.byRoute[route]++;
  }

  status(status: number): void {
    const key = String(status);
    this.data.byStatus[key] = (this.data.byStatus[key] ?? 0) + 1;
  }

  /** Counted by the limiter itself, so a fault that answers 429 is not mistaken for one. */
  rateLimited(): void {
    this.data.rateLimited++;
  }

  tokenIssued(): void {
    this.data.tokensIssued++;
  }

  snapshot(): SimulatorStats {
    const perSecond = [...this.seconds].map(([second, counts]) => ({ second, ...counts }));
    return { ...structuredClone(this.data), perSecond };
  }

  clear(): void {
    this.data = StatsCollector.empty();
    this.recent.clear();
    this.seconds.clear();
  }
}
