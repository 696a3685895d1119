// Two analysts of one team and a time, for tests that work alarms' triage (as triage.ts's callers
// name them: an Actor).
import { handleOf } from "@/lib/server/triage/analysts";
import type { Actor } from "@/lib/server/triage/alarm-row";
import type { Analyst } from "@/lib/server/auth/session";
import { testAnalyst } from "./analyst";

export const alice = testAnalyst("local:alice", { name: "Alice Archer" });
export const bob = testAnalyst("local:bob", { name: "Bob Baker" });

/** The analyst as a triage write names who acted. */
export const actor = (who: Analyst): Actor => ({
  id: who.id,
  handle: handleOf(who),
  name: who.name,
});

/** An epoch-ms time in November 2025 (2025-11-24T16:00:00Z). */
export const T = 1_764_000_000_000;
