import "server-only";
import { createHash } from "node:crypto";
import type { LiveState } from "@/lib/shared/live/types";
import type { LiveView } from "@/lib/shared/live/view-id";
import type { SharedStore } from "@/lib/server/store";
import { Lease } from "@/lib/server/store/lease";
import type { UsmClient } from "@/lib/server/usm";
import { pollView, type PollDeps } from "./poll";

// One view's watch on this replica, while someone here watches it: the replica subscribes to
// the view's channel and, every interval, takes or extends the view's lease; the holder polls
// (./poll.ts). Whoever holds it, every replica's subscription hands each state to its listeners.

export type LiveListener = (state: LiveState) => void;

export interface WatchDeps extends PollDeps {
  store: SharedStore;
  /** This replica's name on the leases it holds. */
  owner: string;
  client: (deployment: string) => UsmClient | undefined;
}

const hashOf = (id: string) => createHash("sha256").update(id).digest("base64url").slice(0, 22);

export class ViewWatch {
  readonly listeners = new Set<LiveListener>();
  readonly key: string;
  #latest: LiveState | null = null;
  #stopped = false;
  #stopping: Promise<void> | undefined;
  #cancelTick: () => void = () => undefined;
  /** The channel's subscription, resolving with its end (null when it could not be made). */
  #subscription: Promise<(() => Promise<void>) | null>;
  readonly #lease: Lease;

  constructor(
    readonly view: LiveView,
    private readonly deps: WatchDeps,
  ) {
    this.key = `live:${hashOf(view.id)}`;
    this.#lease = new Lease(deps.store, `${this.key}:lock`, {
      ttlMs: deps.leaseMs,
      owner: deps.owner,
    });
    this.#subscription = this.#subscribe();
    // What the view looked like before this replica joined, while the first poll is due.
    void deps.activity.run(async () => {
      await this.#subscription;
      const record = await deps.records.read(this.key).catch(() => null);
      if (record && !this.#latest) this.#hand(record.state);
      this.#tick();
    });
  }

  get latest(): LiveState | null {
    return this.#latest;
  }

  /** Stops watching here: the subscription ends and the lease goes, if this replica held it. */
  stop(): Promise<void> {
    this.#stopped = true;
    this.#cancelTick();
    this.#stopping ??= this.deps.activity.run(async () => {
      const end = await this.#subscription;
      await end?.().catch(() => undefined);
      await this.#lease.release();
    });
    return this.#stopping;
  }

  #subscribe(): Promise<(() => Promise<void>) | null> {
    return this.deps.store
      .subscribe(this.key, (message) => this.#deliver(message))
      .catch(() => null); // the next tick tries again
  }

  #deliver(message: string): void {
    try {
      this.#hand(JSON.parse(message) as LiveState); // our own JSON, from our own store
    } catch {
      // not ours: ignored
    }
  }

  #hand(state: LiveState): void {
    if (this.#stopped || this.#latest?.rev === state.rev) return;
    this.#latest = state;
    for (const listener of this.listeners) listener(state);
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    this.#cancelTick();
    this.#cancelTick = this.deps.clock.schedule(() => this.#tick(), Math.max(0, ms));
  }

  /** One turn: hold the lease or try to take it; poll when it is this replica's and it is time. */
  #tick(): void {
    if (this.#stopped) return;
    void this.deps.activity.run(() =>
      this.#turn().then(
        (nextInMs) => this.#schedule(nextInMs),
        () => this.#schedule(this.deps.intervalMs), // the store failed: next time
      ),
    );
  }

  async #turn(): Promise<number> {
    const { intervalMs, records, clock } = this.deps;
    if (!(await this.#subscription)) {
      this.#subscription = this.#subscribe();
      if (!(await this.#subscription)) {
        this.#hand(records.unwatched(this.view.id, this.#latest));
        return intervalMs;
      }
    }
    if (!(await this.#lease.takeOrExtend())) return intervalMs;
    const record = await records.read(this.key);
    const now = clock.now();
    if (record && record.nextPollAt > now) return record.nextPollAt - now;
    const client = this.deps.client(this.view.deployment);
    if (!client) return intervalMs;
    return pollView(
      this.deps,
      {
        view: this.view,
        key: this.key,
        lease: this.#lease,
        client,
        stopped: () => this.#stopped,
      },
      record,
    );
  }
}
