import "server-only";
import { monotonicClock, type Clock } from "@/lib/shared/core/clock";
import { subscribeSessionNotices, type SessionNotice } from "@/lib/server/auth/session-notices";
import { sessionRegistry } from "@/lib/server/auth/session-token";
import type { SessionRef } from "@/lib/server/auth/sessions";
import { serverEnv } from "@/lib/server/env";
import { sharedStore, type SharedStore } from "@/lib/server/store";

// The sessions this replica's open streams were opened with, so that a stream outlives nothing
// its session would not. Two ways, one per process: a revocation's notice on the store's pub/sub
// (lib/server/auth/session-notices.ts), heard once here, ends the streams of that session at
// once, on every replica; and, for a notice lost (the store's connection dropped meanwhile) and
// for what no notice tells (a session's lifetime or idle timeout running out), every held session
// is checked again every few seconds, all of them in one store read, whatever the number of
// streams. A session that cannot be checked for a while (the store is down) ends its streams:
// fail closed.

/** How often every held session is checked again: the bound on a missed notice's delay. */
const CHECK_MS = 3_000;
/** A session unchecked this long (the store does not answer) ends its streams. */
const UNCHECKED_MS = 2 * 60_000;
/** Sessions per store read: a bounded command, however many streams this replica holds. */
const CHECK_BATCH = 1_000;

/** Whether sessions are live, many in one read: the session registry. */
export interface SessionChecks {
  checkMany(sessions: readonly SessionRef[]): Promise<boolean[]>;
}

export interface StreamSessionsOptions {
  /** The store whose notices say a session was revoked. */
  store: SharedStore;
  sessions: SessionChecks;
  /** Durations only: a step of the wall clock must not end or spare a stream. */
  clock?: Clock;
  checkMs?: number;
  uncheckedMs?: number;
}

interface Held extends SessionRef {
  /** Each stream's end, called once when the session is over. */
  ends: Set<() => void>;
  /** When the session was last found live (or first held). */
  checkedAt: number;
}

export class StreamSessions {
  readonly #store: SharedStore;
  readonly #sessions: SessionChecks;
  readonly #clock: Clock;
  readonly #checkMs: number;
  readonly #uncheckedMs: number;
  /** By session id and user. */
  readonly #held = new Map<string, Held>();
  #subscription: Promise<() => Promise<void>> | null = null;
  #cancelTimer: (() => void) | null = null;
  /** The periodic check is under way (the next is armed when it is done). */
  #sweeping = false;
  /** Checks under way, periodic or on a notice. */
  readonly #checking = new Set<Promise<void>>();

  constructor({
    store,
    sessions,
    clock = monotonicClock,
    checkMs = CHECK_MS,
    uncheckedMs = UNCHECKED_MS,
  }: StreamSessionsOptions) {
    this.#store = store;
    this.#sessions = sessions;
    this.#clock = clock;
    this.#checkMs = checkMs;
    this.#uncheckedMs = uncheckedMs;
  }

  /**
   * Resolves once this process hears revocations (a stream waits for it before it opens, so a
   * sign-out the moment after reaches it); rejects when the store cannot subscribe.
   */
  async ready(): Promise<void> {
    await this.#subscribe();
  }

  /**
   * Calls `end` once `session` is over (revoked, expired, or unchecked too long), unless the
   * returned function is called first (the stream closed).
   */
  hold(session: SessionRef, end: () => void): () => void {
    const key = `${session.sid} ${session.user}`;
    let held = this.#held.get(key);
    if (!held) {
      held = {
        sid: session.sid,
        user: session.user,
        ends: new Set(),
        checkedAt: this.#clock.now(),
      };
      this.#held.set(key, held);
    }
    const entry = held;
    entry.ends.add(end);
    void this.#subscribe().catch(() => undefined); // heard again after a failed subscription
    this.#arm();
    return () => {
      entry.ends.delete(end);
      if (entry.ends.size > 0 || this.#held.get(key) !== entry) return;
      this.#held.delete(key);
      if (this.#held.size === 0) this.#disarm();
    };
  }

  /** Sessions held by at least one open stream. */
  held(): number {
    return this.#held.size;
  }

  /** Resolves once no check is under way: what a test awaits after moving its clock. */
  async settled(): Promise<void> {
    while (this.#checking.size > 0) await Promise.all(this.#checking);
  }

  /** Stops hearing and checking (tests; at shutdown every stream ends anyway). */
  async close(): Promise<void> {
    this.#disarm();
    this.#held.clear();
    const subscription = this.#subscription;
    this.#subscription = null;
    if (subscription) await (await subscription.catch(() => async () => {}))();
  }

  #subscribe(): Promise<() => Promise<void>> {
    if (!this.#subscription) {
      const subscription = subscribeSessionNotices(this.#store, (notice) => this.#hear(notice));
      subscription.catch(() => {
        if (this.#subscription === subscription) this.#subscription = null; // the next tries again
      });
      this.#subscription = subscription;
    }
    return this.#subscription;
  }

  #hear(notice: SessionNotice): void {
    const named = [...this.#held.values()].filter((held) =>
      notice.type === "revoked" ? held.sid === notice.sid : held.user === notice.user,
    );
    if (notice.type === "revoked") {
      for (const held of named) this.#end(held);
      return;
    }
    // Only sessions begun before the sign-out everywhere are over: asked at once, not ended
    // blindly (one begun since, on another device, goes on).
    if (named.length > 0) this.#track(this.#check(named));
  }

  /**
   * While sessions are held: a check every checkMs, one at a time. The chain of timers keeps the
   * context of the request that armed it (one request's, and only while streams are open).
   */
  #arm(): void {
    if (this.#cancelTimer || this.#sweeping || this.#held.size === 0) return;
    this.#cancelTimer = this.#clock.schedule(() => {
      this.#cancelTimer = null;
      this.#sweeping = true;
      const sweep = this.#check([...this.#held.values()]).finally(() => {
        this.#sweeping = false;
        this.#arm();
      });
      this.#track(sweep);
    }, this.#checkMs);
  }

  #disarm(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
  }

  #track(work: Promise<void>): void {
    this.#checking.add(work);
    void work.finally(() => this.#checking.delete(work));
  }

  /** Checks `sessions` in batches, ending the streams of those over or unchecked too long. */
  async #check(sessions: readonly Held[]): Promise<void> {
    for (let start = 0; start < sessions.length; start += CHECK_BATCH) {
      const batch = sessions.slice(start, start + CHECK_BATCH);
      const at = this.#clock.now();
      const live = await this.#sessions
        .checkMany(batch.map(({ sid, user }) => ({ sid, user })))
        .catch(() => null);
      for (const [i, held] of batch.entries()) {
        if (live?.[i]) held.checkedAt = at;
        else if (live || at - held.checkedAt >= this.#uncheckedMs) this.#end(held);
      }
    }
  }

  #end(held: Held): void {
    const key = `${held.sid} ${held.user}`;
    if (this.#held.get(key) !== held) return; // ended already
    this.#held.delete(key);
    if (this.#held.size === 0) this.#disarm();
    for (const end of [...held.ends]) {
      try {
        end();
      } catch {
        // one stream's failure to end is its own; the others still end
      }
    }
  }
}

const KEY = Symbol.for("alarm-console.stream-sessions");
type Holder = { [KEY]?: StreamSessions };

/** This process's one, on its store and session registry (kept on globalThis like them). */
export function streamSessions(): StreamSessions {
  const holder = globalThis as Holder;
  holder[KEY] ??= new StreamSessions({
    store: sharedStore(),
    sessions: sessionRegistry(serverEnv().auth),
  });
  return holder[KEY];
}
