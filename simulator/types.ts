// The simulator's public types, exported from simulator/index.ts.

export interface SimulatorClient {
  id: string;
  secret: string;
  /** false => a token is issued, but every alarm call answers 403. Default true. */
  apiAccess?: boolean;
  /** false => reads pass, but putting or taking off an alarm's label answers 403. Default true. */
  writeAccess?: boolean;
}

/** `labels`: GET /alarms/{id}/labels, PUT and DELETE /alarms/{id}/labels/{labelId}. */
export type FaultRoute = "token" | "alarms" | "alarm" | "labels";

export interface Faults {
  /** Delay before answering, in ms. */
  latencyMs: number;
  /** Share (0..1) of matching requests answered with failStatus. */
  failRate: number;
  failStatus: number;
  /** Share (0..1) of successful alarm responses sent with an invalid JSON body, status 200. */
  malformedRate: number;
  /** List reads asking for more alarms a page than this answer failStatus; null: none do. */
  failAbovePageSize: number | null;
  /** Which routes the faults apply to; default all four. */
  routes: FaultRoute[];
}

/** New alarms while the simulator runs; see README "Live mode". */
export interface LiveOptions {
  /** Alarms per minute on average, bursts included (decimals allowed); 0 = none. */
  perMinute: number;
  /** Share (0..1) of arrivals received 2-15 minutes after they occurred. Default 0.2. */
  lateShare?: number;
  /** Chance (0..1) that an arrival is a burst of 3-8 alarms of one rule. Default 0.05. */
  burstChance?: number;
  /** Scheduled status changes (open -> in_review -> closed) per minute. Default perMinute. */
  statusChangesPerMinute?: number;
}

export type SimAlarmStatus = "open" | "in_review" | "closed";

/**
 * One of an added alarm's sources or destinations, in the vendor's names. Given nothing about its
 * host, an address of the simulated estate is that asset (hostname, FQDN, asset id).
 */
export interface SimEndpointInput {
  /** IPv4 or IPv6 (served in canonical form). */
  address: string;
  hostname?: string;
  fqdn?: string;
  /** Default: the hostname, else the address. */
  name?: string;
  /** Default: the FQDN, else the address. */
  canonical?: string;
  /** ISO 3166 alpha-2, capitals. */
  country?: string;
  organisation?: string;
  asset_id?: string;
  /** Default: a share of what the given counts leave of the alarm's events. */
  event_count?: number;
}

/**
 * An alarm to add (POST /_sim/alarms, RunningSimulator.addAlarm); every field is optional and
 * what is left out is drawn. See README "Adding alarms" for how the who-fields agree.
 */
export interface SimAlarmInput {
  /** 0-100. Default: drawn around the rule's typical priority. */
  priority?: number;
  /** Default open (about 2% of new alarms carry none, as generated ones). */
  status?: SimAlarmStatus;
  /** An existing rule's method: picks that rule. */
  rule_method?: string;
  /** Picks the first rule with that intent (or checks rule_method's). */
  rule_intent?: string;
  /** With rule_strategy, rule_attack_id / _technique / _tactic: the first rule having them all. */
  rule_id?: string;
  rule_strategy?: string;
  rule_attack_id?: string;
  rule_attack_technique?: string;
  /** The rule's tactics include every one given. */
  rule_attack_tactic?: string[];
  /** Replaces the drawn labels (at most 20, distinct). */
  alarm_labels?: string[];
  /** Source addresses; the served sources[], events and names follow them. */
  alarm_sources?: string[];
  alarm_destinations?: string[];
  /** Source objects; alarm_sources (if also given) must name exactly their addresses. */
  sources?: SimEndpointInput[];
  destinations?: SimEndpointInput[];
  /** Names the first source (must agree with sources[0]'s name or hostname if it has one). */
  source_name?: string;
  destination_name?: string;
  /** Set on the alarm and on every event. */
  source_username?: string;
  destination_username?: string;
  suppressed?: boolean;
  /** One of the data set's sensor uuids. */
  sensor_uuid?: string;
  /** Epoch ms (a number, or a string of digits as alarms carry it). Default now. */
  timestamp_occured?: number | string;
  /** Epoch ms, >= timestamp_occured. Default max(now, timestamp_occured). */
  timestamp_received?: number | string;
  /** >= 1. Default drawn for the rule. */
  events_count?: number;
}

/** A label of the catalogue: alarms carry its name in `alarm_labels`, the labels API its id. */
export interface SimLabel {
  id: string;
  name: string;
}

/** An alarm as GET /api/2.0/alarms/{uuid} answers it (events flat). */
export interface SimAlarm {
  uuid: string;
  [field: string]: unknown;
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
  /** New alarms and status changes over time. Default off: the data set stays still. */
  live?: LiveOptions;
  /**
   * The simulator's clock in epoch ms: token expiry, rate windows, stats, the default anchor,
   * and which live alarms have been received and which status changes have happened.
   * Default: the real clock; tests inject their own instead of waiting.
   */
  now?: () => number;
}

export interface SimulatorStats {
  tokensIssued: number;
  rateLimited: number;
  byRoute: { token: number; alarms: number; alarm: number; labels: number };
  byStatus: Record<string, number>;
  /**
   * The most requests one client sent within any 1,000 ms (sliding), the GET class (alarm and
   * label reads) and the POST class (token requests, label writes) apart, as the rate limiter
   * saw them (admitted or refused).
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
  /**
   * Clears faults, tokens, stats and rate windows; drops admin-added alarms and undoes every
   * status change, then replays the scheduled ones: the state of a fresh start at this time.
   */
  reset(): void;
  /** Adds an alarm (visible once received <= now); throws TypeError on invalid fields. */
  addAlarm(fields?: SimAlarmInput): SimAlarm;
  /** Sets a visible alarm's status; throws TypeError on an unknown uuid or status. */
  setAlarmStatus(uuid: string, status: SimAlarmStatus): SimAlarm;
  /** The label catalogue: the seeded labels, then those added or met on staged alarms. */
  labels(): SimLabel[];
  /** Adds a label to the catalogue (an existing name, any case: that entry); TypeError if bad. */
  addLabel(name: string): SimLabel;
  /** The ids of a visible alarm's labels, as its labels endpoint answers; TypeError if unknown. */
  labelsOf(uuid: string): string[];
  stats(): SimulatorStats;
}
