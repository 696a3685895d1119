import "server-only";
import type { Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import type { LiveChange, LiveFresh, LiveState } from "@/lib/shared/live/types";
import type { LiveView } from "@/lib/shared/live/view-id";
import type { Lease } from "@/lib/server/store/lease";
import { readAlarmStatus, readLiveWindow, type UsmClient } from "@/lib/server/usm";
import type { Activity } from "./activity";
import { observe, type Observation } from "./diff";
import type { WatchRecord, WatchRecords } from "./record";

// One poll of a watched view, by the replica holding its lease: a turn in the watchers' share of
// the deployment's budget (the budget's live class), the view's first alarms, what is new and
// what changed, each alarm that left the page for no visible reason asked about on its own, and
// the outcome recorded and published. When the share is short the turn is booked far ahead: the
// view is polled less often, its state says "stretched", and it is never starved.

/**
 * How far ahead a poll may be booked when the watchers' share is short: at 10 GET/s, 6,000 views
 * take their turns before any is refused (and tries again when the queue has room).
 */
const MAX_BOOKING_MS = 10 * 60_000;
/** Alarms that left a page for no visible reason, asked about one by one, at most per poll. */
const MAX_DEPARTED_CHECKS = 5;

export interface PollDeps {
  clock: Clock;
  activity: Activity;
  records: WatchRecords;
  intervalMs: number;
  /** How many of a view's first alarms each poll reads. */
  window: number;
  /** How long the view's lease lasts unrenewed. */
  leaseMs: number;
}

export interface Polled {
  view: LiveView;
  /** The view's key in the store (its channel, record and lease). */
  key: string;
  lease: Lease;
  client: UsmClient;
  stopped(): boolean;
}

/** Polls once, records and publishes the outcome; resolves with when to tick next. */
export async function pollView(
  deps: PollDeps,
  watch: Polled,
  record: WatchRecord | null,
): Promise<number> {
  const { clock, intervalMs, records } = deps;
  const lastPoll = record?.state.polledAt ?? null;
  const maxWaitMs = Math.max(MAX_BOOKING_MS, 20 * intervalMs);
  const turn = await watch.client.takeTurn("live", maxWaitMs);
  if (!turn.granted) {
    // The watchers' share is booked far ahead: say so, and ask again when it has room.
    const stretched = { stretched: true, intervalMs: intervalMs + turn.retryInMs };
    const at = clock.now();
    await records.publish(watch.key, watch.view.id, record, stretched, record?.memory ?? null, at);
    return Math.max(intervalMs, turn.retryInMs * (1 + Math.random() / 10));
  }
  if (turn.waitMs > 0) {
    // The watch stays this replica's while it waits for its turn.
    await watch.lease.extend(turn.waitMs + deps.leaseMs);
    await deps.activity.sleep(turn.waitMs);
  }
  if (watch.stopped()) return intervalMs;

  const at = clock.now();
  const outcome = await observeView(deps, watch, record, at);
  // The time between polls, stretched when the share made this one wait past its interval.
  const gap = lastPoll === null ? intervalMs : at - lastPoll;
  const stretched = turn.waitMs > intervalMs / 10 && gap > intervalMs * 1.1;
  await records.publish(
    watch.key,
    watch.view.id,
    record,
    {
      polledAt: outcome.error ? (record?.state.polledAt ?? null) : at,
      error: outcome.error,
      fresh: outcome.fresh,
      changes: outcome.changes,
      stretched,
      intervalMs: stretched ? Math.round(gap) : intervalMs,
    },
    outcome.memory,
    at + intervalMs,
  );
  // An interval from this poll's start, not its end: the cadence does not drift by a poll's time.
  return Math.max(0, at + intervalMs - clock.now());
}

interface Outcome {
  fresh: LiveFresh[];
  changes: LiveChange[];
  memory: WatchRecord["memory"];
  error: LiveState["error"];
}

/** The view's first alarms as of `at`, compared with what the watch saw before. */
async function observeView(
  deps: PollDeps,
  watch: Polled,
  record: WatchRecord | null,
  at: number,
): Promise<Outcome> {
  const { view } = watch;
  let observed: Observation;
  try {
    const page = await readLiveWindow(view.query, deps.window, watch.client, at);
    observed = observe(record?.memory ?? null, page.alarms, {
      sort: view.query.sort,
      window: deps.window,
      now: at,
      occurredGte: page.occurred.gte, // a rolling range's, as this read resolved it
    });
  } catch (failure) {
    return { fresh: [], changes: [], memory: record?.memory ?? null, error: errorOf(failure) };
  }
  const { fresh, changes, memory } = observed;
  try {
    const departed = await checkDeparted(deps, watch, observed.departed, at);
    return { fresh, changes: [...changes, ...departed], memory, error: null };
  } catch (failure) {
    // What the page showed stands; the alarms that left it are asked about next time.
    return { fresh, changes, memory, error: errorOf(failure) };
  }
}

function errorOf(failure: unknown): LiveState["error"] {
  return failure instanceof ApiError
    ? { code: failure.code, message: failure.message }
    : { code: "internal", message: "The live queue could not read this view." };
}

/** Asks for the alarms that left the page one by one, each in a turn of the watchers' share. */
async function checkDeparted(
  deps: PollDeps,
  watch: Polled,
  departed: Observation["departed"],
  at: number,
): Promise<LiveChange[]> {
  const changes: LiveChange[] = [];
  for (const row of departed.slice(0, MAX_DEPARTED_CHECKS)) {
    // Soon, or not this time: the poll's news must not wait minutes behind other views.
    const turn = await watch.client.takeTurn("live", 1_000);
    if (!turn.granted) break;
    if (turn.waitMs > 0) await deps.activity.sleep(turn.waitMs);
    const status = await readAlarmStatus(row.uuid, watch.client);
    if (status !== undefined && status !== row.status) changes.push({ uuid: row.uuid, status, at });
  }
  return changes;
}
