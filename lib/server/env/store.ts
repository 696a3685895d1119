// The store's variable, REDIS_URL: where replicas share state; server-only.
import "server-only";
import { z } from "zod";
import { optionalVariable, url } from "./rules";

/** REDIS_URL; unset, replicas cannot share state: this process keeps it in memory. */
export const storeVariables = z
  .object({
    // redis:// or rediss:// (TLS), with optional user, password and database number.
    REDIS_URL: optionalVariable(
      url("redis://redis.internal:6379", {
        test: ({ protocol }) => /^rediss?:$/.test(protocol),
        message: "must start with redis:// (or rediss:// for TLS)",
      }),
    ),
  })
  .transform((env) => env.REDIS_URL);
