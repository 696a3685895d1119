// When live alarms occur and are received, and when scheduled status changes happen: pure
// functions of the seed, the anchor and the live options, generated in time order on demand.
// Nothing here reads a clock; the caller extends the schedule up to its own `now`.
import { Rng, hash32 } from "./prng";
import { RULE_WEIGHTS } from "./taxonomy";

export interface LiveConfig {
  /** Alarms per minute on average, bursts included; 0 = no arrivals. */
  perMinute: number;
  /** Share (0..1) of arrivals received 2-15 minutes after they occurred. */
  lateShare: number;
  /** Chance (0..1) that an arrival is a burst of 3-8 alarms of one rule. */
  burstChance: number;
  /** Scheduled status changes per minute; 0 = none. */
  statusChangesPerMinute: number;
}

export const LIVE_OFF: Readonly<LiveConfig> = {
  perMinute: 0,
  lateShare: 0.2,
  burstChance: 0.05,
  statusChangesPerMinute: 0,
};

export interface ScheduledArrival {
  occurredMs: number;
  receivedMs: number;
  /** The burst's rule (index into RULES), or -1: drawn with the alarm's other columns. */
  rule: number;
}

const ARRIVAL_STREAM = 0xa771;
const CHANGE_STREAM = 0xc4a6;
const BURST_MIN = 3;
const BURST_MAX = 8;
/** Alarms of a burst follow each other by up to this much: a burst spans a few seconds. */
const BURST_STEP_MS = 1200;
const LATE_MIN_MS = 2 * 60_000;
const LATE_MAX_MS = 15 * 60_000;
const PROMPT_MIN_MS = 1500;
const PROMPT_MAX_MS = 60_000;

function streamSeed(seed: number, startMs: number, stream: number): number {
  // Epoch ms exceed 32 bits: mix the seconds, which do not (until 2106).
  return hash32(seed, Math.floor(startMs / 1000), stream);
}

/** An exponential gap with the given mean: arrivals at a constant rate form a Poisson process. */
function gapMs(rng: Rng, meanMs: number): number {
  return Math.max(1, Math.round(-Math.log(1 - rng.float()) * meanMs));
}

/** Arrivals in the order they occur (also the order their uuid indices are given in). */
export class ArrivalSchedule {
  private readonly rng: Rng;
  private readonly meanGapMs: number;
  private nextTickMs: number;
  /** Drawn but not yet due: a burst's later alarms may occur after the next tick. */
  private pending: ScheduledArrival[] = [];

  constructor(
    seed: number,
    startMs: number,
    private readonly live: LiveConfig,
  ) {
    this.rng = new Rng(streamSeed(seed, startMs, ARRIVAL_STREAM));
    // Ticks are single alarms or bursts; the tick rate keeps the mean at perMinute alarms.
    const perTick = 1 + live.burstChance * ((BURST_MIN + BURST_MAX) / 2 - 1);
    const ticksPerMinute = live.perMinute / perTick;
    this.meanGapMs = ticksPerMinute > 0 ? 60_000 / ticksPerMinute : Infinity;
    this.nextTickMs = startMs + (this.meanGapMs === Infinity ? 0 : gapMs(this.rng, this.meanGapMs));
  }

  /**
   * The arrivals that occurred at or before `untilMs` and were not returned before, in the
   * order they occurred. Every tick up to `untilMs` is drawn first, and later ticks occur after
   * it, so the order does not depend on how often this is called.
   */
  extendTo(untilMs: number): ScheduledArrival[] {
    if (this.meanGapMs === Infinity) return [];
    while (this.nextTickMs <= untilMs) {
      const rng = this.rng;
      const burst = rng.chance(this.live.burstChance);
      const size = burst ? rng.int(BURST_MIN, BURST_MAX) : 1;
      const rule = burst ? rng.weighted(RULE_WEIGHTS) : -1;
      let occurred = this.nextTickMs;
      for (let k = 0; k < size; k++) {
        if (k > 0) occurred += rng.int(50, BURST_STEP_MS);
        const late = rng.chance(this.live.lateShare);
        const delay = late
          ? rng.int(LATE_MIN_MS, LATE_MAX_MS)
          : rng.logInt(PROMPT_MIN_MS, PROMPT_MAX_MS);
        this.pending.push({ occurredMs: occurred, receivedMs: occurred + delay, rule });
      }
      this.nextTickMs += gapMs(rng, this.meanGapMs);
    }
    // A stable sort: alarms of the same millisecond keep the order they were drawn in.
    this.pending.sort((a, b) => a.occurredMs - b.occurredMs);
    const due = this.pending.filter((a) => a.occurredMs <= untilMs);
    this.pending = this.pending.filter((a) => a.occurredMs > untilMs);
    return due;
  }
}

/** The times of scheduled status changes, one after another. */
export class ChangeClock {
  private readonly rng: Rng;
  private readonly meanGapMs: number;
  private nextMs: number;
  /** How many changes came before the next one: each change draws from its own stream. */
  ordinal = 0;

  constructor(seed: number, startMs: number, perMinute: number) {
    this.rng = new Rng(streamSeed(seed, startMs, CHANGE_STREAM));
    this.meanGapMs = perMinute > 0 ? 60_000 / perMinute : Infinity;
    this.nextMs = perMinute > 0 ? startMs + gapMs(this.rng, this.meanGapMs) : Infinity;
  }

  /** The next change's time, if it is at or before `untilMs`, else null. */
  take(untilMs: number): { atMs: number; ordinal: number } | null {
    if (this.nextMs > untilMs) return null;
    const change = { atMs: this.nextMs, ordinal: this.ordinal++ };
    this.nextMs += gapMs(this.rng, this.meanGapMs);
    return change;
  }
}

/** The PRNG a scheduled change picks its target with. */
export function changeRng(seed: number, ordinal: number): Rng {
  return new Rng(hash32(seed, ordinal, CHANGE_STREAM));
}
