// Request counters behind GET /_sim/stats and RunningSimulator.stats().
import type { FaultRoute, SimulatorStats } from "./types";

export class StatsCollector {
  private data: SimulatorStats = StatsCollector.empty();

  private static empty(): SimulatorStats {
    return {
      tokensIssued: 0,
      rateLimited: 0,
      byRoute: { token: 0, alarms: 0, alarm: 0 },
      byStatus: {},
    };
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
    return structuredClone(this.data);
  }

  clear(): void {
    this.data = StatsCollector.empty();
  }
}
