import "server-only";
import { AsyncLocalStorage } from "node:async_hooks";
import type { Analyst } from "@/lib/server/auth/session";

// Who a request is for, where the index's turns need it without every layer passing it along:
// lib/server/index/read-index.ts gives each analyst their turn at the database by it. Set by the
// route wrapper and by the pages that read the index; background work runs outside it and waits
// as "background". Nothing else may read it: a search's `owner:me` is bound from the analyst
// passed explicitly (lib/server/reads/index-read.ts, readSearch), never from here.

const storage = new AsyncLocalStorage<Analyst>();

export function runAsAnalyst<T>(analyst: Analyst, work: () => T): T {
  return storage.run(analyst, work);
}

/** The analyst this request is for, or null outside one. */
export function requestAnalyst(): Analyst | null {
  return storage.getStore() ?? null;
}
