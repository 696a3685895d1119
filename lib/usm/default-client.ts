import "server-only";
import { serverEnv } from "@/lib/env";
import { createUsmClient, type UsmClient } from "./client";

// The process's one client, built on first use from the validated environment. It lives on
// globalThis so that every route bundle of this server shares one token, one rate budget and
// one cache: two budgets would together exceed the upstream's limit.

const KEY = Symbol.for("alarm-console.usm-client");
type Holder = { [KEY]?: UsmClient };

export function usmClient(): UsmClient {
  const holder = globalThis as Holder;
  holder[KEY] ??= createUsmClient(serverEnv().usm);
  return holder[KEY];
}
