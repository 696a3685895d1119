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

/**
 * Everyone who has used the console (written at each triage call and detail opened): whom an
 * alarm may be assigned to, and how a teammate is named. `access` is what decides which
 * deployments they may see (lib/server/deployments/access.ts), as of their last visit.
 */
export interface AnalystsTable {
  id: string;
  /** What a teammate types: the local username, or the e-mail single sign-on gave. */
  handle: string;
  name: string;
  access: ColumnType<AnalystAccess, string, string>;
  seen_at: number;
}

export interface AnalystAccess {
  sso: boolean;
  email: string | null;
  emailVerified: boolean;
  groups: string[];
}

/** The team's triage of one alarm; absent until someone acts on it. */
export interface TriageAlarmsTable {
  deployment: string;
  uuid: string;
  owner_id: string | null;
  owned_at: number | null;
  acknowledged_by: string | null;
  acknowledged_at: number | null;
  /** Notes not deleted. */
  notes: number;
  updated_at: number;
  /** Closed by the team (issue 37): who, when, the verdict (a Verdict), why, what it duplicates. */
  closed_by: string | null;
  closed_at: number | null;
  verdict: string | null;
  close_reason: string | null;
  duplicate_of: string | null;
}

export interface TriageNotesTable {
  id: string;
  deployment: string;
  uuid: string;
  author_id: string;
  text: string;
  created_at: number;
  edited_at: number | null;
  deleted_at: number | null;
}

/** Every triage action, and every detail opened: append-only (a trigger refuses the rest). */
export interface TriageAuditTable {
  id: Generated<number>;
  at: number;
  analyst_id: string;
  deployment: string;
  uuid: string | null;
  action: string;
  before: ColumnType<unknown, string | null, never>;
  after: ColumnType<unknown, string | null, never>;
}

export interface SavedViewsTable {
  id: string;
  owner_id: string;
  name: string;
  /** The list's path and query string, as the address bar shows it. */
  view: string;
  shared: boolean;
  created_at: number;
  updated_at: number;
}

/** The saved view an analyst's list of a kind opens on when reached bare (issue 37). */
export interface ViewDefaultsTable {
  owner_id: string;
  /** A ViewKind: "deployment" (a deployment's list) or "all" (the queue of every deployment). */
  kind: string;
  view_id: string;
  updated_at: number;
}

/**
 * A USM label to put on an alarm (`wanted`) or take off, until the upstream has it so: the
 * outbox of label write-backs. One row per label of an alarm; a later verdict rewrites it.
 */
export interface LabelJobsTable {
  deployment: string;
  uuid: string;
  /** The USM label's id (a uuid, from the deployment's configuration). */
  label_id: string;
  wanted: boolean;
  /** A LabelState but "none": pending until written, or failed for good. */
  state: string;
  attempts: number;
  /** When the next attempt may run (epoch ms). */
  due_at: number;
  /** The worker (process) holding the job, until `claimed_until`. */
  claimed_by: string | null;
  claimed_until: number | null;
  /** Why the last attempt failed, in words an analyst may read. */
  message: string | null;
  /** The analyst whose verdict asked for it (the audit names them). */
  requested_by: string;
  updated_at: number;
}

export interface Database {
  alarms: AlarmsTable;
  alarm_docs: AlarmDocsTable;
  alarm_words_known: AlarmWordsKnownTable;
  alarm_addresses: AlarmAddressesTable;
  alarm_entities: AlarmEntitiesTable;
  index_sync: IndexSyncTable;
  analysts: AnalystsTable;
  triage_alarms: TriageAlarmsTable;
  triage_notes: TriageNotesTable;
  triage_audit: TriageAuditTable;
  saved_views: SavedViewsTable;
  label_jobs: LabelJobsTable;
  view_defaults: ViewDefaultsTable;
}
