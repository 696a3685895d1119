import "server-only";
import { serverEnv } from "@/lib/env";
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
  holder[KEY] ??= createStore(serverEnv().redisUrl);
  return holder[KEY];
}

function createStore(redisUrl: string | undefined): SharedStore {
  if (!redisUrl) return new MemoryStore();
  return new RedisStore({
    url: redisUrl,
    // The address is configuration an operator knows; the log says only what changed.
    onStateChange: (state) =>
      state === "up"
        ? console.log("[store] connected to Redis")
        : console.error("[store] Redis is unreachable: requests that need it answer 503"),
  });
}
