import "server-only";
import type { ColumnType, Generated } from "kysely";

// The tables of the console's database, as Kysely sees them (./migrations.ts creates them). The
// index tables (alarms, alarm_docs, alarm_words_known, alarm_addresses, alarm_entities, index_sync) are a cache of
// the upstream: rebuildable, written only by the sync. Times are epoch milliseconds (bigint,
// read back as numbers: ./connection.ts sets the parser on both engines).

/** One row per alarm: the narrow columns every filter, sort, count and group reads. */
export interface AlarmsTable {
  deployment: string;
  uuid: string;
  /** Epoch ms; 0 when the upstream gave none. */
  occurred_at: number;
  received_at: number | null;
  priority: number;
  priority_label: string | null;
  status: string | null;
  suppressed: boolean;
  rule_intent: string | null;
  rule_strategy: string | null;
  rule_method: string | null;
  attack_id: string | null;
  attack_technique: string | null;
  attack_tactics: ColumnType<string[], string[], string[]>;
  sensor: string | null;
  labels: ColumnType<string[], string[], string[]>;
  source_username: string | null;
  destination_username: string | null;
  events_total: number;
  /** A hash of the fields that change upstream: an unchanged alarm is never rewritten. */
  volatile_hash: string;
  /** When the sync last wrote the row (epoch ms). */
  indexed_at: number;
}

/** The alarm's document (our AlarmSummary) and its free text: read for a page's rows only. */
export interface AlarmDocsTable {
  deployment: string;
  uuid: string;
  summary: ColumnType<unknown, string, string>;
  /** Lower-cased text of the rule, names, hosts, users, event names and raw fields. */
  search_text: string;
  /**
   * The alarm's own status, priority and time, written with it (migration 0005): a search's
   * filters apply to the word index's candidates here (null: a document migration 0005 found
   * without its alarm).
   */
  status: string | null;
  priority: number | null;
  occurred_at: number | null;
}

/** Every word of every document (alarm_words' lexemes): a prefix's words are looked up here. */
export interface AlarmWordsKnownTable {
  word: string;
}

/** Each source or destination address of an alarm (an inet; the btree pivot and CIDR path). */
export interface AlarmAddressesTable {
  deployment: string;
  uuid: string;
  /** "s" a source, "d" a destination. */
  side: "s" | "d";
  address: string;
  occurred_at: number;
}

/** Each host name, FQDN and user name of an alarm, lower-cased, by kind (exact pivots). */
export interface AlarmEntitiesTable {
  deployment: string;
  uuid: string;
  /** "host" (names, hostnames, FQDNs, canonicals) or "user". */
  kind: "host" | "user";
  /** "s" of a source, "d" of a destination. */
  side: "s" | "d";
  value: string;
  occurred_at: number;
}

/** The sync's state per deployment: its checkpoint survives restarts. */
export interface IndexSyncTable {
  deployment: string;
  state: ColumnType<unknown, string, string>;
  updated_at: number;
}

export interface Database {
  alarms: AlarmsTable;
  alarm_docs: AlarmDocsTable;
  alarm_words_known: AlarmWordsKnownTable;
  alarm_addresses: AlarmAddressesTable;
  alarm_entities: AlarmEntitiesTable;
  index_sync: IndexSyncTable;
}

export type { Generated };
