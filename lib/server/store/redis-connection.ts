import "server-only";
import { createHash } from "node:crypto";
import { createClient, ErrorReply } from "@redis/client";
import { ApiError } from "@/lib/shared/core/errors";

// The store's connections to Redis (./redis.ts runs its operations over them), through node-redis,
// the client Redis maintains. Fail closed and fast: no offline queue (a command while disconnected
// fails at once instead of waiting for a reconnect that may never come), a deadline on every
// command, a stalled connection replaced, and reconnection forever in the background, so the
// console recovers by itself when Redis returns.

export interface RedisConnectionOptions {
  url: string;
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

function connect(options: RedisConnectionOptions) {
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

export type RedisClient = ReturnType<typeof connect>;

export class RedisConnection {
  #client: RedisClient;
  readonly #options: RedisConnectionOptions;
  readonly #timeoutMs: number;
  readonly #scripts = new Map<string, string>();
  /** Settles when the current connection's first attempt has: commands before it wait, not fail. */
  #firstAttempt: Promise<void> = Promise.resolve();
  #lastReset = 0;
  #up = false;
  /** Subscriptions need a connection of their own; opened with the first one. */
  #subscriber: { client: RedisClient; ready: Promise<void> } | null = null;

  constructor(options: RedisConnectionOptions) {
    this.#options = options;
    this.#timeoutMs = options.commandTimeoutMs ?? 1_000;
    this.#client = this.#open();
  }

  #report(up: boolean): void {
    if (up === this.#up) return;
    this.#up = up;
    this.#options.onStateChange?.(up ? "up" : "down");
  }

  #open(): RedisClient {
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

  /** node-redis resubscribes by itself after a reconnection. */
  subscriber(): { client: RedisClient; ready: Promise<void> } {
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

  /** EVALSHA, loading the script with EVAL the first time this Redis does not know it. */
  async script(script: string, keys: string[], args: string[]): Promise<unknown> {
    let sha = this.#scripts.get(script);
    if (!sha) {
      sha = sha1(script);
      this.#scripts.set(script, sha);
    }
    const options = { keys, arguments: args };
    const known = sha;
    return this.run(async (client) => {
      try {
        return await client.evalSha(known, options);
      } catch (error) {
        if (error instanceof ErrorReply && error.message.startsWith("NOSCRIPT")) {
          return client.eval(script, options);
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
  async run<T>(command: (client: RedisClient) => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error("timeout")), this.#timeoutMs);
    });
    try {
      return await Promise.race([this.#firstAttempt.then(() => command(this.#client)), deadline]);
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
