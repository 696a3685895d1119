import { offsetMinutes, UTC } from "@/lib/shared/alarms/time-zone";
import type { AlarmSummary, Endpoint } from "@/lib/shared/alarms/types";

// One alarm as an export writes it: a flat record for CSV (arrays joined in one cell), the whole
// summary plus readable times for NDJSON and JSON. Times go out in ISO 8601, in UTC and on the
// view's clock with its offset, so a spreadsheet sorts them and a reader sees the analyst's zone.

/** Joins a list in one cell: "; " reads well and does not clash with CSV's own commas. */
const LIST_SEPARATOR = "; ";

const pad = (value: number, width = 2) => String(Math.abs(value)).padStart(width, "0");

/** "2026-11-23T14:05:07.123Z", or "" for no time. */
function isoUtc(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms)) return "";
  return new Date(ms).toISOString();
}

/** "2026-11-23T15:05:07.123+01:00" on `zone`'s clock (UTC: "…Z"), or "" for no time. */
export function isoInZone(ms: number | null, zone: string): string {
  if (ms === null || !Number.isFinite(ms)) return "";
  if (zone === UTC) return isoUtc(ms);
  const offset = offsetMinutes(ms, zone);
  // The wall clock is the UTC clock moved by the offset: read it off a shifted Date's UTC fields.
  const wall = new Date(ms + offset * 60_000).toISOString().slice(0, -1);
  const sign = offset < 0 ? "-" : "+";
  return `${wall}${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

const join = (values: readonly (string | null)[]) =>
  values.filter((value): value is string => Boolean(value)).join(LIST_SEPARATOR);

const endpointField = (endpoints: readonly Endpoint[], field: keyof Endpoint) =>
  join(endpoints.map((endpoint) => (endpoint[field] === null ? null : String(endpoint[field]))));

/** The CSV columns, in order: what an analyst triaging or reporting needs, one alarm a row. */
export const CSV_COLUMNS = [
  "uuid",
  "occurred_utc",
  "occurred_local",
  "received_utc",
  "priority",
  "priority_label",
  "status",
  "suppressed",
  "rule_intent",
  "rule_strategy",
  "rule_method",
  "rule_id",
  "rule_dictionary",
  "rule_attack_id",
  "rule_attack_technique",
  "rule_attack_tactics",
  "source_addresses",
  "source_names",
  "source_countries",
  "source_username",
  "destination_addresses",
  "destination_names",
  "destination_countries",
  "destination_username",
  "events_total",
  "sensor_uuid",
  "sensor_sources",
  "labels",
  "deployment",
  // The team's, from the console's database (issue 37): what USM does not know of the alarm.
  "owner",
  "acknowledged_by",
  "acknowledged_at_utc",
  "verdict",
  "closed_by",
  "closed_at_utc",
  "note_count",
  "console_link",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The team's triage of one alarm as an export writes it (handles, epoch ms); none: untouched. */
export interface TeamColumns {
  owner: string | null;
  acknowledgedBy: string | null;
  acknowledgedAt: number | null;
  verdict: string | null;
  closedBy: string | null;
  closedAt: number | null;
  notes: number;
}

/** The team's columns of a batch's alarms, and each alarm's address in the console. */
export interface TeamOfBatch {
  /** By teamKey(deployment, uuid); an alarm nobody acted on is absent. */
  columns: ReadonlyMap<string, TeamColumns>;
  /** The alarm's detail in the console, absolute ("" when the console's origin is unknown). */
  link(alarm: AlarmSummary): string;
}

export const teamKey = (deployment: string, uuid: string) => `${deployment}\n${uuid.toLowerCase()}`;

const UNTOUCHED: TeamColumns = {
  owner: null,
  acknowledgedBy: null,
  acknowledgedAt: null,
  verdict: null,
  closedBy: null,
  closedAt: null,
  notes: 0,
};

const teamOf = (alarm: AlarmSummary, team: TeamOfBatch | undefined) =>
  team?.columns.get(teamKey(alarm.deployment, alarm.uuid)) ?? UNTOUCHED;

const hostOf = (endpoint: Endpoint) =>
  endpoint.hostname ?? endpoint.fqdn ?? endpoint.name ?? endpoint.canonical;

/** One alarm as a CSV record: every value a string or number, in CSV_COLUMNS order. */
export function csvRecord(
  alarm: AlarmSummary,
  zone: string,
  team?: TeamOfBatch,
): (string | number)[] {
  const mine = teamOf(alarm, team);
  const record: Record<CsvColumn, string | number> = {
    uuid: alarm.uuid,
    occurred_utc: isoUtc(alarm.occurredAt),
    occurred_local: isoInZone(alarm.occurredAt, zone),
    received_utc: isoUtc(alarm.receivedAt),
    priority: alarm.priority,
    priority_label: alarm.priorityLabel ?? "",
    status: alarm.status ?? "",
    suppressed: alarm.suppressed ? "true" : "false",
    rule_intent: alarm.rule.intent ?? "",
    rule_strategy: alarm.rule.strategy ?? "",
    rule_method: alarm.rule.method ?? "",
    rule_id: alarm.rule.id ?? "",
    rule_dictionary: alarm.rule.dictionary ?? "",
    rule_attack_id: alarm.rule.attackId ?? "",
    rule_attack_technique: alarm.rule.attackTechnique ?? "",
    rule_attack_tactics: join(alarm.rule.attackTactics),
    source_addresses: endpointField(alarm.sources, "address"),
    source_names: join(alarm.sources.map(hostOf)),
    source_countries: endpointField(alarm.sources, "country"),
    source_username: alarm.sourceUsername ?? "",
    destination_addresses: endpointField(alarm.destinations, "address"),
    destination_names: join(alarm.destinations.map(hostOf)),
    destination_countries: endpointField(alarm.destinations, "country"),
    destination_username: alarm.destinationUsername ?? "",
    events_total: alarm.eventsTotal,
    sensor_uuid: alarm.sensorUuid ?? "",
    sensor_sources: join(alarm.sensorSources),
    labels: join(alarm.labels),
    deployment: alarm.deployment,
    owner: mine.owner ?? "",
    acknowledged_by: mine.acknowledgedBy ?? "",
    acknowledged_at_utc: isoUtc(mine.acknowledgedAt),
    verdict: mine.verdict ?? "",
    closed_by: mine.closedBy ?? "",
    closed_at_utc: isoUtc(mine.closedAt),
    note_count: mine.notes,
    console_link: team?.link(alarm) ?? "",
  };
  return CSV_COLUMNS.map((column) => record[column]);
}

/** One alarm for NDJSON and JSON: the whole summary, its times readable too, the team's triage. */
export function jsonRecord(
  alarm: AlarmSummary,
  zone: string,
  team?: TeamOfBatch,
): Record<string, unknown> {
  const mine = teamOf(alarm, team);
  return {
    ...alarm,
    team: {
      ...mine,
      acknowledgedAtUtc: isoUtc(mine.acknowledgedAt) || null,
      closedAtUtc: isoUtc(mine.closedAt) || null,
    },
    consoleLink: team?.link(alarm) || null,
    occurredUtc: isoUtc(alarm.occurredAt),
    occurredLocal: isoInZone(alarm.occurredAt, zone),
    receivedUtc: isoUtc(alarm.receivedAt),
    receivedLocal: isoInZone(alarm.receivedAt, zone),
  };
}
