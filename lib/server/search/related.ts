import "server-only";
import { isIP } from "node:net";
import { sql, type Kysely, type SqlBool } from "kysely";
import type { Database } from "@/lib/server/db";
import type { PriorityName } from "@/lib/shared/alarms/priority";
import type { AlarmStatus } from "@/lib/shared/alarms/query";
import { RELATED_LIMIT, type RelatedAlarm, type RelatedShare } from "@/lib/shared/search/pivots";
import { inWindow, searchForm, type PivotWindow } from "@/lib/server/search/pivots";

// "Related alarms" of a detail: the newest other alarms of the same deployment, in the window,
// sharing one of its addresses or user names, each with what it shares. Per shared value, the
// newest few come straight off its btree (already in time order: the side tables' pivot
// indexes), all values in one statement; their narrow rows in a second, by primary key.

export interface Related {
  /** Newest first (ties by uuid), at most `limit`. */
  alarms: RelatedAlarm[];
  /** Whether the alarm itself is in the index within the window (it then counts as a carrier). */
  selfInWindow: boolean;
}

interface Candidate {
  uuid: string;
  occurred_at: number;
  share: number;
}

function candidates(
  db: Kysely<Database>,
  deployment: string,
  uuid: string,
  share: RelatedShare,
  index: number,
  window: PivotWindow,
  limit: number,
) {
  // One alarm holds a value at most once per side: twice the limit of rows holds `limit` alarms.
  const rows = 2 * limit;
  const tag = sql<number>`${sql.lit(index)}`.as("share");
  if (share.field === "ip") {
    return db
      .selectFrom("alarm_addresses as x")
      .select(["x.uuid", "x.occurred_at", tag])
      .where("x.deployment", "=", deployment)
      .where(sql<SqlBool>`x.address = ${share.value.trim()}::inet`)
      .where("x.uuid", "<>", uuid)
      .where(inWindow("x.occurred_at", window))
      .orderBy("x.occurred_at", "desc")
      .limit(rows);
  }
  return db
    .selectFrom("alarm_entities as e")
    .select(["e.uuid", "e.occurred_at", tag])
    .where("e.deployment", "=", deployment)
    .where("e.kind", "=", "user")
    .where("e.value", "=", searchForm(share.value))
    .where("e.uuid", "<>", uuid)
    .where(inWindow("e.occurred_at", window))
    .orderBy("e.occurred_at", "desc")
    .limit(rows);
}

/**
 * The newest alarms other than `uuid` sharing any of `shares` in `window`, of `deployment` only.
 * `uuid` is the alarm's id in its lower-case form (the route checks that it is one).
 */
export async function relatedAlarms(
  db: Kysely<Database>,
  deployment: string,
  uuid: string,
  shares: readonly RelatedShare[],
  window: PivotWindow,
  limit = RELATED_LIMIT,
): Promise<Related> {
  const usable = shares.filter((share) => share.field !== "ip" || isIP(share.value.trim()));
  const queries = usable.map((share, index) =>
    db
      .selectFrom(candidates(db, deployment, uuid, share, index, window, limit).as(`s${index}`))
      .selectAll(),
  );
  const [first, ...rest] = queries;
  const found: Candidate[] = first
    ? await rest.reduce((all, query) => all.unionAll(query), first).execute()
    : [];

  const byUuid = new Map<string, { occurredAt: number; shares: Set<number> }>();
  for (const row of found) {
    const entry = byUuid.get(row.uuid) ?? { occurredAt: row.occurred_at, shares: new Set() };
    entry.shares.add(row.share);
    byUuid.set(row.uuid, entry);
  }
  const newest = [...byUuid.entries()]
    .sort(([a, x], [b, y]) => y.occurredAt - x.occurredAt || a.localeCompare(b))
    .slice(0, limit);

  const rows = await db
    .selectFrom("alarms")
    .select([
      "uuid",
      "occurred_at",
      "priority",
      "priority_label",
      "status",
      "rule_strategy",
      "rule_method",
    ])
    .where("deployment", "=", deployment)
    .where("uuid", "in", [uuid, ...newest.map(([id]) => id)])
    .execute();
  const byId = new Map(rows.map((row) => [row.uuid, row]));
  const self = byId.get(uuid);
  const selfInWindow =
    self !== undefined &&
    (window.gte === null || self.occurred_at >= window.gte) &&
    (window.lte === null || self.occurred_at <= window.lte);

  const alarms = newest.flatMap(([id, entry]): RelatedAlarm[] => {
    const row = byId.get(id);
    if (!row) return []; // dropped by retention between the two reads
    return [
      {
        uuid: id,
        occurredAt: row.occurred_at || null,
        priority: row.priority,
        priorityLabel: row.priority_label as PriorityName | null,
        status: row.status as AlarmStatus | null,
        strategy: row.rule_strategy,
        method: row.rule_method,
        shares: [...entry.shares].sort((a, b) => a - b).map((index) => usable[index]!),
      },
    ];
  });
  return { alarms, selfInWindow };
}
