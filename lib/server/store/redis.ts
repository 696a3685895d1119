import "server-only";
import { RedisConnection, type RedisConnectionOptions } from "./redis-connection";
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

// The store every replica shares (REDIS_URL): each operation one atomic Redis command or script
// (./redis-scripts.ts), over the connections of ./redis-connection.ts, every key under the
// console's prefix.

export interface RedisStoreOptions extends RedisConnectionOptions {
  /** Every key starts with this, so one Redis can serve several consoles (see consolePrefix). */
  prefix?: string;
}

export class RedisStore implements SharedStore {
  readonly kind = "redis";
  readonly #redis: RedisConnection;
  readonly #prefix: string;

  constructor(options: RedisStoreOptions) {
    this.#redis = new RedisConnection(options);
    this.#prefix = options.prefix ?? "ac:";
  }

  async ping(): Promise<void> {
    await this.#redis.run((client) => client.ping());
  }

  get(key: string): Promise<string | null> {
    return this.#redis.run((client) => client.get(this.#key(key)));
  }

  async getMany(keys: readonly string[]): Promise<(string | null)[]> {
    if (keys.length === 0) return [];
    return this.#redis.run((client) => client.mGet(keys.map((key) => this.#key(key))));
  }

  async set(key: string, value: string, ttlMs: number): Promise<void> {
    await this.#redis.run((client) =>
      client.set(this.#key(key), value, { PX: Math.max(1, Math.ceil(ttlMs)) }),
    );
  }

  async setIfAbsent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#redis.run((client) =>
      client.set(this.#key(key), value, { NX: true, PX: Math.max(1, Math.ceil(ttlMs)) }),
    );
    return reply === "OK";
  }

  async setIfPresent(key: string, value: string, ttlMs: number): Promise<boolean> {
    const reply = await this.#redis.run((client) =>
      client.set(this.#key(key), value, { XX: true, PX: Math.max(1, Math.ceil(ttlMs)) }),
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
    await this.#redis.run((client) => client.del(this.#key(key)));
  }

  async extendIfEquals(key: string, value: string, ttlMs: number): Promise<boolean> {
    const ttl = String(Math.max(1, Math.ceil(ttlMs)));
    return (await this.#script(EXTEND_IF_EQUALS, [key], [value, ttl])) === 1;
  }

  async publish(channel: string, message: string): Promise<void> {
    await this.#redis.run((client) => client.publish(this.#key(channel), message));
  }

  async subscribe(
    channel: string,
    listener: (message: string) => void,
  ): Promise<() => Promise<void>> {
    const { client, ready } = this.#redis.subscriber();
    const name = this.#key(channel);
    const deliver = (message: string) => listener(message);
    await this.#redis.run(async () => {
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

  close(): Promise<void> {
    return this.#redis.close();
  }

  #key(key: string): string {
    return this.#prefix + key;
  }

  #script(script: string, keys: string[], args: string[]): Promise<unknown> {
    return this.#redis.script(
      script,
      keys.map((key) => this.#key(key)),
      args,
    );
  }
}
