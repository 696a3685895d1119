import "server-only";
import type { Clock } from "@/lib/shared/core/clock";
import { ApiError } from "@/lib/shared/core/errors";
import { isEverySegment } from "@/lib/shared/deployments/scope";
import type { LiveChange, LiveState } from "@/lib/shared/live/types";
import type { LiveView } from "@/lib/shared/live/view-id";
import type { Transaction } from "kysely";
import type { ConsoleDatabase, Database, DatabaseState } from "@/lib/server/db";
import { readIndexedStatuses, readLiveWindow } from "@/lib/server/search/live-read";
import { parseSearch } from "@/lib/server/search/query-language/parse";
import { readIndex } from "@/lib/server/search/read-index";
import { observe, type WatchMemory } from "./diff";
import type { IndexNoticeBoard } from "./notices";
import type { WatchRecord, WatchRecords } from "./record";

// One read of a watched view the index answers, by the replica holding its lease: no upstream
// call at all. The view's first alarms from the index, in its order, compared with what the
// watch saw before (./diff.ts); the alarms that left for no visible reason asked of the index
// too, in the same read (one read-only transaction: PGlite runs one statement at a time for
// everyone, so a turn is one light read). An alarm the backfill just brought in from the past is not news.
// The outcome is recorded and published as a poll's is; the index's troubles are the state's
// error (index_unavailable), never the watch's end.

/** A notice asks for a read this long after the last one at the soonest: a burst is one read. */
export const INDEX_COALESCE_MS = 2_000;
/** A backfill's notice (old alarms, seldom in a view's first) asks for one this long after. */
export const BACKFILL_COALESCE_MS = 15_000;
/** A view is read this often whatever it hears: a notice lost on the way freezes nothing. */
export const INDEX_SAFETY_MS = 60_000;

/** The index as the live queue reads it on this replica. */
export interface LiveIndex {
  /** This process's database, or why it has none (lib/server/db's databaseState). */
  database(): Promise<DatabaseState>;
  /** How often the index's sync follows the upstream (INDEX_INTERVAL_SECONDS); 0: it does not. */
  intervalMs: number;
}

export interface IndexPollDeps {
  clock: Clock;
  records: WatchRecords;
  /** How many of a view's first alarms each read compares. */
  window: number;
  /** Absent: this replica has no index (the state says so). */
  index?: LiveIndex;
  notices: IndexNoticeBoard;
  /** Whom a read is for: no one, so it waits in the background's turn of the index. */
  analyst: null;
}

const NO_INDEX =
  "Live updates of this view come from the console's index, which this server does not keep.";
const UNREADABLE =
  "The console's index could not be read just now; live updates resume by themselves.";

/** Reads the view once as of `at`, records and publishes the outcome. */
export async function pollIndexView(
  deps: IndexPollDeps,
  watch: { view: LiveView; key: string },
  record: WatchRecord | null,
  at: number,
): Promise<void> {
  const { view, key } = watch;
  let update: Partial<LiveState>;
  let memory: WatchMemory | null = record?.memory ?? null;
  try {
    const observed = await observeIndex(deps, view, memory, at);
    memory = observed.memory;
    update = { polledAt: at, error: null, fresh: observed.fresh, changes: observed.changes };
  } catch (failure) {
    // What the watch saw stands; the next notice, or the timer, reads again.
    update = { error: errorOf(failure) };
  }
  const intervalMs = deps.index?.intervalMs || INDEX_SAFETY_MS;
  await deps.records.publish(
    key,
    view.id,
    record,
    { ...update, stretched: false, intervalMs },
    memory,
    at + INDEX_SAFETY_MS,
  );
}

async function openIndex(index: LiveIndex | undefined): Promise<ConsoleDatabase> {
  if (!index) throw new ApiError("index_unavailable", NO_INDEX);
  const state = await index.database();
  if (state.ok) return state.database;
  throw new ApiError(
    "index_unavailable",
    `Live updates of this view come from the console's index, which cannot answer on this server: ${state.reason}.`,
  );
}

async function observeIndex(
  deps: IndexPollDeps,
  view: LiveView,
  memory: WatchMemory | null,
  at: number,
) {
  const database = await openIndex(deps.index);
  const parsed = view.query.q === undefined ? null : parseSearch(view.query.q);
  if (parsed && !parsed.ok) {
    throw new ApiError("invalid_request", `This search cannot be read: ${parsed.problem.message}`);
  }
  const search = parsed?.query ?? null;
  const byDeployment = isEverySegment(view.deployment);
  const read = async (db: Transaction<Database>) => {
    const request = { deployments: view.deployments, search, query: view.query };
    const window = await readLiveWindow(db, request, at, deps.window);
    const observed = observe(memory, window.alarms, {
      sort: view.query.sort,
      window: deps.window,
      now: at,
      occurredGte: window.occurred.gte,
      byDeployment,
      quiet: (alarm) => deps.notices.backfilled(alarm.deployment, alarm.indexedAt),
    });
    // The index answers for every alarm that left at once: no budget to spare here.
    const left = observed.departed.map((row) => ({
      deployment: row.deployment ?? view.deployment,
      uuid: row.uuid,
      status: row.status,
    }));
    const statuses = await readIndexedStatuses(db, left);
    const changes: LiveChange[] = [...observed.changes];
    for (const row of left) {
      const status = statuses.get(`${row.deployment}/${row.uuid}`);
      if (status === undefined || status === row.status) continue;
      changes.push({
        uuid: row.uuid,
        status,
        at,
        ...(byDeployment && { deployment: row.deployment }),
      });
    }
    return { memory: observed.memory, fresh: observed.fresh, changes };
  };
  return readIndex(database, read, { analyst: deps.analyst });
}

function errorOf(failure: unknown): LiveState["error"] {
  // Never the database's own words (SQL, addresses): ours, or the generic one.
  return failure instanceof ApiError
    ? { code: failure.code, message: failure.message }
    : { code: "index_unavailable", message: UNREADABLE };
}
