import "server-only";
import { createHash } from "node:crypto";
import { isIP } from "node:net";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "@/lib/server/db";
import type { IndexedAlarm } from "@/lib/server/usm";
import { deleteSideRows } from "@/lib/server/mirror/forget";
import { forgetRecordedWords, recordWords } from "@/lib/server/mirror/known-words";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";

// Writes what the sync read into the index: one narrow row per alarm, its document and free
// text, and its addresses, hosts and users in side tables (the pivots' indexes). An alarm whose
// volatile fields (status, suppression, priority, labels, event count) are unchanged is not
// rewritten: a no-op upsert is the costliest thing the index could do all day.

/** An alarm as the sync reads it (the vendor client's shape): our summary, with free text. */
export type { IndexedAlarm };

const MAX_SEARCH_TEXT = 16_000;

function volatileHash({ summary }: IndexedAlarm): string {
  const { status, suppressed, priority, labels, eventsTotal } = summary;
  return createHash("sha1")
    .update(JSON.stringify([status, suppressed, priority, labels, eventsTotal]))
    .digest("base64url");
}

const lower = (value: string | null | undefined) => value?.trim().toLowerCase() || null;

function hostsOf(endpoint: Endpoint): string[] {
  return [endpoint.name, endpoint.hostname, endpoint.fqdn, endpoint.canonical].flatMap((value) => {
    const host = lower(value);
    // An address is an address's business (alarm_addresses), not a host name.
    return host && !isIP(host) ? [host] : [];
  });
}

function searchText({ summary, eventNames, rawText }: IndexedAlarm): string {
  const { rule } = summary;
  const parts = [
    rule.strategy,
    rule.method,
    rule.intent,
    rule.attackId,
    rule.attackTechnique,
    ...rule.attackTactics,
    summary.sourceUsername,
    summary.destinationUsername,
    ...[...summary.sources, ...summary.destinations].flatMap((e) => [
      e.address,
      e.name,
      e.hostname,
      e.fqdn,
      e.canonical,
      e.country,
      e.organisation,
    ]),
    ...summary.labels,
    ...eventNames,
    rawText,
  ];
  const text = parts.filter((part): part is string => !!part).join(" \u0001 ");
  return text.toLowerCase().slice(0, MAX_SEARCH_TEXT);
}

type Side = "s" | "d";

function addressesOf(summary: AlarmSummary) {
  const rows = new Map<string, { side: Side; address: string }>();
  const add = (side: Side, endpoints: Endpoint[]) => {
    for (const { address } of endpoints) {
      const value = address?.trim();
      if (value && isIP(value)) rows.set(`${side}|${value}`, { side, address: value });
    }
  };
  add("s", summary.sources);
  add("d", summary.destinations);
  return [...rows.values()];
}

function entitiesOf(summary: AlarmSummary) {
  const rows = new Map<string, { kind: "host" | "user"; side: Side; value: string }>();
  const add = (kind: "host" | "user", side: Side, values: (string | null)[]) => {
    for (const value of values) {
      if (value && value.length <= 512) rows.set(`${kind}|${side}|${value}`, { kind, side, value });
    }
  };
  add("host", "s", summary.sources.flatMap(hostsOf));
  add("host", "d", summary.destinations.flatMap(hostsOf));
  add("user", "s", [lower(summary.sourceUsername)]);
  add("user", "d", [lower(summary.destinationUsername)]);
  return [...rows.values()];
}

export interface IngestResult {
  /** Alarms new to the index or changed since their last write. */
  written: number;
  /** Alarms already indexed as they are. */
  unchanged: number;
}

/** Writes `alarms` of `deployment` into the index (changed ones only), in one transaction. */
export async function ingestAlarms(
  db: Kysely<Database>,
  deployment: string,
  alarms: IndexedAlarm[],
  now: number,
): Promise<IngestResult> {
  const unique = [...new Map(alarms.map((a) => [a.summary.uuid.toLowerCase(), a])).values()];
  if (unique.length === 0) return { written: 0, unchanged: 0 };
  const hashes = new Map(unique.map((a) => [a.summary.uuid.toLowerCase(), volatileHash(a)]));
  const known = await db
    .selectFrom("alarms")
    .select(["uuid", "volatile_hash"])
    .where("deployment", "=", deployment)
    .where("uuid", "in", [...hashes.keys()])
    .execute();
  const same = new Set(
    known.filter((k) => hashes.get(k.uuid) === k.volatile_hash).map((k) => k.uuid),
  );
  const changed = unique.filter((a) => !same.has(a.summary.uuid.toLowerCase()));
  if (changed.length > 0) {
    // The words first, committed on their own: a search never sees a document with a word the
    // prefix lookup does not know, and no lock on a word is held while the alarms are written.
    const texts = changed.map(searchText);
    try {
      await recordWords(db, texts);
      await db
        .transaction()
        .execute((tx) => writeAlarms(tx, deployment, changed, { hashes, texts }, now));
    } catch (error) {
      // The database failed (a restart, a failover): what it holds of the words is asked again.
      forgetRecordedWords(db);
      throw error;
    }
  }
  return { written: changed.length, unchanged: unique.length - changed.length };
}

async function writeAlarms(
  tx: Transaction<Database>,
  deployment: string,
  alarms: IndexedAlarm[],
  /** Each alarm's volatile hash (by uuid) and its search text (in `alarms`' order). */
  { hashes, texts }: { hashes: Map<string, string>; texts: string[] },
  now: number,
): Promise<void> {
  const uuids = alarms.map((a) => a.summary.uuid.toLowerCase());
  const rows = alarms.map(({ summary: s }) => ({
    deployment,
    uuid: s.uuid.toLowerCase(),
    occurred_at: s.occurredAt ?? 0,
    received_at: s.receivedAt,
    priority: s.priority,
    priority_label: s.priorityLabel,
    status: s.status,
    suppressed: s.suppressed,
    rule_intent: s.rule.intent,
    rule_strategy: s.rule.strategy,
    rule_method: s.rule.method,
    attack_id: s.rule.attackId,
    attack_technique: s.rule.attackTechnique,
    attack_tactics: s.rule.attackTactics,
    sensor: s.sensorUuid?.toLowerCase() ?? null,
    labels: s.labels,
    source_username: s.sourceUsername,
    destination_username: s.destinationUsername,
    events_total: s.eventsTotal,
    volatile_hash: hashes.get(s.uuid.toLowerCase())!,
    indexed_at: now,
  }));
  await tx
    .insertInto("alarms")
    .values(rows)
    .onConflict((oc) =>
      oc.columns(["deployment", "uuid"]).doUpdateSet((eb) => ({
        occurred_at: eb.ref("excluded.occurred_at"),
        received_at: eb.ref("excluded.received_at"),
        priority: eb.ref("excluded.priority"),
        priority_label: eb.ref("excluded.priority_label"),
        status: eb.ref("excluded.status"),
        suppressed: eb.ref("excluded.suppressed"),
        rule_intent: eb.ref("excluded.rule_intent"),
        rule_strategy: eb.ref("excluded.rule_strategy"),
        rule_method: eb.ref("excluded.rule_method"),
        attack_id: eb.ref("excluded.attack_id"),
        attack_technique: eb.ref("excluded.attack_technique"),
        attack_tactics: eb.ref("excluded.attack_tactics"),
        sensor: eb.ref("excluded.sensor"),
        labels: eb.ref("excluded.labels"),
        source_username: eb.ref("excluded.source_username"),
        destination_username: eb.ref("excluded.destination_username"),
        events_total: eb.ref("excluded.events_total"),
        volatile_hash: eb.ref("excluded.volatile_hash"),
        indexed_at: eb.ref("excluded.indexed_at"),
      })),
    )
    .execute();
  await tx
    .insertInto("alarm_docs")
    .values(
      alarms.map((alarm, at) => ({
        deployment,
        uuid: alarm.summary.uuid.toLowerCase(),
        summary: JSON.stringify(alarm.summary),
        search_text: texts[at]!,
        status: alarm.summary.status,
        priority: alarm.summary.priority,
        occurred_at: alarm.summary.occurredAt ?? 0,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["deployment", "uuid"]).doUpdateSet((eb) => ({
        summary: eb.ref("excluded.summary"),
        search_text: eb.ref("excluded.search_text"),
        status: eb.ref("excluded.status"),
        priority: eb.ref("excluded.priority"),
        occurred_at: eb.ref("excluded.occurred_at"),
      })),
    )
    .execute();
  // Who an alarm involves never changes upstream, but a re-read alarm is written whole.
  await tx
    .deleteFrom("alarm_addresses")
    .where("deployment", "=", deployment)
    .where("uuid", "in", uuids)
    .execute();
  await tx
    .deleteFrom("alarm_entities")
    .where("deployment", "=", deployment)
    .where("uuid", "in", uuids)
    .execute();
  const addresses = alarms.flatMap(({ summary }) =>
    addressesOf(summary).map((row) => ({
      deployment,
      uuid: summary.uuid.toLowerCase(),
      occurred_at: summary.occurredAt ?? 0,
      side: row.side,
      // Checked by isIP above, so the cast cannot fail the batch.
      address: sql<string>`${row.address}::inet`,
    })),
  );
  if (addresses.length > 0) await tx.insertInto("alarm_addresses").values(addresses).execute();
  const entities = alarms.flatMap(({ summary }) =>
    entitiesOf(summary).map((row) => ({
      deployment,
      uuid: summary.uuid.toLowerCase(),
      occurred_at: summary.occurredAt ?? 0,
      ...row,
    })),
  );
  if (entities.length > 0) await tx.insertInto("alarm_entities").values(entities).execute();
}

/** Drops what is older than the retention (epoch ms bound), in every table of the index. */
export async function dropOlderThan(
  db: Kysely<Database>,
  deployment: string,
  before: number,
): Promise<number> {
  return db.transaction().execute(async (tx) => {
    const gone = await tx
      .deleteFrom("alarms")
      .where("deployment", "=", deployment)
      .where("occurred_at", "<", before)
      .returning("uuid")
      .execute();
    const uuids = gone.map((row) => row.uuid);
    await deleteSideRows(tx, deployment, uuids);
    return uuids.length;
  });
}
