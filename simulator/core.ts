// The simulator's mutable state (tokens, rate windows, faults, stats, live alarms, labels) around
// the generated data set, with the operations the API, the admin API and RunningSimulator expose.
import { parseAdminAlarm, parseStatus } from "./admin-alarm";
import { AdminInputError, UnknownAlarmError, UnknownLabelError } from "./admin-errors";
import { EventShape, buildAlarm } from "./alarm-builder";
import { alarmIndexOf } from "./alarm-id";
import type { AlarmRow } from "./alarm-row";
import type { SimulatorConfig } from "./config";
import { Dataset, buildDataset } from "./dataset";
import { NO_FAULTS, mergeFaults } from "./faults";
import { AlarmLabels, parseLabelBody } from "./labels";
import { LiveAlarms } from "./live-alarms";
import { SlidingWindowLimiter } from "./rate-limiter";
import { StatsCollector } from "./stats";
import { TokenStore } from "./tokens";
import type { Faults, SimLabel, SimulatorClient, SimulatorStats } from "./types";

export class SimulatorCore {
  readonly ds: Dataset;
  readonly clients: ReadonlyMap<string, SimulatorClient>;
  readonly tokens: TokenStore;
  readonly getLimiter: SlidingWindowLimiter | null;
  readonly postLimiter: SlidingWindowLimiter | null;
  readonly statsCollector: StatsCollector;
  readonly admin: boolean;
  readonly live: LiveAlarms;
  readonly labels: AlarmLabels;
  faults: Faults;
  private readonly clock: () => number;

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
    this.clock = now ?? Date.now;
    this.live = new LiveAlarms(this.ds, config.live, config.anchor);
    this.labels = new AlarmLabels(config.seed);
  }

  /**
   * The schedule catches up lazily, on every request that reads alarms: arrivals received by
   * now become visible and status changes due by now are applied. No timers: the clock drives it.
   */
  advance(): number {
    const now = this.clock();
    this.live.advance(now);
    return now;
  }

  /** The live alarms a list page merges in. */
  visibleLive(): AlarmRow[] {
    return this.live.visible(this.advance());
  }

  /** The visible alarm with this uuid (generated or live), or null. */
  findAlarm(uuid: string): AlarmRow | null {
    const now = this.advance();
    return this.live.find(alarmIndexOf(this.ds.seed, uuid.toLowerCase()), now);
  }

  /** An alarm's JSON as the API serves it: with the labels written on it, if any. */
  alarmJson(row: AlarmRow, origin: string, shape: EventShape = "wrapped"): Record<string, unknown> {
    return buildAlarm(this.ds, row, origin, shape, this.labels.writtenOn(row.index));
  }

  /** Throws AdminInputError (a TypeError) on bad input. */
  addAlarm(body: unknown): AlarmRow {
    const now = this.advance();
    const row = this.live.add(parseAdminAlarm(this.ds, body, now));
    // Its labels join the catalogue now, so that GET /_sim/labels lists them at once.
    this.labels.ids(row.staged?.labels ?? []);
    return row;
  }

  /** A catalogue entry from {"name"}: `created` false for a name it had (any case). */
  addLabel(body: unknown): { label: SimLabel; created: boolean } {
    return this.labels.entry(parseLabelBody(body));
  }

  /** The ids of a visible alarm's labels; UnknownAlarmError (a TypeError) when there is none. */
  labelIdsOf(uuid: string): string[] {
    return this.labels.ids(this.labelNames(this.visibleAlarm(uuid)));
  }

  /**
   * Puts a label on a visible alarm (`on`) or takes it off; either is a no-op when already so.
   * Throws UnknownAlarmError, then UnknownLabelError.
   */
  writeLabel(uuid: string, labelId: string, on: boolean): void {
    const row = this.visibleAlarm(uuid);
    const label = this.labels.find(labelId);
    if (!label) throw new UnknownLabelError(labelId);
    const names = this.labelNames(row);
    if (on) this.labels.put(row.index, names, label);
    else this.labels.remove(row.index, names, label);
  }

  private visibleAlarm(uuid: string): AlarmRow {
    const row = this.findAlarm(uuid);
    if (!row) throw new UnknownAlarmError(uuid);
    return row;
  }

  /** The names an alarm carries: written ones, else those it was built with (drawn or staged). */
  private labelNames(row: AlarmRow): readonly string[] {
    const written = this.labels.writtenOn(row.index);
    // buildAlarm always sets alarm_labels, an array of strings.
    return written ?? (buildAlarm(this.ds, row, "").alarm_labels as string[]);
  }

  /** Throws AdminInputError on a bad status, UnknownAlarmError (both TypeErrors) on a bad uuid. */
  setAlarmStatus(uuid: unknown, status: unknown): AlarmRow {
    if (typeof uuid !== "string") throw new AdminInputError("uuid", "must be a string");
    const code = parseStatus(status);
    return this.live.setStatus(this.visibleAlarm(uuid), code);
  }

  /** Merges into the current faults; throws (ZodError) on an invalid patch. */
  setFaults(patch: unknown): Faults {
    this.faults = mergeFaults(this.faults, patch);
    return this.faults;
  }

  revokeTokens(): void {
    this.tokens.revokeAll();
  }

  /**
   * Back to a fresh start: no faults (not even the initial ones), tokens, stats, rate windows,
   * admin-added alarms, status changes, label writes or added labels; scheduled arrivals and
   * changes stay what time made them.
   */
  reset(): void {
    this.live.reset();
    this.labels.reset();
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
