import "server-only";
import type { Kysely } from "kysely";
import type { Database } from "@/lib/server/db";
import {
  STATUSES,
  resolveRange,
  type AlarmListQuery,
  type AlarmStatus,
} from "@/lib/shared/alarms/query";
import type { SearchNode } from "@/lib/shared/search/ast";
import {
  KEYS_PER_READ,
  MATCH_CAP,
  countMatches,
  orderTerms,
  pageKeys,
  type Key,
} from "@/lib/server/search/search";
import { readable, withWords } from "@/lib/server/search/search-where";

// What the live queue's watch of a view the index answers reads (lib/server/live): the view's
// first alarms in the list's exact order (searchAlarmPage's plans), from the narrow table alone:
// a watch compares statuses and places, so no document is parsed and, for filters alone, nothing
// is counted (a search counts up to the cap, which picks its plan, as its page does). With each
// row, when the sync last wrote it: which write brought a row in (../live-notices.ts). And the
// statuses of alarms that left the window, from the index too. Every value is a parameter.

type Db = Kysely<Database>;

export interface LiveWindowRequest {
  /** The view's deployments, every one the analyst's (the stream checked them). */
  deployments: readonly string[];
  /** The parsed `q`; null: the filters alone. */
  search: SearchNode | null;
  /** Sort and filters; a rolling range is resolved against `now`. */
  query: AlarmListQuery;
}

/** One alarm of the window as the narrow table holds it. */
export interface LiveIndexedAlarm {
  deployment: string;
  uuid: string;
  status: AlarmStatus | null;
  priority: number;
  priorityLabel: string | null;
  occurredAt: number;
  receivedAt: number | null;
  rule: { intent: string | null; strategy: string | null; method: string | null };
  /** When the sync last wrote the row (epoch ms): the `at` of the notice of that write. */
  indexedAt: number;
}

export interface LiveWindow {
  /** In the view's order. */
  alarms: LiveIndexedAlarm[];
  /** The occurred-time bounds it was read with (a rolling range resolved at `now`). */
  occurred: { gte: number | null; lte: number | null };
}

const statusOf = (value: string | null): AlarmStatus | null =>
  (STATUSES as readonly (string | null)[]).includes(value) ? (value as AlarmStatus) : null;

const keyOf = (row: Key) => `${row.deployment}/${row.uuid}`;

/** The first `size` alarms of the view as of `now`, in its order. */
export async function readLiveWindow(
  db: Db,
  request: LiveWindowRequest,
  now: number,
  size: number,
): Promise<LiveWindow> {
  const query = resolveRange(request.query, now);
  const { filters } = query;
  const occurred = {
    gte: filters.timestamp_occured_gte ?? null,
    lte: filters.timestamp_occured_lte ?? null,
  };
  const { deployments, search } = request;
  const where = await withWords(db, { allowed: deployments, deployments, search, filters });
  if (readable(where).length === 0) return { alarms: [], occurred };
  // A search's count picks its plan (many matches are walked in the page's order).
  const many = search !== null && (await countMatches(db, where, MATCH_CAP)) > MATCH_CAP;
  const place = { terms: orderTerms(query.sort), limit: size, offset: 0 };
  const keys = await pageKeys(db, where, place, many);
  return { alarms: await narrowRows(db, keys), occurred };
}

/** The narrow rows of `keys`, in their order (a row deleted meanwhile is left out). */
async function narrowRows(db: Db, keys: readonly Key[]): Promise<LiveIndexedAlarm[]> {
  if (keys.length > KEYS_PER_READ) {
    const parts: LiveIndexedAlarm[] = [];
    for (let at = 0; at < keys.length; at += KEYS_PER_READ) {
      parts.push(...(await narrowRows(db, keys.slice(at, at + KEYS_PER_READ))));
    }
    return parts;
  }
  if (keys.length === 0) return [];
  const rows = await db
    .selectFrom("alarms as a")
    .select([
      "a.deployment",
      "a.uuid",
      "a.status",
      "a.priority",
      "a.priority_label",
      "a.occurred_at",
      "a.received_at",
      "a.rule_intent",
      "a.rule_strategy",
      "a.rule_method",
      "a.indexed_at",
    ])
    .where("a.deployment", "in", [...new Set(keys.map((key) => key.deployment))])
    .where(({ eb, refTuple, tuple }) =>
      eb(
        refTuple("a.deployment", "a.uuid"),
        "in",
        keys.map((key) => tuple(key.deployment, key.uuid)),
      ),
    )
    .execute();
  const byKey = new Map(rows.map((row) => [keyOf(row), row]));
  return keys.flatMap((key) => {
    const row = byKey.get(keyOf(key));
    if (!row) return [];
    return [
      {
        deployment: row.deployment,
        uuid: row.uuid,
        status: statusOf(row.status),
        priority: row.priority,
        priorityLabel: row.priority_label,
        occurredAt: row.occurred_at,
        receivedAt: row.received_at,
        rule: { intent: row.rule_intent, strategy: row.rule_strategy, method: row.rule_method },
        indexedAt: row.indexed_at,
      },
    ];
  });
}

/**
 * The index's status of each of `alarms` (by "deployment/uuid"); an alarm the index no longer
 * holds (retention) is left out.
 */
export async function readIndexedStatuses(
  db: Db,
  alarms: readonly Key[],
): Promise<Map<string, AlarmStatus | null>> {
  const keys = alarms.map((alarm) => ({ ...alarm, uuid: alarm.uuid.toLowerCase() }));
  const rows = await narrowRows(db, keys);
  return new Map(rows.map((row) => [keyOf(row), row.status]));
}
