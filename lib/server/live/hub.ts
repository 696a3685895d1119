import "server-only";
import { createHash, randomUUID } from "node:crypto";
import { systemClock, type Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import type { SharedStore } from "@/lib/server/store";
import type { UsmClient } from "@/lib/server/usm/client";
import { readLivePage, readLiveStatus } from "@/lib/server/usm/alarms";
import { observe, type WatchMemory } from "./diff";
import type { LiveChange, LiveFresh, LiveState } from "@/lib/shared/live/types";
import type { LiveView } from "@/lib/shared/live/view-id";

// One watcher per watched view, for every analyst on every replica. Each replica with someone
// watching a view subscribes to the view's channel in the store and, every interval, tries to
// take the view's lock: the replica that holds it polls the upstream, keeps what it saw in the
// store (so another replica can take over without starting afresh) and publishes the new state;
// every replica's subscription hands it to its own streams. Without Redis, the same runs in one
// process on the memory store.
//
// The watchers of a deployment share a slice of its GET budget (LIVE_BUDGET_SHARE): each poll
// books a time in that slice first. When the slice is short (many views), polls wait for their
// turn, the interval stretches and the state says so. Their calls then wait behind every
// analyst's in the budget's queue (background calls): a watcher never delays an analyst's read.

/** How long announcements and status changes are kept for late subscribers. */
const LOOK_BACK_MS = 60 * 60_000;
const MAX_KEPT = 200;
/**
 * How far ahead a poll may be booked when the watchers' share is short: at 10 GET/s, 6,000 views
 * take their turns before any is refused (and tries again when the queue has room).
 */
const MAX_BOOKING_MS = 10 * 60_000;
/** Alarms that left a page for no visible reason, asked about one by one, at most per poll. */
const MAX_DEPARTED_CHECKS = 5;

export interface WatchedDeployment {
  client: UsmClient;
  /** The deployment's GET limit; 0: none on our side. */
  getPerSecond: number;
}

export interface LiveHubOptions {
  store: SharedStore;
  deployment: (key: string) => WatchedDeployment | undefined;
  intervalMs: number;
  budgetShare: number;
  window: number;
  /** Wall-clock time: polls, announcements and their ages are compared across replicas. */
  clock?: Clock;
  /** This replica's name on the locks it holds. */
  owner?: string;
}

export type LiveListener = (state: LiveState) => void;

/** What the lock holder keeps in the store for the view. */
interface WatchRecord {
  state: LiveState;
  memory: WatchMemory | null;
  nextPollAt: number;
}

interface Entry {
  view: LiveView;
  key: string;
  listeners: Set<LiveListener>;
  latest: LiveState | null;
  stopped: boolean;
  holding: boolean;
  cancelTick: () => void;
  leave: Promise<(() => Promise<void>) | null>;
}

/**
 * How long a view's lock lasts unrenewed: past a poll that waits for the budget's queue, short
 * enough that another replica takes the watch over within a few intervals when this one dies.
 */
const lockMs = (intervalMs: number) => 3 * intervalMs + 30_000;

const hashOf = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);

export class LiveHub {
  readonly #options: LiveHubOptions;
  readonly #clock: Clock;
  readonly #owner: string;
  readonly #entries = new Map<string, Entry>();
  /** Turns under way and not waiting on the clock; #idle() resolves when none is. */
  #busy = 0;
  #idle: Array<() => void> = [];
  /** This hub's own mark, in every rev: a restarted watcher never repeats an old rev. */
  readonly #epoch: string;

  constructor(options: LiveHubOptions) {
    this.#options = options;
    this.#clock = options.clock ?? systemClock;
    this.#owner = options.owner ?? randomUUID();
    this.#epoch = randomUUID().slice(0, 8);
  }

  /** The configured interval. */
  get intervalMs(): number {
    return this.#options.intervalMs;
  }

  /** Views this replica watches for someone now. */
  watched(): number {
    return this.#entries.size;
  }

  /**
   * Calls `listener` with the view's state now (when there is one) and at every change, until
   * the returned function is called. The view must have been checked against the analyst.
   */
  subscribe(view: LiveView, listener: LiveListener): () => void {
    let entry = this.#entries.get(view.id);
    if (!entry) {
      entry = this.#start(view);
      this.#entries.set(view.id, entry);
    }
    entry.listeners.add(listener);
    if (entry.latest) listener(entry.latest);
    const joined = entry;
    return () => {
      joined.listeners.delete(listener);
      if (joined.listeners.size === 0 && this.#entries.get(view.id) === joined) this.#stop(joined);
    };
  }

  /** Stops every watcher of this replica (shutdown, tests). */
  async close(): Promise<void> {
    await Promise.all([...this.#entries.values()].map((entry) => this.#stop(entry)));
  }

  /**
   * Resolves once no watcher of this replica is in the middle of a turn, other than waiting on
   * the clock: what a test awaits after moving its clock, instead of sleeping.
   */
  settled(): Promise<void> {
    if (this.#busy === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  #enter(): void {
    this.#busy++;
  }

  #leave(): void {
    this.#busy--;
    if (this.#busy === 0) for (const resolve of this.#idle.splice(0)) resolve();
  }

  /** Sleeps on the clock, counted as idle meanwhile. */
  async #sleep(ms: number): Promise<void> {
    this.#leave();
    try {
      await this.#clock.sleep(ms);
    } finally {
      this.#enter();
    }
  }

  #start(view: LiveView): Entry {
    const key = `live:${hashOf(view.id)}`;
    const entry: Entry = {
      view,
      key,
      listeners: new Set(),
      latest: null,
      stopped: false,
      holding: false,
      cancelTick: () => undefined,
      leave: Promise.resolve(null),
    };
    const { store } = this.#options;
    entry.leave = store
      .subscribe(key, (message) => this.#deliver(entry, message))
      .catch(() => null); // the next tick tries again
    // What the view looked like before this replica joined, while the first poll is due.
    this.#enter();
    void entry.leave
      .then(async () => {
        const record = await this.#read(entry).catch(() => null);
        if (record && !entry.latest) this.#hand(entry, record.state);
        this.#tick(entry);
      })
      .finally(() => this.#leave());
    return entry;
  }

  async #stop(entry: Entry): Promise<void> {
    if (entry.stopped) return;
    entry.stopped = true;
    entry.cancelTick();
    if (this.#entries.get(entry.view.id) === entry) this.#entries.delete(entry.view.id);
    const leave = await entry.leave;
    await leave?.().catch(() => undefined);
    if (entry.holding) {
      await this.#options.store.deleteIfEquals(`${entry.key}:lock`, this.#owner).catch(() => false);
    }
  }

  #deliver(entry: Entry, message: string): void {
    let state: LiveState;
    try {
      state = JSON.parse(message) as LiveState; // our own JSON, from our own store
    } catch {
      return;
    }
    this.#hand(entry, state);
  }

  #hand(entry: Entry, state: LiveState): void {
    if (entry.stopped || entry.latest?.rev === state.rev) return;
    entry.latest = state;
    for (const listener of entry.listeners) listener(state);
  }

  #schedule(entry: Entry, ms: number): void {
    if (entry.stopped) return;
    entry.cancelTick();
    entry.cancelTick = this.#clock.schedule(() => this.#tick(entry), Math.max(0, ms));
  }

  /** One turn: hold the lock or try to take it; poll when it is this replica's and it is time. */
  #tick(entry: Entry): void {
    if (entry.stopped) return;
    this.#enter();
    void this.#turn(entry)
      .then(
        (nextInMs) => this.#schedule(entry, nextInMs),
        () => this.#schedule(entry, this.#options.intervalMs), // the store failed: next time
      )
      .finally(() => this.#leave());
  }

  async #turn(entry: Entry): Promise<number> {
    const { store, intervalMs } = this.#options;
    if (!(await entry.leave)) {
      entry.leave = store.subscribe(entry.key, (m) => this.#deliver(entry, m)).catch(() => null);
      if (!(await entry.leave)) {
        this.#hand(entry, this.#unwatched(entry));
        return intervalMs;
      }
    }
    const lock = `${entry.key}:lock`;
    entry.holding =
      (await store.extendIfEquals(lock, this.#owner, lockMs(intervalMs))) ||
      (await store.setIfAbsent(lock, this.#owner, lockMs(intervalMs)));
    if (!entry.holding) return intervalMs;
    const record = await this.#read(entry);
    const now = this.#clock.now();
    if (record && record.nextPollAt > now) return record.nextPollAt - now;
    return this.#poll(entry, record);
  }

  /** What this replica's subscribers hear while it cannot subscribe (the store is down). */
  #unwatched(entry: Entry): LiveState {
    const message =
      "Alarm Console cannot reach its shared store right now; updates resume when it answers.";
    return {
      ...(entry.latest ?? {
        view: entry.view.id,
        polledAt: null,
        intervalMs: this.#options.intervalMs,
        stretched: false,
        fresh: [],
        changes: [],
      }),
      rev: `${this.#epoch}-store-${this.#clock.now()}`,
      sentAt: this.#clock.now(),
      error: { code: "store_unavailable", message },
    };
  }

  async #read(entry: Entry): Promise<WatchRecord | null> {
    const text = await this.#options.store.get(`${entry.key}:state`);
    return text ? (JSON.parse(text) as WatchRecord) : null;
  }

  /** Polls the upstream once, records and publishes the outcome; returns when to tick next. */
  async #poll(entry: Entry, record: WatchRecord | null): Promise<number> {
    const { intervalMs, window, store } = this.#options;
    const { view } = entry;
    const deployment = this.#options.deployment(view.deployment);
    if (!deployment) return intervalMs;
    const lastPoll = record?.state.polledAt ?? null;

    const turn = await this.#takeTurn(view.deployment, deployment);
    if (typeof turn !== "number") {
      // The watchers' share is booked far ahead: say so, and ask again when it has room.
      const stretched = { stretched: true, intervalMs: intervalMs + turn.retryInMs };
      await this.#publish(entry, record, stretched, record?.memory ?? null, this.#clock.now());
      return Math.max(intervalMs, turn.retryInMs * (1 + Math.random() / 10));
    }
    if (turn > 0) {
      // The watch stays this replica's while it waits for its turn.
      await store.extendIfEquals(`${entry.key}:lock`, this.#owner, turn + lockMs(intervalMs));
      await this.#sleep(turn);
    }
    if (entry.stopped) return intervalMs;

    const at = this.#clock.now();
    let fresh: LiveFresh[] = [];
    let changes: LiveChange[] = [];
    let memory = record?.memory ?? null;
    let error: LiveState["error"] = null;
    try {
      const page = await readLivePage(view.query, window, deployment.client, at);
      const observed = observe(memory, page.alarms, {
        sort: view.query.sort,
        window,
        now: at,
        occurredGte: page.occurred.gte, // a rolling range's, as this read resolved it
      });
      fresh = observed.fresh;
      changes = observed.changes;
      memory = observed.memory;
      changes.push(...(await this.#checkDeparted(view, deployment, observed.departed, at)));
    } catch (failure) {
      error =
        failure instanceof ApiError
          ? { code: failure.code, message: failure.message }
          : { code: "internal", message: "The live queue could not read this view." };
    }
    // The time between polls, stretched when the share made this one wait past its interval.
    const gap = lastPoll === null ? intervalMs : at - lastPoll;
    const stretched = turn > intervalMs / 10 && gap > intervalMs * 1.1;
    await this.#publish(
      entry,
      record,
      {
        polledAt: error ? (record?.state.polledAt ?? null) : at,
        error,
        fresh,
        changes,
        stretched,
        intervalMs: stretched ? Math.round(gap) : intervalMs,
      },
      memory,
      at + intervalMs,
    );
    // An interval from this poll's start, not its end: the cadence does not drift by a poll's time.
    return Math.max(0, at + intervalMs - this.#clock.now());
  }

  /** A send time in the watchers' slice of the budget: wait this long, or refused. */
  async #takeTurn(
    key: string,
    deployment: WatchedDeployment,
    maxWaitMs = Math.max(MAX_BOOKING_MS, 20 * this.#options.intervalMs),
  ): Promise<number | { retryInMs: number }> {
    const { budgetShare, store } = this.#options;
    if (deployment.getPerSecond <= 0) return 0;
    const perSecond = deployment.getPerSecond * budgetShare;
    // Booked far ahead rather than refused: views take their turns in the order they asked,
    // so when the share is short every view is polled less often, none never.
    const slot = await store.reserve(`live-share:${key}`, {
      intervalMs: 1000 / perSecond,
      burst: 1,
      maxWaitMs,
    });
    return slot.granted ? slot.waitMs : { retryInMs: slot.retryInMs };
  }

  /** Asks for the alarms that left the page one by one, each in the watchers' share. */
  async #checkDeparted(
    view: LiveView,
    deployment: WatchedDeployment,
    departed: ReturnType<typeof observe>["departed"],
    at: number,
  ): Promise<LiveChange[]> {
    const changes: LiveChange[] = [];
    for (const row of departed.slice(0, MAX_DEPARTED_CHECKS)) {
      // Soon, or not this time: the poll's news must not wait minutes behind other views.
      const turn = await this.#takeTurn(view.deployment, deployment, 1_000);
      if (typeof turn !== "number") break;
      if (turn > 0) await this.#sleep(turn);
      const status = await readLiveStatus(row.uuid, deployment.client);
      if (status !== undefined && status !== row.status) {
        changes.push({ uuid: row.uuid, status, at });
      }
    }
    return changes;
  }

  async #publish(
    entry: Entry,
    record: WatchRecord | null,
    update: Partial<LiveState>,
    memory: WatchMemory | null,
    nextPollAt: number,
  ): Promise<void> {
    const { store, intervalMs } = this.#options;
    const at = this.#clock.now();
    const previous = record?.state;
    const keep = <T extends { at?: number; seenAt?: number }>(items: T[]) =>
      items.filter((item) => (item.seenAt ?? item.at ?? 0) > at - LOOK_BACK_MS).slice(0, MAX_KEPT);
    const seq = Number(previous?.rev.split("-")[1] ?? 0) + 1;
    const state: LiveState = {
      view: entry.view.id,
      rev: `${this.#epoch}-${seq}`,
      polledAt: previous?.polledAt ?? null,
      sentAt: at,
      intervalMs,
      stretched: false,
      error: previous?.error ?? null,
      ...update,
      fresh: keep([...(update.fresh ?? []), ...(previous?.fresh ?? [])]),
      changes: keep([...(update.changes ?? []), ...(previous?.changes ?? [])]),
    };
    const next: WatchRecord = { state, memory, nextPollAt };
    // Kept while anyone may take the watch over; forgotten when nobody has watched for a while.
    await store.set(`${entry.key}:state`, JSON.stringify(next), 10 * intervalMs + LOOK_BACK_MS);
    await store.publish(entry.key, JSON.stringify(state));
  }
}
