import "server-only";
import { createHash } from "node:crypto";
import { createClient, ErrorReply } from "@redis/client";
import { ApiError } from "@/lib/shared/core/errors";
import {
  DELETE_IF_EQUALS,
  EXTEND_IF_EQUALS,
  INCREMENT,
  RESERVE,
  THROTTLE_ATTEMPT,
  THROTTLE_GIVE_BACK,
  THROTTLE_STATE,
} from "./redis-scripts";
import type {
  RateSpec,
  Reservation,
  SharedStore,
  ThrottleOutcome,
  ThrottleRule,
  ThrottleState,
} from "./types";

// The store every replica shares (REDIS_URL), through node-redis, the client Redis maintains.
// Fail closed and fast: no offline queue (a command while disconnected fails at once instead of
// waiting for a reconnect that may never come), a timeout on every command, and reconnection
// forever in the background, so the console recovers by itself when Redis returns.

export interface RedisStoreOptions {
  url: string;
  /** Every key starts with this, so one Redis can serve several consoles (see consolePrefix). */
  prefix?: string;
  /** A command that takes longer fails (store_unavailable). Default 1000 ms. */
  commandTimeoutMs?: number;
  /** Called when the connection is lost or regained (a log line, not one per retry). */
  onStateChange?: (state: "up" | "down") => void;
}

const sha1 = (script: string) => createHash("sha1").update(script).digest("hex");

function storeUnavailable(): ApiError {
  return new ApiError(
    "store_unavailable",
    "Alarm Console cannot reach its shared store right now; try again shortly.",
    { retryAfterSeconds: 2 },
  );
}

function connect(options: RedisStoreOptions) {
  return createClient({
    url: options.url,
    disableOfflineQueue: true,
    // Commands waiting for an answer, at most: a stalled Redis must not collect them forever.
    commandsQueueMaxLength: 2_000,
    socket: {
      connectTimeout: 2_000,
      reconnectStrategy: (retries: number) => Math.min(50 * 2 ** retries, 2_000),
    },
  });
}

type Client = ReturnType<typeof connect>;

export class RedisStore implements SharedStore {
  readonly kind = "redis";
  #client: Client;
  readonly #options: RedisStoreOptions;
  readonly #prefix: string;
  readonly #timeoutMs: number;
  readonly #scripts = new Map<string, string>();
  /** Settles when the current connection's first attempt has: commands before it wait, not fail. */
  #firstAttempt: Promise<void> = Promise.resolve();
  #lastReset = 0;
  #up = false;
  /** Subscriptions need a connection of their own; opened with the first one. */
  #subscriber: { client: Client; ready: Promise<void> } | null = null;

  constructor(options: RedisStoreOptions) {
    this.#options = options;
    this.#prefix = options.prefix ?? "ac:";
    this.#timeoutMs = options.commandTimeoutMs ?? 1_000;
    this.#client = this.#open();
  }

  #report(up: boolean): void {
    if (up === this.#up) return;
    this.#up = up;
    this.#options.onStateChange?.(up ? "up" : "down");
  }

  #open(): Client {
    const client = connect(this.#options);
    let settle: () => void = () => undefined;
    this.#firstAttempt = new Promise<void>((resolve) => (settle = resolve));
    // Without a listener an error event would crash the process; the state change is what counts.
    client.on("error", () => {
      if (client !== this.#client) return;
      this.#report(false);
      settle();
    });
    client.on("ready", () => {
      if (client !== this.#client) return;
      this.#report(true);
      settle();
    });
    client.connect().catch(() => {
      if (client === this.#client) this.#report(false);
    });
    return client;
  }

  /**
   * A command went unanswered: the connection may be stalled (a paused Redis, a network that
   * drops packets) rather than closed, and nothing would ever fail it. A new connection replaces
   * it, failing what waited on the old one, at most every few seconds.
   */
  #reset(): void {
    const now = Date.now();
    if (now - this.#lastReset < 3_000) return;
    this.#lastReset = now;
    const stalled = this.#client;
    this.#report(false);
    this.#client = this.#open();
    stalled.destroy();
  }

  async ping(): Promise<void> {
    await this.#run(() => this.#client.ping());
  }

  get(key: string): Promise<string | null> {
    return this.#run(() => this.#client.get(this.#key(key)));
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    if (keys.length === 0) return [];
    return this.#run(() => this.#client.mGet(keys.map((key) => this.#key(key))));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#run(() =>
      this.#client.set(this.#key(key), value, { PX: Math.max(1, Math.ceil(ttlMs)) }),
    );
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#run(() =>
      this.#client.set(this.#key(key), value, { NX: true, PX: Math.max(1, Math.ceil(ttlMs)) }),
    );
    return reply === "OK";
  }

  async setIfPresent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#run(() =>
      this.#client.set(this.#key(key), value, { XX: true, PX: Math.max(1, Math.ceil(ttlMs)) }),
    );
    return reply === "OK";
  }

  async increment(key: string, ttlMs: number): Promise<number> {
    return Number(await this.#script(INCREMENT, [key], [String(Math.max(1, Math.ceil(ttlMs)))]));
  }

  async deleteIfEquals(key: string, value: string): Promise<boolean> {
    return (await this.#script(DELETE_IF_EQUALS, [key], [value])) === 1;
  }

  async delete(key: string): Promise<void> {
    await this.#run(() => this.#client.del(this.#key(key)));
  }

  async extendIfEquals(key: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = String(Math.max(1, Math.ceil(ttlMs)));
    return (await this.#script(EXTEND_IF_EQUALS, [key], [value, ttl])) === 1;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.#run(() => this.#client.publish(this.#key(channel), message));
  }

  async subscribe(
    channel: string,
    listener: (message: string) => void,
  ): Promise<() => Promise<void>> {
    const { client, ready } = this.#subscriberConnection();
    const name = this.#key(channel);
    const deliver = (message: string) => listener(message);
    await this.#run(async () => {
      await ready;
      await client.subscribe(name, deliver);
    });
    return async () => {
      try {
        await client.unsubscribe(name, deliver);
      } catch {
        // The connection is gone: so is the subscription.
      }
    };
  }

  /** node-redis resubscribes by itself after a reconnection. */
  #subscriberConnection(): { client: Client; ready: Promise<void> } {
    if (this.#subscriber) return this.#subscriber;
    const client = connect(this.#options);
    client.on("error", () => {}); // the main connection reports the state
    const ready = client.connect().then(
      () => undefined,
      () => {
        if (this.#subscriber?.client === client) this.#subscriber = null; // try afresh next time
      },
    );
    this.#subscriber = { client, ready };
    return this.#subscriber;
  }

  async reserve(key: string, rate: RateSpec): Promise<Reservation> {
    const reply = (await this.#script(
      RESERVE,
      [key],
      [rate.intervalMs, rate.burst, rate.maxWaitMs].map(String),
    )) as [number, string, string?];
    if (reply[0] === 1) return { granted: true, waitMs: Number(reply[1]), at: Number(reply[2]) };
    return { granted: false, retryInMs: Number(reply[1]) };
  }

  async throttleAttempt(rules: readonly ThrottleRule[]): Promise<ThrottleOutcome> {
    const args = rules.flatMap((rule) =>
      [rule.free, rule.baseDelayMs, rule.maxDelayMs, Math.ceil(rule.windowMs)].map(String),
    );
    const [wait, ...attempts] = (await this.#script(
      THROTTLE_ATTEMPT,
      rules.map((rule) => rule.key),
      args,
    )) as [string, ...number[]];
    const waitMs = Number(wait);
    return waitMs > 0 ? { waitMs } : { waitMs: 0, attempts };
  }

  async throttleGiveBack(rules: readonly ThrottleRule[], reset: readonly string[]): Promise<void> {
    await this.#script(
      THROTTLE_GIVE_BACK,
      rules.map((rule) => rule.key),
      rules.map((rule) => (reset.includes(rule.key) ? "1" : "0")),
    );
  }

  async throttleState(rule: ThrottleRule): Promise<ThrottleState> {
    const [attempts, wait] = (await this.#script(
      THROTTLE_STATE,
      [rule.key],
      [rule.free, rule.baseDelayMs, rule.maxDelayMs].map(String),
    )) as [number, string];
    return { attempts, waitMs: Number(wait) };
  }

  async close(): Promise<void> {
    this.#lastReset = Infinity; // no new connection after this
    const subscriber = this.#subscriber?.client;
    this.#subscriber = null;
    if (subscriber) await subscriber.close().catch(() => subscriber.destroy());
    try {
      await this.#client.close();
    } catch {
      this.#client.destroy();
    }
  }

  #key(key: string): string {
    return this.#prefix + key;
  }

  /** EVALSHA, loading the script with EVAL the first time this Redis does not know it. */
  async #script(script: string, keys: string[], args: string[]): Promise<unknown> {
    let sha = this.#scripts.get(script);
    if (!sha) {
      sha = sha1(script);
      this.#scripts.set(script, sha);
    }
    const options = { keys: keys.map((key) => this.#key(key)), arguments: args };
    const known = sha;
    return this.#run(async () => {
      try {
        return await this.#client.evalSha(known, options);
      } catch (error) {
        if (error instanceof ErrorReply && error.message.startsWith("NOSCRIPT")) {
          return this.#client.eval(script, options);
        }
        throw error;
      }
    });
  }

  /**
   * Any failure to get an answer in time is the store being unavailable, never a reason to go
   * around it. The deadline is ours: node-redis stops timing a command once it is written, so a
   * Redis that stalls without closing the connection would otherwise hold the caller forever.
   */
  async #run<T>(command: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), this.#timeoutMs);
    });
    try {
      return await Promise.race([this.#firstAttempt.then(command), deadline]);
    } catch (error) {
      if (error instanceof ErrorReply && !error.message.startsWith("NOSCRIPT")) {
        // A reply error is a bug of ours (a wrong type, a script error), not an outage.
        console.error(`[store] redis refused a command (${error.message.split(" ")[0]})`);
      } else if (error instanceof Error && error.message === "timeout") {
        this.#reset();
      }
      throw storeUnavailable();
    } finally {
      clearTimeout(timer);
    }
  }
}
