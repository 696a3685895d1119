// The simulator's mutable state (tokens, rate windows, faults, stats) around the immutable
// data set, with the operations the admin API and RunningSimulator expose.
import type { SimulatorConfig } from "./config";
import { Dataset, buildDataset } from "./dataset";
import { NO_FAULTS, mergeFaults } from "./faults";
import { SlidingWindowLimiter } from "./rate-limiter";
import { StatsCollector } from "./stats";
import { TokenStore } from "./tokens";
import type { Faults, SimulatorClient, SimulatorStats } from "./types";

export class SimulatorCore {
  readonly ds: Dataset;
  readonly clients: ReadonlyMap<string, SimulatorClient>;
  readonly tokens: TokenStore;
  readonly getLimiter: SlidingWindowLimiter | null;
  readonly postLimiter: SlidingWindowLimiter | null;
  readonly statsCollector: StatsCollector;
  readonly admin: boolean;
  faults: Faults;

  constructor(config: SimulatorConfig, initialFaults: Partial<Faults> = {}) {
    this.ds = buildDataset(config.seed, config.alarms, config.anchor);
    this.clients = new Map(config.clients.map((c) => [c.id, c]));
    // An injected clock drives everything that keeps time; else tokens expire by the wall clock
    // and rate windows are measured on a monotonic one.
    const { now } = config;
    this.tokens = new TokenStore(config.tokenTtlSeconds, now);
    const limit = config.rateLimit;
    this.getLimiter = limit ? new SlidingWindowLimiter(limit.getPerSecond, now) : null;
    this.postLimiter = limit ? new SlidingWindowLimiter(limit.postPerSecond, now) : null;
    this.statsCollector = new StatsCollector(now);
    this.admin = config.admin;
    this.faults = mergeFaults({ ...NO_FAULTS }, initialFaults);
  }

  /** Merges into the current faults; throws (ZodError) on an invalid patch. */
  setFaults(patch: unknown): Faults {
    this.faults = mergeFaults(this.faults, patch);
    return this.faults;
  }

  revokeTokens(): void {
    this.tokens.revokeAll();
  }

  /** Back to a fresh start: no faults (not even the initial ones), tokens, stats, rate windows. */
  reset(): void {
    this.faults = { ...NO_FAULTS, routes: [...NO_FAULTS.routes] };
    this.tokens.revokeAll();
    this.statsCollector.clear();
    this.getLimiter?.clear();
    this.postLimiter?.clear();
  }

  stats(): SimulatorStats {
    return this.statsCollector.snapshot();
  }
}
