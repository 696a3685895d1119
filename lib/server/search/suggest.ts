import "server-only";
import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "@/lib/server/db";
import type { SearchSide } from "@/lib/shared/search/ast";
import { resolveSearchField, type SearchField } from "@/lib/shared/search/fields";
import {
  MAX_SUGGESTIONS,
  fieldNameSuggestions,
  type SuggestRequest,
} from "@/lib/shared/search/suggestions";
import { ipv4PrefixRanges } from "@/lib/server/search/suggest-address";

// What the search box suggests as one types a field's value, from the index of the deployments
// the analyst may see (the caller passes only those; every query names them). Bounded and quick:
// hosts and users skip along the (deployment, kind, value) btree from one distinct value to the
// next, addresses along (deployment, address), so a host seen in 100,000 alarms costs one probe;
// rule names, techniques, tactics, sensors and labels have no index of their own and come from
// each deployment's newest SAMPLE alarms (by the time index), the most frequent first; statuses
// and priority labels are a closed set. An IPv6 prefix and a uuid suggest nothing.

type Db = Kysely<Database>;

/** How many of each deployment's newest alarms the unindexed fields' values come from. */
const SAMPLE = 5_000;

const SIDE = { src: "s", dst: "d" } as const;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, "\\$&");
}

function sideOf(side: SearchSide, column: RawBuilder<unknown>) {
  return side === "any" ? sql`` : sql`and ${column} = ${SIDE[side]}`;
}

/** Distinct values of one kind (host, user) starting with `prefix`, one index probe each. */
async function entities(
  db: Db,
  deployment: string,
  kind: "host" | "user",
  side: SearchSide,
  prefix: string,
): Promise<string[]> {
  const like = `${escapeLike(prefix.toLowerCase())}%`;
  const where = sql`e.deployment = ${deployment} and e.kind = ${kind} and e.value like ${like}
    ${sideOf(side, sql.ref("e.side"))}`;
  const { rows } = await sql<{ value: string }>`
    with recursive v(value) as (
      (select e.value from alarm_entities e where ${where} order by e.value using ~<~ limit 1)
      union all
      select (
        select e.value from alarm_entities e where ${where} and e.value ~>~ v.value
        order by e.value using ~<~ limit 1
      ) from v where v.value is not null
    )
    select value from v where value is not null limit ${MAX_SUGGESTIONS}`.execute(db);
  return rows.map((row) => row.value);
}

/** Distinct addresses whose text starts with an IPv4 `prefix`, one index probe each. */
async function addresses(
  db: Db,
  deployment: string,
  side: SearchSide,
  prefix: string,
): Promise<string[]> {
  const found: string[] = [];
  for (const range of ipv4PrefixRanges(prefix.trim())) {
    if (found.length >= MAX_SUGGESTIONS) break;
    const where = sql`x.deployment = ${deployment} and x.address <= ${range.to}::inet
      ${sideOf(side, sql.ref("x.side"))}`;
    const { rows } = await sql<{ value: string }>`
      with recursive v(address) as (
        (select x.address from alarm_addresses x where ${where}
          and x.address >= ${range.from}::inet order by x.address limit 1)
        union all
        select (
          select x.address from alarm_addresses x where ${where} and x.address > v.address
          order by x.address limit 1
        ) from v where v.address is not null
      )
      select host(address) as value from v where address is not null
      limit ${MAX_SUGGESTIONS - found.length}`.execute(db);
    found.push(...rows.map((row) => row.value));
  }
  return found;
}

/** Each unindexed field's values in a row `s` of alarms (arrays unnested). */
const SAMPLED: Record<string, RawBuilder<unknown>> = {
  strategy: sql`s.rule_strategy`,
  method: sql`s.rule_method`,
  intent: sql`s.rule_intent`,
  sensor: sql`s.sensor`,
  technique: sql`unnest(array[s.attack_id, s.attack_technique])`,
  tactic: sql`unnest(s.attack_tactics)`,
  label: sql`unnest(s.labels)`,
};

/** Values of an unindexed field in the newest alarms, a word of them starting with `prefix`. */
async function sampled(
  db: Db,
  deployments: readonly string[],
  field: string,
  prefix: string,
): Promise<string[]> {
  const value = SAMPLED[field];
  if (!value) return [];
  const start = escapeLike(prefix.toLowerCase());
  const parts = deployments.map(
    (deployment) => sql`select ${value} as v from (
      select * from alarms a where a.deployment = ${deployment}
      order by a.occurred_at desc limit ${SAMPLE}
    ) s`,
  );
  const { rows } = await sql<{ v: string }>`
    select v from (${sql.join(parts, sql` union all `)}) t
    where v is not null and (lower(v) like ${`${start}%`} or lower(v) like ${`% ${start}%`})
    group by v order by count(*) desc, v limit ${MAX_SUGGESTIONS}`.execute(db);
  return rows.map((row) => row.v);
}

/** Merges each deployment's sorted answers into one sorted list, once each, at most the limit. */
function merged(lists: string[][], order: (a: string, b: string) => number): string[] {
  return [...new Set(lists.flat())].sort(order).slice(0, MAX_SUGGESTIONS);
}

const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
const byNumbers = (a: string, b: string) => a.localeCompare(b, "en", { numeric: true });

/** The suggestions for what the box holds: field names, or one field's values. */
export async function suggest(
  db: Db,
  deployments: readonly string[],
  { field, prefix }: SuggestRequest,
): Promise<string[]> {
  if (field === null) return fieldNameSuggestions(prefix);
  const resolved = resolveSearchField(field);
  if (resolved?.kind !== "field" || deployments.length === 0) return [];
  const known: SearchField = resolved.field;
  const side = resolved.side;
  switch (known.kind) {
    case "entity": {
      const kind = known.name === "user" ? "user" : "host";
      const lists = await Promise.all(
        deployments.map((key) => entities(db, key, kind, side, prefix)),
      );
      return merged(lists, byText);
    }
    case "address": {
      const lists = await Promise.all(deployments.map((key) => addresses(db, key, side, prefix)));
      return merged(lists, byNumbers);
    }
    case "enum":
    case "priority": {
      const typed = prefix.trim().toLowerCase();
      return (known.values ?? []).filter((value) => value.startsWith(typed));
    }
    case "text":
      return sampled(db, deployments, known.name, prefix);
    case "uuid":
    case "time":
      return [];
  }
}
