import "server-only";
import { serverEnv } from "@/lib/env";
import { sharedStore } from "@/lib/store";
import { createUsmClient, type UsmClient } from "./client";

// The process's one client (deployment key `default`), built on first use from the validated
// environment. It lives on globalThis so that every route bundle of this server shares one set
// of in-flight reads and one round-robin between analysts; the token, the budget and the cached
// reads are shared with the other replicas through the store.

const KEY = Symbol.for("alarm-console.usm-client");
type Holder = { [KEY]?: UsmClient };

export const DEFAULT_DEPLOYMENT = "default";

export function usmClient(): UsmClient {
  const holder = globalThis as Holder;
  holder[KEY] ??= createUsmClient({
    ...serverEnv().usm,
    deployment: DEFAULT_DEPLOYMENT,
    store: sharedStore(),
  });
  return holder[KEY];
}
