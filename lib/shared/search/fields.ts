// The fields the search language knows, as data: the parser's whitelist, the `?` panel's list and
// the box's suggestions read the same table. Names are matched case-insensitively; the USM
// field names (and a few Elastic-style ones) are aliases of ours. Browser-safe.

import { PRIORITY_ORDER } from "@/lib/shared/alarms/priority";
import { STATUS_FILTERS } from "@/lib/shared/alarms/status";
import type { MultiKey } from "@/lib/shared/alarms/multi-keys";

/** What a field's values are, which decides how they are checked. */
export type SearchFieldKind = "address" | "entity" | "enum" | "priority" | "text" | "time" | "uuid";

/** Which end of an alarm a field names: either, the source or the destination. */
export type SearchSide = "any" | "src" | "dst";

export interface SearchFieldInfo {
  name: string;
  kind: SearchFieldKind;
  /** For addresses: which side the field reads. Host and user read either unless an alias says. */
  side: SearchSide;
  description: string;
  example: string;
  /** The values a suggestion may offer where they are a closed set. */
  values?: readonly string[];
  /** The list's URL filter of the same field, where it has one (`strategy=` reads as it). */
  filter?: MultiKey;
}

export const SEARCH_FIELDS = [
  {
    name: "ip",
    kind: "address",
    side: "any",
    description: "A source or destination address, a CIDR range, or * for any",
    example: "ip:10.0.0.0/8",
  },
  {
    name: "src_ip",
    kind: "address",
    side: "src",
    description: "A source address or CIDR range",
    example: "src_ip:188.1.32.78",
  },
  {
    name: "dst_ip",
    kind: "address",
    side: "dst",
    description: "A destination address or CIDR range (IPv6 needs no quotes)",
    example: "dst_ip:2001:db8::1",
  },
  {
    name: "host",
    kind: "entity",
    side: "any",
    description: "A host name, hostname or FQDN of a source or destination",
    example: "host:web-01",
  },
  {
    name: "user",
    kind: "entity",
    side: "any",
    description: "A source or destination user name; end with * for a prefix",
    example: "user:adm*",
  },
  {
    name: "status",
    kind: "enum",
    side: "any",
    description: "The alarm's status, or none for the alarms without one",
    example: "status:open",
    values: STATUS_FILTERS,
    filter: "status",
  },
  {
    name: "priority",
    kind: "priority",
    side: "any",
    description: "The priority, 0 to 100 (compare with > >= < <=), its label, or * for any label",
    example: "priority >= 70",
    values: PRIORITY_ORDER,
    filter: "priority_label",
  },
  {
    name: "strategy",
    kind: "text",
    side: "any",
    description: "The rule's strategy",
    example: 'strategy:"Brute Force Authentication"',
    filter: "rule_strategy",
  },
  {
    name: "method",
    kind: "text",
    side: "any",
    description: "The rule's method",
    example: 'method:"SSH brute force"',
    filter: "rule_method",
  },
  {
    name: "intent",
    kind: "text",
    side: "any",
    description: "The rule's intent",
    example: 'intent:"Delivery & Attack"',
    filter: "rule_intent",
  },
  {
    name: "technique",
    kind: "text",
    side: "any",
    description: "The ATT&CK technique: its id (sub-techniques included) or its name",
    example: "technique:T1110",
  },
  {
    name: "tactic",
    kind: "text",
    side: "any",
    description: "An ATT&CK tactic of the alarm",
    example: 'tactic:"Credential Access"',
  },
  {
    name: "sensor",
    kind: "text",
    side: "any",
    description: "The sensor that raised the alarm",
    example: "sensor:9b6a1c3e*",
    filter: "alarm_sensor_sources",
  },
  {
    name: "label",
    kind: "text",
    side: "any",
    description: "A label set on the alarm",
    example: "label:escalated",
  },
  {
    name: "owner",
    kind: "text",
    side: "any",
    description: "Who has the alarm: me, none, or a teammate's username or e-mail address",
    example: "owner:me",
  },
  {
    name: "acknowledged",
    kind: "enum",
    side: "any",
    description: "Whether someone on the team acknowledged the alarm",
    example: "acknowledged:false",
    values: ["true", "false"],
  },
  {
    name: "closed",
    kind: "enum",
    side: "any",
    description:
      "Whether the team closed the alarm (false: open for the team, whatever its status)",
    example: "closed:false",
    values: ["true", "false"],
  },
  {
    name: "verdict",
    kind: "enum",
    side: "any",
    description: "The verdict the team closed the alarm with",
    example: "verdict:false_positive",
    // The verdicts of lib/shared/triage/types.ts (a room this floor does not lean on; the
    // fields' test holds the two equal).
    values: ["true_positive", "false_positive", "benign", "duplicate"],
  },
  {
    name: "closed_by",
    kind: "text",
    side: "any",
    description: "Who closed the alarm: me, or a teammate's username or e-mail address",
    example: "closed_by:me",
  },
  {
    name: "closed_at",
    kind: "time",
    side: "any",
    description:
      "When the team closed the alarm, compared (> >= < <=) with a date or a time: UTC unless it says its offset",
    example: "closed_at >= 2026-11-29T00:00+01:00",
  },
  {
    name: "note",
    kind: "text",
    side: "any",
    description: "Text in a note of the alarm, in any case (free text searches notes too)",
    example: 'note:"INC-4711"',
  },
  {
    name: "has",
    kind: "enum",
    side: "any",
    description: "What the team has added to the alarm",
    example: "has:notes",
    values: ["notes"],
  },
  {
    name: "uuid",
    kind: "uuid",
    side: "any",
    description: "The alarm's id, or its first characters followed by *",
    example: "uuid:3f2a9c1e*",
  },
] as const satisfies readonly SearchFieldInfo[];

export type SearchFieldName = (typeof SEARCH_FIELDS)[number]["name"];

/** One field of the table, as code that reads any of them sees it. */
export type SearchField = SearchFieldInfo & { name: SearchFieldName };

/** Another name for a field (with the side it implies), or for free text (`field: null`). */
export interface SearchAlias {
  alias: string;
  field: SearchFieldName | null;
  side?: "src" | "dst";
}

export const SEARCH_ALIASES: readonly SearchAlias[] = [
  { alias: "alarm_sources", field: "src_ip" },
  { alias: "source_address", field: "src_ip" },
  { alias: "source.ip", field: "src_ip" },
  { alias: "alarm_destinations", field: "dst_ip" },
  { alias: "destination_address", field: "dst_ip" },
  { alias: "destination.ip", field: "dst_ip" },
  { alias: "source_name", field: "host", side: "src" },
  { alias: "source_hostname", field: "host", side: "src" },
  { alias: "source_fqdn", field: "host", side: "src" },
  { alias: "src_host", field: "host", side: "src" },
  { alias: "destination_name", field: "host", side: "dst" },
  { alias: "destination_hostname", field: "host", side: "dst" },
  { alias: "destination_fqdn", field: "host", side: "dst" },
  { alias: "dst_host", field: "host", side: "dst" },
  { alias: "hostname", field: "host" },
  { alias: "fqdn", field: "host" },
  { alias: "host.name", field: "host" },
  { alias: "source_username", field: "user", side: "src" },
  { alias: "src_user", field: "user", side: "src" },
  { alias: "destination_username", field: "user", side: "dst" },
  { alias: "dst_user", field: "user", side: "dst" },
  { alias: "username", field: "user" },
  { alias: "user.name", field: "user" },
  { alias: "priority_label", field: "priority" },
  { alias: "rule_strategy", field: "strategy" },
  { alias: "rule_method", field: "method" },
  { alias: "rule_intent", field: "intent" },
  { alias: "rule_attack_id", field: "technique" },
  { alias: "rule_attack_technique", field: "technique" },
  { alias: "rule_attack_tactic", field: "tactic" },
  { alias: "alarm_sensor_sources", field: "sensor" },
  { alias: "sensor_uuid", field: "sensor" },
  { alias: "alarm_labels", field: "label" },
  { alias: "event_name", field: null },
  { alias: "assignee", field: "owner" },
];

/** What a name in `q` means: a field (on a side), free text, or nothing we know (null). */
export type ResolvedField =
  { kind: "field"; field: SearchField; side: SearchSide } | { kind: "text" } | null;

const BY_NAME = new Map<string, SearchField>(SEARCH_FIELDS.map((field) => [field.name, field]));

export function resolveSearchField(name: string): ResolvedField {
  const key = name.toLowerCase();
  const own = BY_NAME.get(key);
  if (own) return { kind: "field", field: own, side: own.side };
  const alias = SEARCH_ALIASES.find((entry) => entry.alias === key);
  if (!alias) return null;
  if (alias.field === null) return { kind: "text" };
  const field = BY_NAME.get(alias.field);
  return field ? { kind: "field", field, side: alias.side ?? field.side } : null;
}

/**
 * The other names each of the list's URL filters is known by, as this table says them (`strategy=`
 * for `rule_strategy=`, lower-case): its field's name in `q` and that field's aliases, one
 * vocabulary for `q`, `group` and the filters. The URL contract reads them from its own copy
 * (lib/shared/alarms/filter-names.ts), held to this by the table's test.
 */
export const FILTER_NAMES_OF_FIELDS: ReadonlyMap<string, MultiKey> = new Map(
  (SEARCH_FIELDS as readonly SearchFieldInfo[]).flatMap((field) => {
    const { filter } = field;
    if (filter === undefined) return [];
    const aliases = SEARCH_ALIASES.filter((entry) => entry.field === field.name && !entry.side);
    return [field.name, ...aliases.map((entry) => entry.alias)]
      .filter((name) => name !== filter)
      .map((name) => [name, filter] as const);
  }),
);
