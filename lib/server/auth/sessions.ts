import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { SharedStore } from "@/lib/server/store";
import { publishSessionNotice } from "./session-notices";

// Which sessions are alive, in the shared store, so that every replica agrees at once. A session
// cookie (next-auth's encrypted JWT) proves who signed in; it is honoured only while its session
// id, set at sign-in, is registered here. Signing out removes the id, so a kept copy of the
// cookie opens nothing anywhere. "Sign out everywhere" moves the analyst's generation on: every
// session begun in an earlier one is over (a counter, not a time, so replicas whose clocks
// disagree still agree). A session also ends a fixed time after sign-in however active it is,
// and after a stretch without any request. next-auth gives the JWT a new `jti` on every
// refresh, so the id is our own (`sid`), carried unchanged through refreshes. A revocation is
// also told on the store's pub/sub (./session-notices), so that what holds a session open, a
// live stream, ends with it at once on every replica.

export interface SessionLimits {
  /** From sign-in to the end, however active (ms). */
  maxAgeMs: number;
  /** Without a request for this long, the session ends (ms). */
  idleTimeoutMs: number;
}

interface SessionRecord {
  /** The analyst's stable id (the JWT's `sub`). */
  user: string;
  /** The analyst's generation when it began: a later "sign out everywhere" ends it. */
  generation: number;
  createdAt: number;
  lastSeenAt: number;
}

/** A session as a holder names it: its id and whose it is. */
export interface SessionRef {
  sid: string;
  user: string;
}

export interface NewSession {
  sid: string;
  createdAt: number;
}

export class SessionRegistry {
  readonly #store: SharedStore;
  readonly #limits: SessionLimits;
  readonly #now: () => number;
  /** Checks of one session under way: a burst of requests costs one store read. */
  readonly #checks = new Map<string, Promise<boolean>>();

  constructor(store: SharedStore, limits: SessionLimits, now: () => number = Date.now) {
    this.#store = store;
    this.#limits = limits;
    this.#now = now;
  }

  async create(user: string): Promise<NewSession> {
    const sid = randomBytes(18).toString("base64url");
    const createdAt = this.#now();
    const generation = Number((await this.#store.get(userKey(user))) ?? 0);
    const record = { user, generation, createdAt, lastSeenAt: createdAt };
    await this.#store.set(sessionKey(sid), JSON.stringify(record), this.#ttl(record));
    return { sid, createdAt };
  }

  /**
   * Whether `sid` is a live session of `user`: registered, within both lifetimes, not ended by a
   * "sign out everywhere". A live session's last activity is brought up to date (at most every
   * minute). Throws store_unavailable when the store does not answer.
   */
  check(sid: string, user: string): Promise<boolean> {
    const key = `${sid} ${user}`;
    let check = this.#checks.get(key);
    if (!check) {
      check = this.#check(sid, user).finally(() => this.#checks.delete(key));
      this.#checks.set(key, check);
    }
    return check;
  }

  /**
   * Whether each of `sessions` is live, as check() would say, in one store read for them all
   * (what a replica's open streams cost, however many: lib/server/live/stream-sessions.ts).
   * Writes only what check() writes: an ended record deleted, a due activity recorded.
   */
  async checkMany(sessions: readonly SessionRef[]): Promise<boolean[]> {
    const users = [...new Set(sessions.map((session) => session.user))];
    const values = await this.#store.getMany([
      ...sessions.map((session) => sessionKey(session.sid)),
      ...users.map(userKey),
    ]);
    const generations = new Map(users.map((user, i) => [user, values[sessions.length + i]]));
    return Promise.all(
      sessions.map(({ sid, user }, i) =>
        this.#decide(sid, user, values[i] ?? null, generations.get(user) ?? null),
      ),
    );
  }

  async revoke(sid: string): Promise<void> {
    await this.#store.delete(sessionKey(sid));
    await publishSessionNotice(this.#store, { type: "revoked", sid });
  }

  /** Ends every session `user` has begun until now, on every replica. */
  async revokeAll(user: string): Promise<void> {
    // Kept as long as a session it ended could live; gone after, the count starts again at 0,
    // when no session of an earlier generation can still be alive.
    await this.#store.increment(userKey(user), this.#limits.maxAgeMs);
    await publishSessionNotice(this.#store, { type: "revoked-all", user });
  }

  async #check(sid: string, user: string): Promise<boolean> {
    const [raw, generation] = await this.#store.getMany([sessionKey(sid), userKey(user)]);
    return this.#decide(sid, user, raw ?? null, generation ?? null);
  }

  /** Whether the session read as `raw` (and its analyst's `generation`) is live. */
  async #decide(
    sid: string,
    user: string,
    raw: string | null,
    generation: string | null,
  ): Promise<boolean> {
    if (!raw) return false;
    const record = JSON.parse(raw) as SessionRecord;
    const now = this.#now();
    const over =
      record.user !== user ||
      now - record.createdAt >= this.#limits.maxAgeMs ||
      now - record.lastSeenAt >= this.#limits.idleTimeoutMs ||
      record.generation < Number(generation ?? 0);
    if (over) {
      await this.#store.delete(sessionKey(sid));
      return false;
    }
    if (now - record.lastSeenAt >= touchInterval(this.#limits)) {
      const touched = { ...record, lastSeenAt: now };
      // Only while it still exists: a sign-out on another replica since the read stays done.
      return this.#store.setIfPresent(sessionKey(sid), JSON.stringify(touched), this.#ttl(touched));
    }
    return true;
  }

  /** The store forgets a record shortly after it can no longer be valid; #check decides. */
  #ttl(record: SessionRecord): number {
    const { maxAgeMs, idleTimeoutMs } = this.#limits;
    const end = Math.min(record.lastSeenAt + idleTimeoutMs, record.createdAt + maxAgeMs);
    return end - this.#now() + 60_000;
  }
}

/** Activity is recorded at most this often: a minute, or less for very short idle timeouts. */
function touchInterval({ idleTimeoutMs }: SessionLimits): number {
  return Math.min(60_000, idleTimeoutMs / 10);
}

const sessionKey = (sid: string) => `session:${sid}`;
/** Usernames and SSO subjects are the user's own text: hashed into a bounded key. */
const userKey = (user: string) =>
  `session-generation:${createHash("sha256").update(user).digest("base64url")}`;
