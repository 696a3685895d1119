// The simulator's public types, exported from simulator/index.ts.

export interface SimulatorClient {
  id: string;
  secret: string;
  /** false => a token is issued, but every alarm call answers 403. Default true. */
  apiAccess?: boolean;
}

export type FaultRoute = "token" | "alarms" | "alarm";

export interface Faults {
  /** Delay before answering, in ms. */
  latencyMs: number;
  /** Share (0..1) of matching requests answered with failStatus. */
  failRate: number;
  failStatus: number;
  /** Share (0..1) of successful alarm responses sent with an invalid JSON body, status 200. */
  malformedRate: number;
  /** Which routes the faults apply to; default all three. */
  routes: FaultRoute[];
}

export interface SimulatorOptions {
  /** Default 4010; 0 picks a free port. */
  port?: number;
  /** Default "127.0.0.1". */
  host?: string;
  /** Default 5000. */
  alarms?: number;
  /** Default 42. */
  seed?: number;
  /** Epoch ms the newest alarm is a few minutes before; default: the start time, to the second. */
  anchor?: number;
  /** Default: one client from USM_CLIENT_ID / USM_CLIENT_SECRET (demo-client / demo-secret). */
  clients?: SimulatorClient[];
  /** Default 899. */
  tokenTtlSeconds?: number;
  /** Default 100 GET / 50 POST per second per client; false disables. */
  rateLimit?: { getPerSecond: number; postPerSecond: number } | false;
  /** Enables the /_sim admin API. Default false. */
  admin?: boolean;
  /** Initial faults. */
  faults?: Partial<Faults>;
  /**
   * The simulator's clock in epoch ms: token expiry, rate windows, stats and the default anchor.
   * Default: the real clock; tests inject their own instead of waiting.
   */
  now?: () => number;
}

export interface SimulatorStats {
  tokensIssued: number;
  rateLimited: number;
  byRoute: { token: number; alarms: number; alarm: number };
  byStatus: Record<string, number>;
  /**
   * The most requests one client sent within any 1,000 ms (sliding), GETs to the alarm routes
   * and token POSTs apart, as the rate limiter saw them (admitted or refused).
   */
  busiestSecond: { get: number; post: number };
  /** The same requests per whole second (epoch seconds), for the last 10 minutes. */
  perSecond: Array<{ second: number; get: number; post: number }>;
}

export interface RunningSimulator {
  /** http://127.0.0.1:<port>, no trailing slash. */
  url: string;
  close(): Promise<void>;
  setFaults(f: Partial<Faults>): void;
  revokeTokens(): void;
  /** Clears faults, tokens, stats and rate windows. */
  reset(): void;
  stats(): SimulatorStats;
}
