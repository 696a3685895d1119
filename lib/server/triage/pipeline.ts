import "server-only";
import type { Kysely } from "kysely";
import { ApiError } from "@/lib/shared/core/errors";
import type { AlarmTriage, TriageNotice } from "@/lib/shared/triage/types";
import type { Analyst } from "@/lib/server/auth/session";
import { databaseState, type Database, type DatabaseState } from "@/lib/server/db";
import { asIndexUnavailable } from "@/lib/server/db/errors";
import type { Deployment } from "@/lib/server/deployments/registry";
import { sharedStore, type SharedStore } from "@/lib/server/store";
import { readAlarm, type UsmCall } from "@/lib/server/usm";
import type { Actor, AlarmRef } from "./alarm-row";
import { handleOf, recordAnalyst } from "./analysts";
import { publishTriageNotice } from "./notices";
import { indexHolds, readTriage } from "./read";

// The way every write of the team's data goes: the analyst's rate first (a write refused costs
// nothing else), the console's database opened (503 index_unavailable where it cannot be, or when
// it fails midway), the alarm checked (neither the index nor the upstream knows it: 404, so no
// made-up id gains triage state), the analyst recorded as one of the team, the write (one
// transaction that locks the row, with its audit row: ./triage.ts), and a notice to every replica
// when something changed. The use cases (./service.ts, ./bulk.ts, ./view-service.ts) go this way.

/** What the services run on: this process's database, store and clock unless a test hands one. */
export interface TriageContext {
  database?: () => Promise<DatabaseState>;
  store?: SharedStore;
  now?: () => number;
}

/** Who acts, on which deployment (the analyst's: the route answered 404 otherwise). */
export interface TriageCaller {
  analyst: Analyst;
  deployment: Deployment;
  /** The analyst's calls on the deployment's client (to ask the upstream of an alarm). */
  call: UsmCall;
}

/** Each analyst's writes, by kind: the store's key, the rate, and what a refusal says. */
const WRITE_RATES = {
  /** 10 a second sustained, a burst of 40 (a bulk write counts once). */
  triage: {
    key: "triage-writes",
    rate: { intervalMs: 100, burst: 40, maxWaitMs: 0 },
    refusal: "You are changing alarms faster than the console allows.",
  },
  /** Saving views is a person's pace: 1 a second sustained, a burst of 20. */
  views: {
    key: "view-writes",
    rate: { intervalMs: 1_000, burst: 20, maxWaitMs: 0 },
    refusal: "You are changing saved views faster than the console allows.",
  },
} as const;

export const nowOf = (context: TriageContext): number => (context.now ?? Date.now)();
export const storeOf = (context: TriageContext): SharedStore => context.store ?? sharedStore();

export function actorOf(analyst: Analyst): Actor {
  const handle = handleOf(analyst);
  return { id: analyst.id, handle, name: analyst.name || handle };
}

/** One write of `analyst`'s share of `kind`, or 429 rate_limited saying when to try again. */
export async function takeWrite(
  analyst: Analyst,
  context: TriageContext,
  kind: keyof typeof WRITE_RATES = "triage",
): Promise<void> {
  const { key, rate, refusal } = WRITE_RATES[kind];
  const reservation = await storeOf(context).reserve(`${key}:${analyst.id}`, rate);
  if (!reservation.granted) {
    throw new ApiError("rate_limited", refusal, {
      retryAfterSeconds: Math.max(1, Math.ceil(reservation.retryInMs / 1000)),
    });
  }
}

/** `work` on the console's database; `what` names the data in a 503 (where there is none). */
export async function withDb<T>(
  context: TriageContext,
  work: (db: Kysely<Database>) => Promise<T>,
  what = "The team's triage",
): Promise<T> {
  const state = await (context.database ?? databaseState)();
  if (!state.ok) {
    throw new ApiError("index_unavailable", `${what} cannot be reached: ${state.reason}`);
  }
  try {
    return await work(state.database.db);
  } catch (error) {
    throw asIndexUnavailable(error);
  }
}

/** 404 unless the index or the upstream knows the alarm. */
export async function checkAlarm(
  db: Kysely<Database>,
  alarm: AlarmRef,
  call: UsmCall,
): Promise<void> {
  if (await indexHolds(db, alarm)) return;
  await readAlarm(alarm.uuid, call); // throws not_found for an alarm the upstream does not have
}

/** What a write's work is handed. */
export interface WriteScope {
  db: Kysely<Database>;
  alarm: AlarmRef;
  actor: Actor;
  now: number;
  /** Tells every replica what changed (only when something did). */
  tell(change: Pick<TriageNotice, "action" | "owner" | "acknowledged" | "verdict">): Promise<void>;
}

/** One write of one alarm's triage, the whole way; resolves with the alarm's triage after it. */
export async function writeAlarm(
  caller: TriageCaller,
  alarm: AlarmRef,
  context: TriageContext,
  work: (scope: WriteScope) => Promise<void>,
): Promise<AlarmTriage> {
  await takeWrite(caller.analyst, context);
  const now = nowOf(context);
  const actor = actorOf(caller.analyst);
  return withDb(context, async (db) => {
    await checkAlarm(db, alarm, caller.call);
    await recordAnalyst(db, caller.analyst, now);
    const tell: WriteScope["tell"] = (change) =>
      publishTriageNotice(storeOf(context), {
        deployment: alarm.deployment,
        uuids: [alarm.uuid],
        analyst: actor.handle,
        analystName: actor.name,
        at: now,
        ...change,
      });
    await work({ db, alarm, actor, now, tell });
    return readTriage(db, alarm);
  });
}
