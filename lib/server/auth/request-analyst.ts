import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Analyst } from "@/lib/server/auth/session";

// Who a request is for, where a query needs it without every layer passing it along: the
// search's `owner:me` reads it. Set by the route wrapper and by the pages that read the index;
// background work (the live queue's watches) runs for no one, and `owner:me` then matches none.

const storage = new AsyncLocalStorage<Analyst>();

export function runAsAnalyst<T>(analyst: Analyst, work: () => T): T {
  return storage.run(analyst, work);
}

/** The analyst this request is for, or null outside one. */
export function requestAnalyst(): Analyst | null {
  return storage.getStore() ?? null;
}
