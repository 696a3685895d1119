// Groups of a list view (`group=strategy,src_ip`): which fields alarms may be grouped by, how the
// URL names them, what one group is, and the search that opens a group's rows (the list filtered
// by its values, so a group's count is exactly what its rows' list finds). Browser-safe, no zod.

import type { ParamProblem } from "./params";
import type { PriorityName } from "./priority";
import type { IndexSource } from "./types";
import type { SearchFieldName } from "@/lib/shared/search/fields";
import { GROUP_NAMES } from "./group-names";
import { quoteSearchValue } from "@/lib/shared/search/quote";

export const GROUP_KEY = "group";

/** At most this many fields: a group within a group within a group. */
export const MAX_GROUP_FIELDS = 3;

/**
 * The fields, by the search language's names (a group's rows are found by them), in the order
 * the "Group by" menu offers them; `group` takes every other name the language knows each by
 * (groupFieldOf).
 */
export const GROUP_FIELDS = [
  "strategy",
  "method",
  "intent",
  "technique",
  "priority",
  "status",
  "sensor",
  "src_ip",
  "dst_ip",
  "user",
  "host",
  "deployment",
] as const satisfies readonly (SearchFieldName | "deployment")[];
export type GroupField = (typeof GROUP_FIELDS)[number];

export const GROUP_FIELD_TITLE: Record<GroupField, string> = {
  strategy: "Rule strategy",
  method: "Rule method",
  intent: "Rule intent",
  technique: "ATT&CK technique",
  priority: "Priority",
  status: "USM status",
  sensor: "Sensor",
  src_ip: "Source address",
  dst_ip: "Destination address",
  user: "User",
  host: "Host",
  deployment: "Deployment",
};

/**
 * Fields an alarm may hold several values of (three source addresses, a user on each side): it
 * counts once in each of its groups, so the groups' counts add up to more than the alarms.
 */
export const MULTI_VALUED: ReadonlySet<GroupField> = new Set<GroupField>([
  "src_ip",
  "dst_ip",
  "user",
  "host",
]);

/** "Group by rule", the one-click start: the rule's strategy, then its method. */
export const GROUP_BY_RULE: readonly GroupField[] = ["strategy", "method"];

export type GroupParse = { ok: true; value: GroupField[] } | { ok: false; message: string };

export const GROUP_SORT_KEY = "group_sort";

/**
 * How groups are ordered, each its natural way: most alarms, highest priority, newest last
 * occurrence, oldest first occurrence (what has been going on longest), or by value A to Z.
 */
const GROUP_SORTS = ["count", "priority", "last", "first", "value"] as const;
export type GroupSort = (typeof GROUP_SORTS)[number];
export const DEFAULT_GROUP_SORT: GroupSort = "count";

type GroupSortParse = { ok: true; value: GroupSort } | { ok: false; message: string };

/** Reads `group_sort` (any case). */
function parseGroupSort(raw: string): GroupSortParse {
  const value = raw.trim().toLowerCase();
  return (GROUP_SORTS as readonly string[]).includes(value)
    ? { ok: true, value: value as GroupSort }
    : { ok: false, message: `${GROUP_SORT_KEY} must be one of ${GROUP_SORTS.join(", ")}` };
}

const isGroupField = (name: string): name is GroupField =>
  (GROUP_FIELDS as readonly string[]).includes(name);

/**
 * The group field `name` means, by the search language's table (lib/shared/search/fields.ts):
 * its own name or any alias `q` takes for it (the USM's `rule_strategy`, `source_address`, ...),
 * so one vocabulary names fields in `q`, `group` and the filters. Not one: unknown, or one side
 * of a field whose groups hold both (`src_host`).
 */
function groupFieldOf(
  name: string,
): { ok: true; value: GroupField } | { ok: false; message: string } {
  const key = name.trim().toLowerCase();
  if (key === "deployment") return { ok: true, value: key };
  const [field = "", oneSide = false] = GROUP_NAMES.get(key) ?? [];
  if (isGroupField(field)) {
    if (!oneSide) return { ok: true, value: field };
    const message = `'${key}' is ${field} on one side only: group by ${field} (either side)`;
    return { ok: false, message };
  }
  const known = `fields among ${GROUP_FIELDS.join(", ")} (or their names in a search)`;
  return { ok: false, message: `${GROUP_KEY} takes ${known}; '${key}' is not one` };
}

/** Reads `group`: one to three known fields, comma-separated, each once (any case, any alias). */
export function parseGroupParam(raw: string): GroupParse {
  const names = raw.split(",");
  if (names.length > MAX_GROUP_FIELDS) {
    return { ok: false, message: `${GROUP_KEY} takes at most ${MAX_GROUP_FIELDS} fields` };
  }
  const fields: GroupField[] = [];
  for (const name of names) {
    const field = groupFieldOf(name);
    if (!field.ok) return field;
    if (fields.includes(field.value)) {
      return { ok: false, message: `${GROUP_KEY} names '${field.value}' twice` };
    }
    fields.push(field.value);
  }
  return { ok: true, value: fields };
}

/**
 * A URL's grouping, for every reader of one (the list, the list of every deployment, the groups API): `group`
 * given once and checked, and with it `group_sort` ("count", the default, reads as none). What
 * is wrong is added to `problems`, named by its parameter; `params`' names are lower-case.
 */
export function readGrouping(
  params: URLSearchParams,
  problems: ParamProblem[],
): { group?: GroupField[]; groupSort?: GroupSort } {
  const group = readOnce(params, GROUP_KEY, parseGroupParam, problems);
  if (!group) return {};
  const groupSort = readOnce(params, GROUP_SORT_KEY, parseGroupSort, problems);
  return { group, ...(groupSort && groupSort !== "count" ? { groupSort } : {}) };
}

/** A parameter given at most once (blank is not given), read by `parse`. */
function readOnce<T>(
  params: URLSearchParams,
  key: string,
  parse: (raw: string) => { ok: true; value: T } | { ok: false; message: string },
  problems: ParamProblem[],
): T | undefined {
  const given = params.getAll(key).filter((value) => value.trim() !== "");
  if (given.length > 1) {
    problems.push({ param: key, message: `${key} may be given only once` });
    return undefined;
  }
  if (given[0] === undefined) return undefined;
  const parsed = parse(given[0]);
  if (parsed.ok) return parsed.value;
  problems.push({ param: key, message: parsed.message });
  return undefined;
}

/** Split of a group's alarms by their status (null: the upstream gave none). */
export interface GroupStatuses {
  open: number;
  in_review: number;
  closed: number;
  none: number;
}

export interface AlarmGroup {
  /**
   * The group's value of each field, as the search compares it (lower-case names, canonical
   * addresses); null: the alarms without one.
   */
  values: (string | null)[];
  /** The same values as shown (the rule's own case, a technique with its name, a deployment's name). */
  labels: (string | null)[];
  /** Alarms in the group. */
  count: number;
  /** The highest priority among them (0 to 100), and the highest label of the priority model. */
  priority: number;
  priorityLabel: PriorityName | null;
  /** Their first and last occurrence, epoch ms (null: none had a time). */
  first: number | null;
  last: number | null;
  statuses: GroupStatuses;
}

/** GET /api/d/{key}/alarms/groups: one page of a view's groups, most alarms first unless sorted. */
export interface AlarmGroupsPage {
  fields: GroupField[];
  sort: GroupSort;
  groups: AlarmGroup[];
  page: { number: number; size: number; totalElements: number; totalPages: number };
  /** The alarms of the view, each once (the groups may add up to more: MULTI_VALUED). */
  alarms: number;
  occurred: { gte: number | null; lte: number | null };
  readAt: number;
  source: IndexSource;
}

/**
 * The search term that finds exactly a group's alarms by one field's value (as the groups
 * compare it), a null value finding the alarms without one. Null when no term can: a blank or
 * padded value, which the search trims. Deployment is no term: a deployment's group opens that
 * deployment's list.
 */
export function groupTerm(
  field: Exclude<GroupField, "deployment">,
  value: string | null,
): string | null {
  // The alarms without an ATT&CK id include some with a technique's name, which technique:*
  // finds: no search says "no id".
  if (value === null) return field === "technique" ? null : `NOT ${field}:*`;
  if (value === "" || value.trim() !== value) return null;
  const term = `${field}:${quoteSearchValue(value)}`;
  // technique:T1110 finds its sub-techniques too; the group T1110 holds the alarms of T1110 alone.
  if (field === "technique" && /^t[0-9]{4}$/i.test(value)) {
    return `${term} NOT ${field}:${value}.*`;
  }
  return term;
}

/** `q` narrowed by more terms (kept whole in parentheses when it has an OR of its own). */
export function narrowSearch(q: string | undefined, terms: readonly string[]): string | undefined {
  const parts = terms.filter((term) => term !== "");
  if (parts.length === 0) return q;
  let base = q?.trim() ? (/\bor\b|\|\|/i.test(q) ? `(${q.trim()})` : q.trim()) : null;
  // A last backslash, taken as it is at the end, would escape the space before the terms.
  if (base && /(^|[^\\])(\\\\)*\\$/.test(base)) base = `${base}\\`;
  return [...(base ? [base] : []), ...parts].join(" ");
}
