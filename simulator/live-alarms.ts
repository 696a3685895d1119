// The live side table: scheduled arrivals and admin-added alarms as small JS objects beside the
// big columns (which stay as built), the scheduled status changes, and what reset puts back.
// Everything scheduled is a function of the seed, the anchor and the time it is advanced to.
import type { AlarmRow } from "./alarm-row";
import { baseRow } from "./alarm-row";
import { Dataset, STATUS_ABSENT, columnSeed, drawRow, setBaseStatus, statusCode } from "./dataset";
import {
  ArrivalSchedule,
  ChangeClock,
  LiveConfig,
  ScheduledArrival,
  changeRng,
} from "./live-schedule";
import { Rng } from "./prng";
import type { Staged } from "./staged";

/**
 * Admin-added alarms take uuid indices from here up; scheduled arrivals take ds.count,
 * ds.count + 1, ... in the order they occur. Apart, a scheduled arrival's uuid never depends on
 * what the admin API did, and an admin-added uuid is never given twice (not even after reset).
 */
export const ADMIN_INDEX_BASE = 0x8000_0000;
/** Scheduled status changes pick among the newest this many generated alarms and arrivals. */
const RECENT_POOL = 500;
/** A change whose picks are all closed (or without status) after this many tries does nothing. */
const CHANGE_TRIES = 8;

const OPEN = statusCode("open");
const IN_REVIEW = statusCode("in_review");
const CLOSED = statusCode("closed");

interface LiveRow extends AlarmRow {
  /** The status it arrived with: reset puts it back. */
  readonly initialStatus: number;
}

/** An admin-added alarm: what the caller fixed; everything else is drawn. */
export interface LiveAlarmFields {
  occurredMs: number;
  receivedMs: number;
  rule?: number;
  priority?: number;
  status?: number;
  suppressed?: boolean;
  sensor?: number;
  eventsCount?: number;
  /** Who it involves and its labels, as far as the caller fixed them. */
  staged?: Staged;
}

/** open -> in_review -> closed; -1 when there is nothing to advance. */
function advanced(status: number): number {
  if (status === OPEN) return IN_REVIEW;
  if (status === IN_REVIEW) return CLOSED;
  return -1;
}

export class LiveAlarms {
  private readonly schedule: ArrivalSchedule;
  private readonly scheduled: LiveRow[] = [];
  private readonly admin = new Map<number, LiveRow>();
  private nextAdmin = 0;
  private changes: ChangeClock;
  /** Generated alarms whose status changed, with the status they were built with. */
  private readonly builtStatus = new Map<number, number>();
  private readonly rng = new Rng(0);

  constructor(
    private readonly ds: Dataset,
    private readonly config: LiveConfig,
    private readonly startMs: number,
  ) {
    this.schedule = new ArrivalSchedule(ds.seed, startMs, config);
    this.changes = new ChangeClock(ds.seed, startMs, config.statusChangesPerMinute);
  }

  /** Generates the arrivals that occurred by `now` and applies the status changes due by then. */
  advance(now: number): void {
    for (const arrival of this.schedule.extendTo(now)) this.scheduled.push(this.arrive(arrival));
    for (let c = this.changes.take(now); c; c = this.changes.take(now)) {
      this.applyScheduledChange(c.atMs, c.ordinal);
    }
  }

  /** Live alarms received by `now`, scheduled ones first (in the order they occurred). */
  visible(now: number): AlarmRow[] {
    const rows: AlarmRow[] = this.scheduled.filter((row) => row.receivedMs <= now);
    for (const row of this.admin.values()) if (row.receivedMs <= now) rows.push(row);
    return rows;
  }

  /** The alarm with this uuid index, if it exists and was received by `now`. */
  find(index: number, now: number): AlarmRow | null {
    if (index < 0) return null;
    if (index < this.ds.count) return baseRow(this.ds, index);
    const row =
      index >= ADMIN_INDEX_BASE ? this.admin.get(index) : this.scheduled[index - this.ds.count];
    return row && row.receivedMs <= now ? row : null;
  }

  add(fields: LiveAlarmFields): AlarmRow {
    const index = ADMIN_INDEX_BASE + this.nextAdmin++;
    const drawn = this.draw(index, fields.rule ?? -1);
    const row: LiveRow = {
      ...drawn,
      occurredMs: fields.occurredMs,
      receivedMs: fields.receivedMs,
      ...(fields.priority !== undefined && { priority: fields.priority }),
      ...(fields.suppressed !== undefined && { suppressed: fields.suppressed }),
      ...(fields.sensor !== undefined && { sensor: fields.sensor }),
      ...(fields.eventsCount !== undefined && { eventsCount: fields.eventsCount }),
      ...(fields.staged !== undefined && { staged: fields.staged }),
      status: fields.status ?? drawn.status,
      initialStatus: fields.status ?? drawn.status,
    };
    this.admin.set(index, row);
    return row;
  }

  /** Sets the status of a live or generated alarm; the caller has found it visible. */
  setStatus(row: AlarmRow, status: number): AlarmRow {
    if (row.index < this.ds.count) {
      this.setGenerated(row.index, status);
      return baseRow(this.ds, row.index);
    }
    row.status = status;
    return row;
  }

  /**
   * Drops admin-added alarms and undoes every status change, then lets the schedule replay its
   * own changes on the next advance: the state is that of a fresh start, at the same time.
   */
  reset(): void {
    this.admin.clear();
    for (const [index, status] of this.builtStatus) setBaseStatus(this.ds, index, status);
    this.builtStatus.clear();
    for (const row of this.scheduled) row.status = row.initialStatus;
    this.changes = new ChangeClock(this.ds.seed, this.startMs, this.config.statusChangesPerMinute);
  }

  /** A new alarm's columns, drawn as the generated set's are; new alarms arrive open. */
  private draw(index: number, rule: number): LiveRow {
    this.rng.reseed(columnSeed(this.ds.seed, index));
    const row = drawRow(this.rng, this.ds.catalog, 0, rule >= 0 ? rule : undefined);
    // Like the generated set, ~2% carry no status at all.
    const status = row.status === STATUS_ABSENT ? STATUS_ABSENT : OPEN;
    return {
      index,
      occurredMs: 0,
      receivedMs: 0,
      priority: row.priority,
      status,
      initialStatus: status,
      rule: row.rule,
      suppressed: row.suppressed,
      sensor: row.sensor,
      eventsCount: row.eventsCount,
    };
  }

  private arrive(arrival: ScheduledArrival): LiveRow {
    const row = this.draw(this.ds.count + this.scheduled.length, arrival.rule);
    return { ...row, occurredMs: arrival.occurredMs, receivedMs: arrival.receivedMs };
  }

  private setGenerated(index: number, status: number): void {
    if (!this.builtStatus.has(index)) this.builtStatus.set(index, this.ds.status[index]!);
    setBaseStatus(this.ds, index, status);
  }

  /** Arrivals that occurred by `ms` (they occur in schedule order). */
  private occurredBy(ms: number): number {
    let lo = 0;
    let hi = this.scheduled.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.scheduled[mid]!.occurredMs <= ms) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /**
   * Advances one recent alarm: one of the newest generated alarms or of the newest arrivals
   * received by then. Admin-added alarms are never picked, so the schedule stays a function of
   * time.
   */
  private applyScheduledChange(atMs: number, ordinal: number): void {
    const rng = changeRng(this.ds.seed, ordinal);
    const generated = Math.min(RECENT_POOL, this.ds.count);
    const to = this.occurredBy(atMs);
    const from = Math.max(0, to - RECENT_POOL);
    const pool = generated + to - from;
    if (pool === 0) return;
    for (let tries = 0; tries < CHANGE_TRIES; tries++) {
      const pick = rng.int(0, pool - 1);
      if (pick < generated) {
        const next = advanced(this.ds.status[pick]!);
        if (next < 0) continue;
        this.setGenerated(pick, next);
        return;
      }
      const row = this.scheduled[from + pick - generated]!;
      const next = advanced(row.status);
      if (row.receivedMs > atMs || next < 0) continue;
      row.status = next;
      return;
    }
  }
}
