import "server-only";
import { createHash } from "node:crypto";
import { serverEnv } from "@/lib/server/env";
import { MemoryStore } from "./memory";
import { RedisStore } from "./redis";
import type { SharedStore } from "./types";

export type * from "./types";

// The process's one store: Redis when REDIS_URL is set, else memory. On globalThis, so that every
// route bundle and the proxy share it; created at start-up (instrumentation.ts), outside any
// request, so that its sockets and timers hold no request's context.

const KEY = Symbol.for("alarm-console.shared-store");
type Holder = { [KEY]?: SharedStore };

export function sharedStore(): SharedStore {
  const holder = globalThis as Holder;
  const env = serverEnv();
  holder[KEY] ??= createStore(env.redisUrl, env.auth.secret);
  return holder[KEY];
}

/**
 * One Redis may serve several consoles: each keeps to keys of its own, named after its
 * NEXTAUTH_SECRET (which its replicas share and other consoles do not), so sessions, throttle
 * counts, cached reads and tokens never cross from one console to another.
 */
export function consolePrefix(secret: string): string {
  return `ac:${createHash("sha256").update(`alarm-console\n${secret}`).digest("base64url").slice(0, 12)}:`;
}

function createStore(redisUrl: string | undefined, secret: string): SharedStore {
  if (!redisUrl) return new MemoryStore();
  return new RedisStore({
    url: redisUrl,
    prefix: consolePrefix(secret),
    // The address is configuration an operator knows; the log says only what changed.
    onStateChange: (state) =>
      state === "up"
        ? console.log("[store] connected to Redis")
        : console.error("[store] Redis is unreachable: requests that need it answer 503"),
  });
}
