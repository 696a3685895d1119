import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "@/lib/server/db";
import {
  DEFAULT_GROUP_SORT,
  MULTI_VALUED,
  type AlarmGroup,
  type GroupSort,
  type AlarmGroupsPage,
  type GroupField,
} from "@/lib/shared/alarms/groups";
import { PRIORITY_ORDER } from "@/lib/shared/alarms/priority";
import { NO_STATUS, resolveRange, type AlarmListQuery } from "@/lib/shared/alarms/query";
import type { SearchNode } from "@/lib/shared/search/ast";
import { indexSource } from "@/lib/server/mirror/indexed-up-to";
import { readable, whereOf, withWords, type SearchWhere } from "@/lib/server/search/search-where";

// The groups of a list view, from the index: one statement. The view's alarms (the same
// condition as its page: the analyst's deployments, `q`, the filters) are gathered once, with
// the narrow columns a group reads; each multi-valued field joins its distinct values per alarm
// from its side table (alarm_addresses, alarm_entities), so an alarm counts once in each of its
// groups, and once in the "none" group when it has no value. Values are grouped as the search
// compares them (lower-cased names, canonical addresses), so a group's count is what the search
// opening its rows finds (lib/shared/alarms/groups.ts, groupTerm). Field names map to this
// file's own SQL; every value is a parameter.

type Db = Kysely<Database>;

export interface GroupRequest {
  /** The deployments the analyst may see. */
  allowed: readonly string[];
  /** The deployments to read. */
  deployments: readonly string[];
  /** The parsed `q`, or null. */
  search: SearchNode | null;
  /** The view's page (of groups), size and filters; its sort is the rows', not read here. */
  query: AlarmListQuery;
  group: readonly GroupField[];
  /** The groups' order (most alarms first by default). */
  sort?: GroupSort;
}

const NO_STATUS_VALUE = sql<string>`coalesce(a.status, ${NO_STATUS})`;

/** Single-valued fields: the group's value and its label, per alarm row (`a`). */
const COLUMN_VALUE: Record<
  Exclude<GroupField, "src_ip" | "dst_ip" | "user" | "host">,
  { value: RawBuilder<string | null>; label: RawBuilder<string | null> }
> = {
  strategy: { value: sql`lower(a.rule_strategy)`, label: sql`a.rule_strategy` },
  method: { value: sql`lower(a.rule_method)`, label: sql`a.rule_method` },
  intent: { value: sql`lower(a.rule_intent)`, label: sql`a.rule_intent` },
  // By the ATT&CK id (as technique:T1110.001 finds it), shown with the technique's name.
  technique: {
    value: sql`lower(a.attack_id)`,
    // The group without an id is "none", whatever names its alarms carry.
    label: sql`case when a.attack_id is not null then concat_ws(' · ', a.attack_id, a.attack_technique) end`,
  },
  priority: { value: sql`lower(a.priority_label)`, label: sql`lower(a.priority_label)` },
  // The alarms without a status are a status of their own, as status:none finds them.
  status: { value: NO_STATUS_VALUE, label: NO_STATUS_VALUE },
  sensor: { value: sql`lower(a.sensor)`, label: sql`a.sensor` },
  deployment: { value: sql`a.deployment`, label: sql`a.deployment` },
};

/**
 * A multi-valued field's distinct values of one alarm of the view (`m`), looked up by its key:
 * the cost follows the view's alarms, not the deployment's. Joined whole, the range's side rows
 * made a one-alarm view grouped by address read every address of the deployment (645 ms at
 * 300,000 alarms) and the most frequent user's 18,962 alarms over all time 1.65 s at a million; by key, 7 days of
 * a million (39,000 alarms) take 150 ms by address where the whole join took 163.
 */
function valuesOfAlarm(field: "src_ip" | "dst_ip" | "user" | "host") {
  if (field === "src_ip" || field === "dst_ip") {
    // One row per side and address already (the table's key).
    return sql`
      select host(x.address) as value from alarm_addresses x
      where x.deployment = m.deployment and x.uuid = m.uuid
        and x.side = ${field === "src_ip" ? "s" : "d"}`;
  }
  // A user (or host) on both sides is one value of the alarm.
  return sql`
    select distinct x.value from alarm_entities x
    where x.deployment = m.deployment and x.uuid = m.uuid and x.kind = ${field}`;
}

/** The priority model's labels ranked (lib/shared/alarms/priority.ts), 0 for none or another. */
const PRIORITY_RANK = sql`case lower(a.priority_label) ${sql.join(
  PRIORITY_ORDER.map(
    (label, i) => sql`when ${sql.lit(label)} then ${sql.lit(PRIORITY_ORDER.length - i)}`,
  ),
  sql` `,
)} else 0 end`;

/**
 * The groups' order for a sort: its own term first, then most alarms and the highest priority,
 * then by value (`byValue`), so the order is stable; by value, A to Z first.
 */
function orderOf(sort: GroupSort, byValue: RawBuilder<unknown>[]): RawBuilder<unknown>[] {
  const usual = [sql`g.n desc`, sql`g.p desc`, ...byValue];
  switch (sort) {
    case "count":
      return usual;
    case "priority":
      return [sql`g.p desc`, ...usual];
    case "last":
      return [sql`g.last desc nulls last`, ...usual];
    case "first":
      return [sql`g.first asc nulls last`, ...usual];
    case "value":
      return [...byValue, sql`g.n desc`];
  }
}

interface GroupRow {
  n: number;
  p: number;
  rank: number;
  first: number | null;
  last: number | null;
  open: number;
  in_review: number;
  closed: number;
  none: number;
  groups: number;
  alarms: number;
  [column: string]: unknown;
}

/** One page of the view's groups, most alarms first (then highest priority, then by value). */
export async function groupAlarms(
  db: Db,
  request: GroupRequest,
  now: number,
): Promise<AlarmGroupsPage> {
  const query = resolveRange(request.query, now);
  const { page, size, filters } = query;
  const fields = [...request.group];
  const where: SearchWhere = await withWords(db, { ...request, filters });
  const keys = readable(where);
  const occurred = {
    gte: filters.timestamp_occured_gte ?? null,
    lte: filters.timestamp_occured_lte ?? null,
  };
  const sort = request.sort ?? DEFAULT_GROUP_SORT;
  const empty: AlarmGroupsPage = {
    fields,
    sort,
    groups: [],
    page: { number: page, size, totalElements: 0, totalPages: 0 },
    alarms: 0,
    occurred,
    readAt: now,
    source: await indexSource(db, keys),
  };
  if (keys.length === 0) return empty;

  const gathered = db
    .selectFrom("alarms as a")
    .select(["a.deployment", "a.uuid", "a.status", "a.priority", "a.occurred_at"])
    .select(sql<number>`${PRIORITY_RANK}`.as("rank"))
    .$call((q) =>
      fields.reduce(
        (acc, field, i) =>
          MULTI_VALUED.has(field)
            ? acc
            : acc.select([
                COLUMN_VALUE[field as keyof typeof COLUMN_VALUE].value.as(`v${i}`),
                COLUMN_VALUE[field as keyof typeof COLUMN_VALUE].label.as(`l${i}`),
              ]),
        q,
      ),
    )
    .where((eb) => whereOf(eb, where));

  const joins = fields.flatMap((field, i) =>
    MULTI_VALUED.has(field)
      ? [
          sql`left join lateral (${valuesOfAlarm(field as "src_ip")}) as ${sql.table(`x${i}`)} on true`,
        ]
      : [],
  );
  const valueOf = (field: GroupField, i: number) =>
    MULTI_VALUED.has(field) ? sql.ref(`x${i}.value`) : sql.ref(`m.v${i}`);
  const selected = fields.map((field, i) =>
    MULTI_VALUED.has(field)
      ? sql`${valueOf(field, i)} as ${sql.ref(`v${i}`)}, ${valueOf(field, i)} as ${sql.ref(`l${i}`)}`
      : sql`${valueOf(field, i)} as ${sql.ref(`v${i}`)}, min(${sql.ref(`m.l${i}`)}) as ${sql.ref(`l${i}`)}`,
  );
  const groupBy = fields.map((field, i) => valueOf(field, i));
  const orderBy = orderOf(
    sort,
    fields.map((_, i) => sql`${sql.ref(`g.v${i}`)} asc nulls last`),
  );

  const run = (limit: number, offset: number) => sql<GroupRow>`
    with m as materialized (${gathered}),
    g as (
      select ${sql.join(selected)},
        count(*) as n,
        max(m.priority) as p,
        max(m.rank) as rank,
        min(nullif(m.occurred_at, 0)) as first,
        max(nullif(m.occurred_at, 0)) as last,
        count(*) filter (where m.status = 'open') as open,
        count(*) filter (where m.status = 'in_review') as in_review,
        count(*) filter (where m.status = 'closed') as closed,
        count(*) filter (where m.status is null) as none
      from m ${sql.join(joins, sql` `)}
      group by ${sql.join(groupBy)}
    )
    select g.*, count(*) over () as groups, (select count(*) from m) as alarms
    from g
    order by ${sql.join(orderBy)}
    limit ${limit} offset ${offset}`;
  let rows = (await run(size, page * size).execute(db)).rows;
  let beyond = false;
  if (rows.length === 0 && page > 0) {
    // Past the last page: the first group's row still carries the totals.
    rows = (await run(1, 0).execute(db)).rows;
    beyond = true;
  }
  if (rows.length === 0) return empty;
  const total = Number(rows[0]!.groups);
  return {
    ...empty,
    groups: beyond ? [] : rows.map((row) => groupOf(row, fields.length)),
    page: { number: page, size, totalElements: total, totalPages: Math.ceil(total / size) },
    alarms: Number(rows[0]!.alarms),
  };
}

function groupOf(row: GroupRow, width: number): AlarmGroup {
  const at = (prefix: "v" | "l", i: number) => {
    const value = row[`${prefix}${i}`];
    return value === null || value === undefined ? null : String(value);
  };
  const n = (value: unknown) => Number(value ?? 0);
  return {
    values: Array.from({ length: width }, (_, i) => at("v", i)),
    labels: Array.from({ length: width }, (_, i) => at("l", i)),
    count: n(row.n),
    priority: n(row.p),
    priorityLabel: PRIORITY_ORDER[PRIORITY_ORDER.length - n(row.rank)] ?? null,
    first: row.first === null ? null : n(row.first),
    last: row.last === null ? null : n(row.last),
    statuses: {
      open: n(row.open),
      in_review: n(row.in_review),
      closed: n(row.closed),
      none: n(row.none),
    },
  };
}
